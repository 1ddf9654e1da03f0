"""The legal notice e-mailed to the newspaper: its text in the message and as a PDF attached,
to the legal-advertising address on the town's settings page (Town.newspaper_email); recorded
as sent that day, to that address, through the same action as a notice sent by hand."""

from __future__ import annotations

from datetime import date

from django.core.mail import EmailMessage
from django.db import transaction
from django.utils import timezone

from hearings import actions, clocks
from hearings.models import LegalNotice, Meeting
from hearings.printing import legal_notice_pdf
from stoneham_boh.lib.dates import weekday_date
from stoneham_boh.lib.errors import ActionRefused
from stoneham_boh.town.current import current_town


def newspaper_address() -> str:
    return current_town().newspaper_email


def _message(notice: LegalNotice, to: str) -> EmailMessage:
    meeting = notice.meeting
    board = current_town().board
    issue = clocks.newspaper_notice_deadline(meeting.date).when
    body = (
        f"Please publish the legal notice below, also attached as a PDF, in the issue of "
        f"{weekday_date(issue)}, and send the proof of publication and the bill to the "
        f"{board['name']}, {board['address']}.\n\n"
        f"{notice.text}\n\n"
        f"{board['name']} · {board['phone']} · {board['email']}\n"
    )
    message = EmailMessage(
        subject=f"Legal notice for the issue of {weekday_date(issue)}: {board['name']}",
        body=body,
        to=[to],
        reply_to=[board["email"]],
    )
    message.attach(
        f"legal-notice-{meeting.date:%Y-%m-%d}.pdf", legal_notice_pdf(notice), "application/pdf"
    )
    return message


@transaction.atomic
def email_legal_notice(*, meeting: Meeting, by, today: date | None = None) -> LegalNotice:
    """Send the notice to the newspaper's address and record it as sent today. A message that
    cannot be sent records nothing: the clerk sees why and the draft stays editable."""
    to = newspaper_address()
    if not to:
        raise ActionRefused(
            "No e-mail address of the newspaper is set (the town's settings page): send the notice "
            "another way and mark it as sent."
        )
    today = today or timezone.localdate()
    notice = actions.send_legal_notice(
        meeting=meeting, sent_on=today, by=by, today=today, emailed_to=to
    )
    try:
        _message(notice, to).send()
    except OSError as error:  # SMTP and socket errors: the mail server refused or is away
        raise ActionRefused(
            f"The e-mail to {to} could not be sent ({error}); nothing was recorded. Try again, "
            "or send the notice another way and mark it as sent."
        ) from error
    return notice
