"""Every e-mail the system sends, from templates in templates/permits/email/, text and HTML.

Each message is recorded as a `Notification` under a key naming its event; the key is unique,
so the same event never sends twice (a second run of the daily reminder command, a hook fired
again). The backend comes from settings: the console in development, SMTP in production.

Hooks for other actions (`notify_permit_issued`, hearings' `notify_hearing_scheduled`) send after
the caller's transaction commits, and a failing mail server is logged, never turned into an
error page for the clerk whose action already succeeded.
"""

from __future__ import annotations

import logging
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import date

from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.db import IntegrityError, transaction
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone

from permits.models import Application, FeeSchedule, Permit, permit_expiry
from permits.portal.models import Notification
from permits.renewals import renewal_window_opens
from stoneham_boh.lib.site import site_url
from stoneham_boh.town.current import town_context

log = logging.getLogger(__name__)

Kind = Notification.Kind


def absolute_url(url_name: str, *args) -> str:
    return site_url() + reverse(url_name, args=args)


def address_of(applicant) -> str:
    """Where to write to an applicant: the address on file, else their account's."""
    if applicant.email.strip():
        return applicant.email.strip()
    user = applicant.user
    return user.email.strip() if user is not None else ""


def has_account(applicant) -> bool:
    user = applicant.user
    return user is not None and user.is_active and user.has_usable_password()


def send(
    kind: str,
    *,
    key: str,
    to: str,
    context: dict,
    applicant=None,
    application=None,
    permit=None,
) -> Notification | None:
    """Send the e-mail `kind` once for `key`; None when it was sent before or has no address.

    The record is written in the same transaction as the send: if the mail server refuses, the
    record rolls back and a later attempt sends it. On PostgreSQL the unique key also makes a
    second, simultaneous sender wait and then skip.
    """
    if not to or Notification.objects.filter(key=key).exists():
        return None
    context = {**town_context(), "SITE_URL": site_url(), **context}
    subject = " ".join(render_to_string(f"permits/email/{kind}_subject.txt", context).split())
    text = render_to_string(f"permits/email/{kind}.txt", context)
    html = render_to_string(f"permits/email/{kind}.html", context)
    with transaction.atomic():
        try:
            with transaction.atomic():
                record = Notification.objects.create(
                    kind=kind,
                    key=key,
                    recipient=to,
                    subject=subject[:200],
                    applicant=applicant,
                    application=application,
                    permit=permit,
                )
        except IntegrityError:
            return None
        message = EmailMultiAlternatives(subject, text, settings.DEFAULT_FROM_EMAIL, [to])
        message.attach_alternative(html, "text/html")
        message.send()
    return record


_suppressed: ContextVar[bool] = ContextVar("notifications_suppressed", default=False)


@contextmanager
def suppressed():
    """No e-mail for what happens inside: the demo loader builds years of records at once,
    and the people in it must not be written to."""
    token = _suppressed.set(True)
    try:
        yield
    finally:
        _suppressed.reset(token)


def send_after_commit(send, pk: int, *more) -> None:
    """Run `send(pk, *more)` once the caller's transaction commits; a failure is logged, not
    raised.

    The record is read again then, so the e-mail says what was committed.
    """
    if _suppressed.get():
        return

    def deliver():
        send(pk, *more)

    # Django's log line for a failed callback names it by its qualified name.
    deliver.__qualname__ = f"{send.__name__}({pk})"
    transaction.on_commit(deliver, robust=True)


# --- invitation ------------------------------------------------------------------------------


def send_invitation(invitation, *, token: str) -> Notification | None:
    """The link to set a password; called by the invite action, inside its transaction."""
    applicant = invitation.applicant
    return send(
        Kind.INVITATION,
        key=f"invitation:{invitation.pk}",
        to=invitation.email,
        applicant=applicant,
        context={
            "applicant": applicant,
            "username": invitation.user.username,
            "link": absolute_url("permits:accept-invitation", token),
            "expires_at": invitation.expires_at,
        },
    )


# --- permit issued ---------------------------------------------------------------------------


def notify_permit_issued(permit: Permit) -> None:
    """Hook for the issue action: tell the holder once the permit is committed."""
    send_after_commit(send_permit_issued, permit.pk)


def send_permit_issued(permit_pk: int) -> Notification | None:
    permit = (
        Permit.objects.select_related("holder__user", "lot", "application")
        .prefetch_related("animals")
        .get(pk=permit_pk)
    )
    holder = permit.holder
    return send(
        Kind.PERMIT_ISSUED,
        key=f"permit_issued:{permit.pk}",
        to=address_of(holder),
        applicant=holder,
        application=permit.application,
        permit=permit,
        context={
            "permit": permit,
            "applicant": holder,
            "animals": list(permit.animals.all()),
            "portal_link": absolute_url("permits:my-applications") if has_account(holder) else "",
        },
    )


# --- renewal reminders -----------------------------------------------------------------------


def reminder_season(today: date) -> bool:
    """Reminders go out from the renewal window's opening (November 1) to December 31, when
    this year's permits expire."""
    return today >= renewal_window_opens(today.year)


def permits_due_a_reminder(today: date):
    """Active permits expiring this December 31 whose holder has not been reminded or acted."""
    return (
        Permit.objects.filter(status=Permit.Status.ACTIVE, expires_on=permit_expiry(today.year))
        .exclude(notifications__kind=Kind.RENEWAL_REMINDER)
        .exclude(renewal_requests__isnull=False)
        .exclude(
            renewal_applications__status__in=(
                *Application.OPEN_STATUSES,
                Application.Status.ISSUED,
            )
        )
        .select_related("holder__user", "lot")
        .prefetch_related("animals")
        .order_by("number")
    )


def send_renewal_reminder(permit: Permit, *, today: date | None = None) -> Notification | None:
    today = today or timezone.localdate()
    holder = permit.holder
    schedule = FeeSchedule.in_force_on(today)
    return send(
        Kind.RENEWAL_REMINDER,
        key=f"renewal_reminder:{permit.pk}",
        to=address_of(holder),
        applicant=holder,
        permit=permit,
        context={
            "permit": permit,
            "applicant": holder,
            "animals": list(permit.animals.all()),
            "fee": schedule.renewal_fee if schedule else None,
            "renewal_link": absolute_url("permits:my-renewal", permit.pk)
            if has_account(holder)
            else "",
        },
    )
