"""The stateful machine's own reading of 940 CMR 29.11, written from the regulation and not from
the audit: the minutes of a meeting are approved "within the next three meetings or 30 days,
whichever is later". The machine holds meetings at will and approves minutes now and then, so
minutes fall late in most runs; the machine asserts that the audit reports exactly the meetings
this reading finds late, and that the clerk's page (hearings.clocks) calls the same unapproved
ones overdue.
"""

from __future__ import annotations

from datetime import date, timedelta

from hearings.clocks import minutes_approval_overdue
from hearings.models import Meeting


def late_meetings(today: date) -> set[int]:
    """The meetings held before `today` whose minutes were not approved in time: by the day
    of approval (or today, if still not approved), three later meetings had been held (on later
    days) and the 30th day had gone by."""
    meetings = list(Meeting.objects.filter(cancelled=False).select_related("minutes"))
    late = set()
    for meeting in meetings:
        if meeting.date >= today:
            continue
        minutes = getattr(meeting, "minutes", None)
        approved = minutes.approved_on if minutes is not None else None
        judged_on = approved or today
        held_since = sorted(m.date for m in meetings if meeting.date < m.date < judged_on)
        if len(held_since) < 3:
            continue
        in_time_until = max(held_since[2], meeting.date + timedelta(days=30))
        if judged_on > in_time_until:
            late.add(meeting.pk)
    return late


def page_disagreements(today: date, late: set[int]) -> list[str]:
    """Unapproved minutes the clerk's page calls overdue that this reading does not, or the
    reverse."""
    found = []
    for meeting in Meeting.objects.filter(cancelled=False, date__lt=today).select_related(
        "minutes"
    ):
        minutes = getattr(meeting, "minutes", None)
        if minutes is not None and minutes.approved_on is not None:
            continue
        if minutes_approval_overdue(meeting, today) != (meeting.pk in late):
            found.append(f"The page and 940 CMR 29.11 disagree on the meeting of {meeting.date}.")
    return found
