"""The legal notice of a meeting's hearings: drafted from the docket, edited, sent to the
newspaper, published (§20-20(9)), and what the newspaper charged for it.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal, InvalidOperation

from django.db import transaction
from django.utils import timezone

from hearings.actions._common import refuse_if
from hearings.models import DocketItem, LegalNotice, Meeting, NoticeCharge
from hearings.notice_content import legal_notice_content
from hearings.notice_text import legal_notice_text
from stoneham_boh.lib.dates import long_date
from stoneham_boh.lib.errors import ActionRefused
from stoneham_boh.lib.history import save_as


def _scheduled_items(meeting: Meeting):
    return (
        meeting.items.filter(
            status=DocketItem.Status.SCHEDULED, kind__in=DocketItem.PUBLIC_HEARING_KINDS
        )
        .select_related("application__applicant", "application__lot")
        .prefetch_related("application__animals")
        .order_by("position", "id")
    )


def _unsent_notice(meeting: Meeting) -> LegalNotice | None:
    notice = LegalNotice.objects.select_for_update().filter(meeting=meeting).first()
    if notice is not None and notice.sent_on is not None:
        raise ActionRefused(
            f"The legal notice went to {notice.newspaper} on {long_date(notice.sent_on)}; what was "
            "sent is the record and is no longer edited."
        )
    return notice


@transaction.atomic
def draft_legal_notice(*, meeting: Meeting, by) -> LegalNotice:
    """Write (or rewrite) the legal notice from the meeting's docket, before it is sent."""
    notice = _unsent_notice(meeting)
    items = list(_scheduled_items(meeting))
    if not items:
        raise ActionRefused("The docket of this meeting is empty: there is nothing to notice.")
    notice = notice or LegalNotice(meeting=meeting)
    content = legal_notice_content("", items, timezone.localdate())
    notice.text = legal_notice_text(meeting, content)
    _describe(notice, items, timezone.localdate())
    return save_as(notice, by)


def _describe(notice: LegalNotice, items, on: date) -> None:
    """Keep what the notice says of each item, as facts on `on`, and what its text fails to
    name (§20-20(9)): an item it drops or understates is not noticed by it."""
    notice.content = legal_notice_content(notice.text, items, on)


@transaction.atomic
def edit_legal_notice(*, meeting: Meeting, text: str, newspaper: str, by) -> LegalNotice:
    notice = _unsent_notice(meeting)
    reasons = []
    if not text.strip():
        reasons.append("The notice has no text.")
    if not newspaper.strip():
        reasons.append("Name the local newspaper of general circulation (§20-20(9)).")
    refuse_if(reasons, "The legal notice cannot be saved.")
    notice = notice or LegalNotice(meeting=meeting)
    notice.text = text.strip()
    notice.newspaper = newspaper.strip()
    _describe(notice, _scheduled_items(meeting), timezone.localdate())
    return save_as(notice, by)


@transaction.atomic
def send_legal_notice(
    *, meeting: Meeting, sent_on: date, by, today: date | None = None, emailed_to: str = ""
) -> LegalNotice:
    """Record that the notice went to the newspaper (by e-mail to `emailed_to`, or by hand);
    from now on its text stays as sent."""
    today = today or timezone.localdate()
    notice = _unsent_notice(meeting)
    reasons = []
    if notice is None:
        reasons.append("Draft the legal notice first.")
    if sent_on > today:
        reasons.append("The day it was sent cannot be in the future.")
    if sent_on > meeting.date:
        reasons.append("A notice sent after the hearing gives no notice of it.")
    drafted = notice.drafted_on if notice is not None else None
    if drafted is not None and sent_on < drafted:
        reasons.append(
            f"The notice was drafted on {long_date(drafted)}: it cannot have gone to the "
            "newspaper before."
        )
    refuse_if(reasons, "The legal notice cannot be marked as sent.")
    notice.sent_on = sent_on
    notice.emailed_to = emailed_to
    # What went to the newspaper is what the public read: its content as of that day.
    _describe(notice, _scheduled_items(meeting), sent_on)
    return save_as(notice, by)


@transaction.atomic
def record_publication(
    *,
    meeting: Meeting,
    published_on: date,
    by,
    newspaper: str | None = None,
    today: date | None = None,
) -> LegalNotice:
    """Record the day the newspaper printed the notice (§20-20(9)): what the rules read."""
    today = today or timezone.localdate()
    notice = LegalNotice.objects.select_for_update().filter(meeting=meeting).first()
    reasons = []
    if notice is None or notice.sent_on is None:
        reasons.append("Mark the legal notice as sent to the newspaper first.")
    elif published_on < notice.sent_on:
        reasons.append(
            f"It cannot have been published before it was sent ({long_date(notice.sent_on)})."
        )
    elif notice.drafted_on is not None and published_on < notice.drafted_on:
        reasons.append(
            f"The notice was drafted on {long_date(notice.drafted_on)}: it cannot have been "
            "published before."
        )
    if published_on > today:
        reasons.append("The publication date cannot be in the future.")
    if published_on > meeting.date:
        reasons.append("A notice published after the hearing gives no notice of it.")
    if meeting.items.filter(status=DocketItem.Status.DECIDED).exists():
        reasons.append("The Board has decided items of this meeting; its notice is on record.")
    if newspaper is not None and not newspaper.strip():
        reasons.append("Name the newspaper that printed it.")
    refuse_if(reasons, "The publication cannot be recorded.")
    notice.published_on = published_on
    if newspaper is not None:
        notice.newspaper = newspaper.strip()
    return save_as(notice, by)


@transaction.atomic
def record_newspaper_charge(*, item: DocketItem, amount, by) -> NoticeCharge:
    """The newspaper's charge for this hearing's legal notice, as its bill says: it goes on
    the applicant's notice statement (§20-20(9))."""
    reasons = []
    try:
        amount = Decimal(str(amount)).quantize(Decimal("0.01"))
    except (InvalidOperation, ValueError):
        amount = None
    if amount is None or not amount.is_finite() or amount < 0 or amount >= Decimal("1000000"):
        reasons.append("Enter the newspaper's charge in dollars and cents, e.g. 84.50.")
    if not item.is_public_hearing:
        reasons.append("Only a public hearing has a legal notice in the newspaper.")
    refuse_if(reasons, "The newspaper's charge cannot be recorded.")
    charge = NoticeCharge.objects.filter(docket_item=item).first() or NoticeCharge(docket_item=item)
    charge.newspaper_charge = amount
    return save_as(charge, by)
