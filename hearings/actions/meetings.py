"""A Board meeting put on the calendar, and its notice posted under the Open Meeting Law
(c.30A §20), first or amended.
"""

from __future__ import annotations

from datetime import date, datetime, time

from django.db import transaction
from django.utils import timezone

from hearings.actions._common import refuse_if
from hearings.meeting_notice import notice_items, notice_text
from hearings.models import Meeting, MeetingPosting
from hearings.open_meeting import posting_time_refusals
from stoneham_boh.lib.dates import clock_time, long_date
from stoneham_boh.lib.history import save_as


@transaction.atomic
def schedule_meeting(
    *,
    on: date,
    at: time,
    place: str,
    by,
    notes: str = "",
    emergency: str = "",
    today: date | None = None,
) -> Meeting:
    """Put a Board meeting on the calendar, at which hearings can be docketed. An emergency
    meeting states its emergency now (c.30A §18); a meeting is never made one afterwards."""
    today = today or timezone.localdate()
    reasons = []
    if emergency and len(emergency.strip()) < 20:
        reasons.append(
            "State the emergency: the sudden, generally unexpected occurrence that demands the "
            "Board's immediate action (M.G.L. c.30A §18)."
        )
    if on < today:
        reasons.append("A meeting cannot be scheduled on a day that has passed.")
    if not place.strip():
        reasons.append("Say where the Board meets.")
    if Meeting.objects.filter(date=on, time=at, cancelled=False).exists():
        reasons.append(f"The Board already meets on {long_date(on)} at that time.")
    refuse_if(reasons, "The meeting cannot be scheduled.")
    meeting = Meeting(
        date=on, time=at, place=place.strip(), notes=notes, emergency=emergency.strip()
    )
    return save_as(meeting, by)


@transaction.atomic
def record_meeting_posting(
    *,
    meeting: Meeting,
    posted_at: datetime,
    by,
    remote_access: str = "",
    reason: str = "",
    now: datetime | None = None,
) -> MeetingPosting:
    """The Town Clerk posted the meeting's notice (the first time, or amended) at `posted_at`:
    the notice drafted from the docket as it is now is kept as posted, with what it lists."""
    now = now or timezone.now()
    meeting = Meeting.objects.select_for_update().get(pk=meeting.pk)
    if timezone.is_naive(posted_at):
        posted_at = timezone.make_aware(posted_at)
    earlier = list(meeting.postings.order_by("posted_at", "id"))
    reasons = []
    if meeting.cancelled:
        reasons.append("The meeting is cancelled.")
    if posted_at > now:
        reasons.append("The posting time cannot be in the future.")
    if posted_at >= timezone.make_aware(meeting.starts_at):
        reasons.append("A notice posted at or after the meeting's start gives no notice of it.")
    if earlier and not reason.strip():
        reasons.append(
            "The notice was posted already: say why it is amended (what was added or changed)."
        )
    if earlier and posted_at < earlier[-1].posted_at:
        amended = timezone.localtime(earlier[-1].posted_at)
        reasons.append(
            "An amendment is posted after the notice it amends "
            f"({long_date(amended)} {clock_time(amended)})."
        )
    # A notice with nothing on the docket still lists the minutes awaiting approval and
    # whatever else the Board votes there (every vote is at a meeting noticed in time).
    items = notice_items(meeting)
    # The time typed cannot precede the records the notice speaks of (issue 38, L3).
    reasons += posting_time_refusals(meeting, posted_at, items)
    refuse_if(reasons, "The posting cannot be recorded.")
    posting = MeetingPosting(
        meeting=meeting,
        posted_at=posted_at,
        text=notice_text(meeting, items, remote_access),
        remote_access=remote_access.strip(),
        item_ids=[item.pk for item in items],
        reason=reason.strip() if earlier else "",
        recorded_by=by,
    )
    return save_as(posting, by)
