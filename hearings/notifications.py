"""The e-mail telling an applicant their hearing's date (sent through permits' e-mail service)."""

from __future__ import annotations

from hearings.models import DocketItem
from permits import rules
from permits.portal.models import Notification
from permits.portal.notifications import (
    absolute_url,
    address_of,
    has_account,
    send,
    send_after_commit,
)


def notify_hearing_scheduled(docket_item) -> None:
    """Hook for the scheduling action: tell the applicant the date once it is committed.

    Each docket item is told once; an item continued to a later meeting is a new docket item,
    so the applicant hears of the new date too.
    """
    send_after_commit(send_hearing_scheduled, docket_item.pk)


def relief_sought(docket_item) -> list[dict]:
    """The rules a variance request asks the Board to vary, with citations and titles."""
    ruleset = rules.ruleset_in_force(docket_item.meeting.date)
    return [
        {"citation": ruleset.rules[rule].citation, "title": ruleset.rules[rule].title}
        for rule in docket_item.relief_sought or []
        if rule in ruleset.rules
    ]


def send_hearing_scheduled(docket_item_pk: int) -> Notification | None:
    item = DocketItem.objects.select_related(
        "meeting", "application__applicant__user", "application__lot"
    ).get(pk=docket_item_pk)
    application = item.application
    applicant = application.applicant
    return send(
        Notification.Kind.HEARING_SCHEDULED,
        key=f"hearing_scheduled:{item.pk}",
        to=address_of(applicant),
        applicant=applicant,
        application=application,
        context={
            "item": item,
            "meeting": item.meeting,
            "application": application,
            "applicant": applicant,
            "relief": relief_sought(item),
            "notice_by": item.meeting.last_notice_day,
            "portal_link": absolute_url("permits:my-application", application.pk)
            if has_account(applicant)
            else "",
        },
    )
