"""The Open Meeting Law (M.G.L. c.30A §§18, 20, 23(c)): every vote of the Board on file was
taken at a meeting the Town Clerk posted at least 48 hours before it (not counting Saturdays,
Sundays and legal holidays), on an item that notice (or an amended one posted in time) listed,
and is dated the day the Board met. A posting's typed time is one the record makes possible:
not before the meeting was put on the calendar, nor before an item it lists was docketed.

Read from the records: the postings as kept (what each listed), the history of the meeting,
its items and the postings, and the law's calendar (hearings.clocks.oml_posting_deadline,
the one reading of "48 hours excluding weekends and holidays").
"""

from __future__ import annotations

from datetime import datetime

from django.utils import timezone

from hearings.clocks import oml_posting_deadline
from hearings.models import DocketItem, Meeting, MeetingPosting
from stoneham_boh.lib.dates import day_at, long_date
from stoneham_boh.lib.mass_calendar import MassCalendar

from .anomaly import BREACH, Anomaly, decision_ref

POSTING = "M.G.L. c.30A §20(b)"
VOTE = "M.G.L. c.30A §§18, 20"

# The matters an emergency meeting may take up (c.30A §18: a sudden occurrence demanding
# immediate action): the Board's acts that protect the public from a keeping at once. Stated
# here as the audit reads the law, apart from the product's own list.
EMERGENCY_KINDS = ("revocation", "variance_rescission")


def _local(moment: datetime) -> datetime:
    if timezone.is_aware(moment):
        moment = timezone.localtime(moment)
    return moment.replace(tzinfo=None)


def _first_moments(model, pks) -> dict:
    """pk -> the moment its first history row was written."""
    moments: dict = {}
    rows = (
        model.history.filter(id__in=list(pks))
        .order_by("history_date")
        .values_list("id", "history_date")
    )
    for pk, when in rows:
        moments.setdefault(pk, when)
    return moments


def check_open_meetings(register) -> list[Anomaly]:
    decisions = register.decisions
    if not decisions:
        return []
    meeting_ids = {d.docket_item.meeting_id for d in decisions}
    postings: dict = {}
    for posting in MeetingPosting.objects.filter(meeting_id__in=meeting_ids).order_by(
        "posted_at", "id"
    ):
        postings.setdefault(posting.meeting_id, []).append(posting)
    listed = {pk for ps in postings.values() for p in ps for pk in (p.item_ids or [])}
    meeting_at = _first_moments(Meeting, meeting_ids)
    declared = declared_emergencies(meeting_ids)
    item_at = _first_moments(DocketItem, listed)
    # The Open Meeting Law counts no town closure: the statute's calendar alone.
    calendar = MassCalendar({})
    deadlines: dict = {}
    found = []
    judged_postings: set = set()
    for decision in decisions:
        item = decision.docket_item
        meeting = item.meeting
        ref = decision_ref(decision, item)
        kept = postings.get(meeting.pk, [])
        if meeting.pk not in deadlines:
            deadlines[meeting.pk] = oml_posting_deadline(meeting.starts_at, calendar=calendar).when
        emergency = declared.get(meeting.pk, False)
        for sentence in _vote_faults(
            decision, item, meeting, kept, deadlines[meeting.pk], emergency
        ):
            found.append(Anomaly("open_meeting", VOTE, ref, sentence, BREACH))
        for posting in kept:
            if posting.pk in judged_postings:
                continue
            judged_postings.add(posting.pk)
            for sentence in _posting_faults(posting, meeting_at, item_at):
                found.append(Anomaly("open_meeting", POSTING, ref, sentence, BREACH))
    return found


def declared_emergencies(meeting_ids) -> dict:
    """meeting pk -> whether it was an emergency meeting when put on the calendar (its first
    history row): an emergency named afterwards does not excuse a late posting."""
    declared: dict = {}
    rows = (
        Meeting.history.filter(id__in=list(meeting_ids))
        .order_by("history_date", "history_id")
        .values_list("id", "emergency")
    )
    for pk, emergency in rows:
        declared.setdefault(pk, bool((emergency or "").strip()))
    return declared


def _emergency_faults(item, meeting, emergency: bool) -> list[str]:
    faults = []
    if meeting.emergency.strip() and not emergency:
        faults.append(
            "The meeting is called an emergency meeting, but it was not one when it was put on "
            "the calendar: an emergency named afterwards does not excuse the 48 hours."
        )
    if emergency and item.kind not in EMERGENCY_KINDS:
        faults.append(
            f"An emergency meeting takes up only the emergency: a "
            f"{item.get_kind_display().lower()} demands no immediate action and waits for a "
            "meeting noticed 48 hours ahead (c.30A §18)."
        )
    return faults


