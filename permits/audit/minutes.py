"""The minutes of the Board's meetings (M.G.L. c.30A §22; 940 CMR 29.11): every meeting held
has its minutes approved in a timely manner, that is within the next three meetings or 30 days,
whichever is later.

Counted in meetings *held*, as the clerk's page counts them (hearings.clocks): a meeting on the
calendar but not yet held never makes minutes late, so a Board that meets monthly is not flagged
every month; approved minutes are late only if three later meetings had been held, and the 30th
day had passed, before the meeting that approved them. Meetings on the same day as the one
recorded are not "later" meetings (the clock's reading). Read in one query of the meetings.
"""

from __future__ import annotations

from bisect import bisect_right
from datetime import date, timedelta

from hearings.models import Meeting
from stoneham_boh.lib import law
from stoneham_boh.lib.dates import long_date

from .anomaly import BREACH, Anomaly, RecordRef


def _ref(meeting) -> RecordRef:
    return RecordRef(
        "meeting",
        meeting.pk,
        f"The meeting of {long_date(meeting.date)}",
        "hearings:meeting-detail",
    )


def due_on(held_on: date, later_days: list[date], before: date) -> date | None:
    """The day the minutes of a meeting held on `held_on` fell due, counting the later
    meetings held before `before` (the day they were approved, or today); None while fewer
    than three later meetings had been held by then (not yet due, whatever the days)."""
    held = [day for day in later_days if day < before]
    if len(held) < law.MINUTES_APPROVAL_MEETINGS:
        return None
    third = held[law.MINUTES_APPROVAL_MEETINGS - 1]
    return max(third, held_on + timedelta(days=law.MINUTES_APPROVAL_DAYS))


def check_minutes(register) -> list[Anomaly]:
    meetings = list(
        Meeting.objects.filter(cancelled=False, date__lt=register.today)
        .select_related("minutes")
        .order_by("date", "time", "pk")
    )
    days = [meeting.date for meeting in meetings]
    found = []
    for meeting in meetings:
        later = days[bisect_right(days, meeting.date) :]
        minutes = getattr(meeting, "minutes", None)
        approved_on = minutes.approved_on if minutes is not None else None
        due = due_on(meeting.date, later, approved_on or register.today)
        if due is None:
            continue
        if approved_on is None:
            if register.today > due:
                what = "drafted, not approved" if minutes is not None else "not even drafted"
                found.append(
                    Anomaly(
                        "law",
                        law.MINUTES_CITATION,
                        _ref(meeting),
                        f"Its minutes are {what}: they were due for approval by "
                        f"{long_date(due)} (the later of 30 days and the third meeting held "
                        "after it).",
                        BREACH,
                    )
                )
        elif approved_on > due:
            found.append(
                Anomaly(
                    "law",
                    law.MINUTES_CITATION,
                    _ref(meeting),
                    f"Its minutes were approved on {long_date(approved_on)}, after they were "
                    f"due ({long_date(due)}: the later of 30 days and the third meeting held "
                    "after it).",
                    BREACH,
                )
            )
    return found
