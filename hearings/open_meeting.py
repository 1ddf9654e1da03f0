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
"""

from __future__ import annotations

from datetime import datetime

from django.utils import timezone

from hearings import clocks
from hearings.models import DocketItem, Meeting, MeetingPosting
from stoneham_boh.lib import law
from stoneham_boh.lib.dates import long_date


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


def vote_refusals(item: DocketItem, decided_on) -> list[str]:
    """Why the Board cannot vote on `item` with a decision dated `decided_on`; empty when the
    meeting was lawfully noticed for it and the vote is dated the day the Board met."""
    meeting = item.meeting
    reasons = []
    if decided_on != meeting.date:
        reasons.append(
            f"The Board votes at its meeting: the decision is dated the day the Board met, "
            f"{long_date(meeting.date)} (M.G.L. c.30A §§18, 20)."
        )
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
    elif _local(listing.posted_at) > deadline:
        reasons.append(
            f"The notice listing the item was posted {_when(listing.posted_at)}, less than 48 "
            f"hours (not counting Saturdays, Sundays and legal holidays) before the meeting; "
            f"the last time to post it was {deadline:%B %-d, %Y at %H:%M}: the Board can only "
            f"take the item up at a later meeting noticed in time ({law.OML_POSTING_CITATION})."
        )
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
