"""The e-mails of an online application: sent, more information asked, received, withdrawn.

Sent through the portal's one sender (permits.portal.notifications.send) once the action's
transaction commits, each once: the key names the history row of the change it reports.
"""

from __future__ import annotations

from permits.eligibility import fee_due
from permits.models import Application
from permits.portal.models import Notification
from permits.portal.notifications import absolute_url, address_of, send, send_after_commit

SUBMITTED = Notification.Kind.ONLINE_SUBMITTED
INFORMATION_REQUESTED = Notification.Kind.INFORMATION_REQUESTED
RECEIVED = Notification.Kind.ONLINE_RECEIVED
WITHDRAWN = Notification.Kind.ONLINE_WITHDRAWN


def notify(kind: str, application: Application) -> None:
    """After commit, tell the applicant of the change just saved; a failure is logged."""
    version = application.history.latest().history_id
    send_after_commit(send_online, application.pk, kind, version)


def send_online(application_pk: int, kind: str, version: int):
    application = Application.objects.select_related("applicant__user", "lot").get(
        pk=application_pk
    )
    applicant = application.applicant
    return send(
        kind,
        key=f"{kind}:{application.pk}:{version}",
        to=address_of(applicant),
        applicant=applicant,
        application=application,
        context={
            "application": application,
            "applicant": applicant,
            "request": application.information_requests.first(),
            "fee": fee_due(application),
            "link": absolute_url("permits:my-application", application.pk),
        },
    )