def _vote_faults(decision, item, meeting, kept: list, deadline, emergency=False) -> list[str]:
    faults = _emergency_faults(item, meeting, emergency)
    # An emergency meeting's notice is posted as soon as reasonably possible, before it
    # begins, for the emergency's matters (c.30A §20(b)).
    excused = emergency and item.kind in EMERGENCY_KINDS
    if decision.decided_on != meeting.date:
        faults.append(
            f"The vote is dated {long_date(decision.decided_on)}; the Board met on "
            f"{long_date(meeting.date)}: a vote is taken at the meeting, on the day it met."
        )
    if meeting.cancelled:
        faults.append("The meeting was cancelled: the Board did not meet to vote.")
    listing = [p for p in kept if item.pk in (p.item_ids or [])]
    if not kept:
        faults.append(
            "The meeting's notice was never posted: the Board voted at a meeting not noticed "
            "(a vote a court may invalidate, c.30A §23(c))."
        )
    elif not listing:
        faults.append(
            "The item is on no notice of the meeting, first or amended: the public was not "
            "told the Board would take it up."
        )
    elif excused and _local(listing[0].posted_at) >= meeting.starts_at:
        faults.append("The emergency meeting's notice was posted after it began.")
    elif not excused and _local(listing[0].posted_at) > deadline:
        posted = _local(listing[0].posted_at)
        faults.append(
            f"The notice listing the item was posted {day_at(posted)}, after "
            f"{day_at(deadline)}: less than 48 hours (not counting Saturdays, "
            "Sundays and legal holidays) before the meeting."
        )
    return faults


def _posting_faults(posting, meeting_at: dict, item_at: dict) -> list[str]:
    """A typed posting time the record cannot show (issue 38, L3)."""
    faults = []
    typed = posting.posted_at
    scheduled = meeting_at.get(posting.meeting_id)
    if scheduled is not None and typed < scheduled:
        faults.append(
            f"A notice is typed as posted {day_at(_local(typed))}, before the "
            f"meeting was put on the calendar ({day_at(_local(scheduled))})."
        )
    early = [pk for pk in posting.item_ids or [] if pk in item_at and typed < item_at[pk]]
    if early:
        faults.append(
            f"A notice typed as posted {day_at(_local(typed))} lists {len(early)} "
            "item(s) put on the docket after that time."
        )
    return faults


class MeetingNotices:
    """Each meeting's first posting and whether it was declared an emergency, read once for
    the whole register (the motions of a district's years are judged against them)."""

    def __init__(self):
        self.first_posted: dict = {}
        rows = MeetingPosting.objects.order_by("meeting_id", "posted_at", "id").values_list(
            "meeting_id", "posted_at"
        )
        for meeting_id, posted_at in rows:
            self.first_posted.setdefault(meeting_id, posted_at)
        self.emergency = declared_emergencies(Meeting.objects.values_list("pk", flat=True))
        self.faults: dict = {}


def motion_notice_faults(register, meeting) -> list[str]:
    """Why a motion other than a decision (the approval of minutes, an amendment, the
    settlement of a dispute) voted at `meeting` was not voted at a meeting noticed in time:
    every vote of the Board is (c.30A §20(b)); an emergency meeting takes up none of them."""
    notices = register.__dict__.get("_meeting_notices")
    if notices is None:
        notices = register.__dict__["_meeting_notices"] = MeetingNotices()
    if meeting.pk in notices.faults:
        return notices.faults[meeting.pk]
    faults = []
    if notices.emergency.get(meeting.pk):
        faults.append(
            "It was voted at an emergency meeting, which takes up only the emergency (c.30A "
            "§18): it waits for a meeting noticed 48 hours ahead."
        )
    first = notices.first_posted.get(meeting.pk)
    deadline = oml_posting_deadline(meeting.starts_at, calendar=MassCalendar({})).when
    if first is None:
        faults.append(
            "The meeting's notice was never posted: the Board voted at a meeting not noticed "
            "(a vote a court may invalidate, c.30A §23(c))."
        )
    elif _local(first) > deadline:
        faults.append(
            f"The meeting's notice was posted {day_at(_local(first))}, after "
            f"{day_at(deadline)}: less than 48 hours (not counting Saturdays, "
            "Sundays and legal holidays) before the meeting."
        )
    notices.faults[meeting.pk] = faults
    return faults
