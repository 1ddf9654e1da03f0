"""The Open Meeting Law kept, not only recorded (M.G.L. c.30A §§18, 20, 23(c); issue 33, 5, 10).

The Board acts only at a meeting: a vote is taken on the day the Board met, at a meeting
whose notice the Town Clerk posted at least 48 hours before it (Saturdays, Sundays and legal
holidays not counted: hearings.clocks.oml_posting_deadline), on a topic that notice listed,
or an amended notice posted in time listed. A vote taken otherwise is one a court may
invalidate (§23(c)); the product refuses to record it.

A posting's time is typed by the clerk, so it is held to what the record can show (issue 38,
L3): the notice is drafted from the docket, so it cannot have been posted before the meeting
was put on the calendar or before any item it lists was put on the docket; and the page
shows, beside the typed time, when the posting was recorded.

Every vote, not only a decision: the approval of minutes, an amendment of the regulation's
figures and the settlement of a dispute are voted at a meeting noticed in time too
(`motion_refusals`). An emergency meeting (c.30A §18) is noticed as soon as reasonably
possible and takes up only the emergency's matters (`EMERGENCY_MATTERS`).
"""

from __future__ import annotations

from datetime import datetime

from django.utils import timezone

from hearings import clocks
from hearings.models import DocketItem, Meeting, MeetingPosting
from stoneham_boh.lib import law
from stoneham_boh.lib.dates import day_at, long_date


def _local(moment: datetime) -> datetime:
    """A stored moment as the Town's wall-clock time, to compare with the clocks."""
    if timezone.is_aware(moment):
        moment = timezone.localtime(moment)
    return moment.replace(tzinfo=None)


def _when(moment: datetime) -> str:
    local = _local(moment)
    return f"{long_date(local.date())} at {local:%H:%M}"


def first_recorded(record) -> datetime | None:
    """The moment `record` was first recorded (its first history row)."""
    first = record.history.order_by("history_date").values_list("history_date", flat=True)[:1]
    return first[0] if first else None


def first_listing(postings, item_pk: int) -> MeetingPosting | None:
    """The earliest posting (first or amended) whose notice lists the item."""
    listing = [p for p in postings if item_pk in (p.item_ids or [])]
    return min(listing, key=lambda p: (p.posted_at, p.pk)) if listing else None


# What an emergency meeting may take up (c.30A §18): the Board's acts that protect the public
# from a keeping at once. An application, a variance or an approval can always wait for a
# meeting noticed 48 hours ahead; so can minutes, amendments and settlements of disputes.
EMERGENCY_MATTERS = (DocketItem.Kind.REVOCATION, DocketItem.Kind.VARIANCE_RESCISSION)
EMERGENCY_CITATION = "M.G.L. c.30A §§18, 20(b); 940 CMR 29.03(2)"


def emergency_refusals(meeting: Meeting, what: str) -> list[str]:
    """Why `what` cannot be taken up at `meeting` because it is an emergency meeting."""
    if not meeting.is_emergency:
        return []
    return [
        f"The {meeting} was called for an emergency ({meeting.emergency.strip()}) and takes up "
        f"only that: {what} waits for a meeting noticed 48 hours ahead ({EMERGENCY_CITATION})."
    ]


def late_posting_refusal(posted_at: datetime, deadline: datetime, what: str) -> str:
    return (
        f"The notice {what} was posted {_when(posted_at)}, less than 48 hours (not counting "
        f"Saturdays, Sundays and legal holidays) before the meeting; the last time to post it "
        f"was {day_at(deadline)}: the Board can only take it up at a later meeting "
        f"noticed in time ({law.OML_POSTING_CITATION})."
    )


def motion_refusals(meeting: Meeting, what: str) -> list[str]:
    """Why the Board cannot vote `what` (the approval of minutes, an amendment of its
    figures, the settlement of a dispute) at `meeting`: every vote of the Board is taken at
    a meeting noticed in time (c.30A §20(b)), and an emergency meeting takes up only the
    emergency. Empty when the meeting was noticed in time."""
    reasons = emergency_refusals(meeting, what)
    if reasons:
        return reasons
    first = meeting.postings.order_by("posted_at", "id").first()
    if first is None:
        return [
            "That meeting's notice was never posted with the Town Clerk: the Board cannot vote "
            f"at a meeting not noticed ({law.OML_POSTING_CITATION})."
        ]
    deadline = clocks.oml_posting_deadline(meeting.starts_at).when
    if _local(first.posted_at) > deadline:
        return [late_posting_refusal(first.posted_at, deadline, "of that meeting")]
    return []


def vote_refusals(item: DocketItem, decided_on) -> list[str]:
    """Why the Board cannot vote on `item` with a decision dated `decided_on`; empty when the
    meeting was lawfully noticed for it and the vote is dated the day the Board met.

    At an emergency meeting the notice is posted as soon as reasonably possible before it
    (any time before it starts: hearings.actions.meetings), for the emergency's matters only."""
    meeting = item.meeting
    reasons = []
    if decided_on != meeting.date:
        reasons.append(
            f"The Board votes at its meeting: the decision is dated the day the Board met, "
            f"{long_date(meeting.date)} (M.G.L. c.30A §§18, 20)."
        )
    emergency = meeting.is_emergency and item.kind in EMERGENCY_MATTERS
    if meeting.is_emergency and not emergency:
        reasons += emergency_refusals(meeting, f"a {item.get_kind_display().lower()}")
    postings = list(meeting.postings.all())
    deadline = clocks.oml_posting_deadline(meeting.starts_at).when
    listing = first_listing(postings, item.pk)
    if not postings:
        reasons.append(
            "The meeting's notice was never posted with the Town Clerk: the Board cannot act "
            f"at a meeting not noticed ({law.OML_POSTING_CITATION})."
        )
    elif listing is None:
        reasons.append(
            "The item is on no notice of the meeting the Town Clerk posted (nor on an amended "
            f"one): post an amended notice in time, or take it up at a later meeting "
            f"({law.OML_POSTING_CITATION})."
        )
    elif _local(listing.posted_at) > deadline and not emergency:
        reasons.append(late_posting_refusal(listing.posted_at, deadline, "listing the item"))
    return reasons


def posting_time_refusals(meeting: Meeting, posted_at: datetime, items) -> list[str]:
    """Why a notice drafted from the docket cannot have been posted at `posted_at`: before
    the meeting was put on the calendar, or before an item it lists was put on the docket."""
    reasons = []
    scheduled = first_recorded(meeting)
    if scheduled is not None and posted_at < scheduled:
        reasons.append(
            f"The meeting was put on the calendar {_when(scheduled)}: its notice cannot have "
            "been posted before that."
        )
        return reasons
    late = [(item, first_recorded(item)) for item in items]
    late = [(item, when) for item, when in late if when is not None and posted_at < when]
    if late:
        latest = max(when for _, when in late)
        reasons.append(
            f"{len(late)} of the items the notice lists were put on the docket after that time "
            f"(the last {_when(latest)}): a notice cannot list what was not yet on the docket."
        )
    return reasons
