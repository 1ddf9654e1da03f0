"""The Board's own clocks, counted on the town's calendar (stoneham_boh/town/calendar.py): the
Open Meeting Law's posting and filing, the hearing notices, the appeal from a decision, the
minutes. Another app's clock lives in that app (records/clocks.py, inspections/clocks.py).

One home for each reading: the screens, the actions, the notices and `manage.py clocks` call
these. Each returns a `Clock`: the date (or moment) and the rule that gave it, in words.
The law's figures come from `stoneham_boh.lib.law`, the regulation's from the ruleset
(`hearings.models.notice_days`), the Town's practice from settings.
"""

from __future__ import annotations

from datetime import date, datetime, time, timedelta

from django.conf import settings

from hearings.models import Meeting, notice_days
from stoneham_boh.lib import law
from stoneham_boh.lib.dates import moment as in_words
from stoneham_boh.lib.dates import time_of_day, weekday_date
from stoneham_boh.lib.mass_calendar import Clock
from stoneham_boh.town.calendar import calendar_or_town as _calendar
from stoneham_boh.town.calendar import days_before
from stoneham_boh.town.current import current_town
from stoneham_boh.town.models import NewspaperHolidayIssue

WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")


# --- The Open Meeting Law -----------------------------------------------------------------


def oml_posting_deadline(meeting_at: datetime, *, calendar=None) -> Clock:
    """The last moment the meeting's notice may be posted (48 hours before, not counting
    Saturdays, Sundays and legal holidays)."""
    return _calendar(calendar).hours_before_excluding_closed_days(
        meeting_at,
        law.OML_POSTING_HOURS,
        what=f"Posting of the meeting notice ({law.OML_POSTING_CITATION})",
    )


def clerk_cutoff(day: date) -> time:
    """The Town Clerk's cut-off on `day` (the town's settings: earlier on its short day)."""
    return current_town().town_clerk_cutoff_on(day)


def clerk_filing_deadline(meeting_at: datetime, *, calendar=None) -> Clock:
    """The last moment to file the notice with the Town Clerk: the posting deadline, or the
    clerk's cut-off of the last business day before it when the office is closed by then."""
    calendar = _calendar(calendar)
    posting = oml_posting_deadline(meeting_at, calendar=calendar)
    moment = posting.when
    day = moment.date()
    if calendar.is_business_day(day) and moment.time() <= clerk_cutoff(day):
        when = moment
    else:
        if not (calendar.is_business_day(day) and moment.time() > clerk_cutoff(day)):
            day = calendar.previous_business_day(days_before(day, 1))
        when = datetime.combine(day, clerk_cutoff(day))
    rule = (
        f"Filing with the Town Clerk: by the clerk's cut-off on {weekday_date(when.date())} "
        f"({time_of_day(when)}, the town's settings) at or before the posting deadline of "
        f"{in_words(posting.when)}"
    )
    return Clock(when, rule)


# --- The regulation's notices (§20-20(9)) ----------------------------------------------------


def abutter_notice_deadline(hearing: date, *, calendar=None) -> Clock:
    """The last day to mail the abutters' registered letters: the ruleset's days before the
    hearing, moved earlier when that day is not a business day."""
    return _calendar(calendar).notice_before(
        hearing, notice_days(hearing), what="Mailing to the abutters (§20-20(9))"
    )


def _newspaper_weekday() -> int:
    return current_town().newspaper_weekday_index


def newspaper_notice_deadline(hearing: date, *, calendar=None) -> Clock:
    """The last issue of the weekly paper that prints the legal notice the ruleset's days
    before the hearing (the weekday is the town's settings'). An issue the paper's holiday
    schedule moves is counted on its day of print; one it skips, or one that falls on a legal
    holiday with no schedule saying it prints, is passed over for the issue before it."""
    calendar = _calendar(calendar)
    town = current_town()
    days = notice_days(hearing)
    latest = days_before(hearing, days)
    usual = days_before(latest, (latest.weekday() - _newspaper_weekday()) % 7)
    changes = {
        entry.usual_on: entry.prints_on
        for entry in NewspaperHolidayIssue.objects.filter(
            town=town, usual_on__range=(usual - timedelta(weeks=8), usual)
        )
    }
    passed_over = []
    issue = usual
    while True:
        if issue in changes:
            prints_on = changes[issue]
            if prints_on is not None and prints_on <= latest:
                if prints_on != issue:
                    passed_over.append(
                        f"the issue of {weekday_date(issue)} prints on {weekday_date(prints_on)} "
                        "(the paper's holiday schedule)"
                    )
                issue = prints_on
                break
            passed_over.append(
                f"the paper's holiday schedule has no issue on {weekday_date(issue)}"
                if prints_on is None
                else f"the issue of {weekday_date(issue)} prints only on {weekday_date(prints_on)}"
            )
        elif calendar.is_legal_holiday(issue):
            passed_over.append(
                f"{weekday_date(issue)} is {calendar.holiday_name(issue)}, and the paper's "
                "holiday schedule does not say it prints that day"
            )
        else:
            break
        issue -= timedelta(weeks=1)
    rule = (
        f"Legal notice (§20-20(9)): at least {days} days before {weekday_date(hearing)}, that day "
        f"excluded, so published by {weekday_date(latest)}; the paper prints on "
        f"{town.get_newspaper_weekday_display()}s, so the issue of {weekday_date(usual)}"
    )
    if passed_over:
        rule += "; but " + "; ".join(passed_over) + f": the issue of {weekday_date(issue)}"
    return Clock(issue, rule)


def newspaper_copy_deadline(hearing: date, *, calendar=None) -> Clock:
    """The day the newspaper must have the text for that issue (the ad cut-off of
    the town's settings), moved earlier to a business day."""
    issue = newspaper_notice_deadline(hearing).when
    clock = _calendar(calendar).notice_before(
        issue,
        current_town().newspaper_ad_cutoff_days,
        what=f"Text to the newspaper for the issue of {weekday_date(issue)} (its ad cut-off)",
    )
    return clock


def revocation_notice_deadline(hearing: date, *, calendar=None) -> Clock:
    """The last day to mail the holder the notice of a revocation hearing (§20-20(5): written
    notice; the minimum is the Board's setting REVOCATION_NOTICE_DAYS)."""
    return _calendar(calendar).notice_before(
        hearing,
        settings.REVOCATION_NOTICE_DAYS,
        what="Notice to the holder of a revocation hearing (REVOCATION_NOTICE_DAYS)",
    )


# --- Appeals -----------------------------------------------------------------------------------


def appeal_deadline(decided_on: date, *, calendar=None) -> Clock:
    """The last day of the certiorari appeal: 60 days after the proceeding complained of
    (c.249 §4), which is the Board's decision, not the day its letter arrived. Counting from
    the receipt would print a later day than the statute's to a holder who relies on it."""
    return _calendar(calendar).deadline_after(
        decided_on,
        law.APPEAL_DAYS,
        what=f"Appeal in the nature of certiorari ({law.APPEAL_CITATION}), from the decision",
    )


# --- Warnings ------------------------------------------------------------------------------------


def meeting_day_warning(on: date, *, calendar=None) -> str:
    """Why a meeting set on `on` deserves a second look (a weekend, a legal holiday, a closure)."""
    why = _calendar(calendar).why_closed(on)
    if why is None:
        return ""
    return (
        f"{weekday_date(on)} is {why}: the Town's offices are closed, and the notice and the "
        "public must be able to reach the Board. Check the date before the notice is posted."
    )


# --- Minutes --------------------------------------------------------------------------------------


def minutes_approval_deadline(meeting) -> Clock:
    """The day the minutes of `meeting` are due for approval: within the next three meetings
    or 30 days, whichever is later (940 CMR 29.11). Until a third later meeting is on the
    calendar the later of the two is not known, so the clock gives the 30th day and says that
    it runs at least to the third meeting; `minutes_approval_overdue` counts only meetings held.
    """
    by_days = meeting.date + timedelta(days=law.MINUTES_APPROVAL_DAYS)
    later = _later_meetings(meeting)
    rule = (
        f"Approval of the minutes ({law.MINUTES_CITATION}): within the next "
        f"{law.MINUTES_APPROVAL_MEETINGS} meetings or {law.MINUTES_APPROVAL_DAYS} days, "
        "whichever is later"
    )
    if len(later) < law.MINUTES_APPROVAL_MEETINGS:
        return Clock(
            by_days,
            f"{rule}; {law.MINUTES_APPROVAL_DAYS} days after {weekday_date(meeting.date)}, or "
            f"the {_ordinal(law.MINUTES_APPROVAL_MEETINGS)} meeting after it if that is held "
            f"later ({len(later)} later meeting{'' if len(later) == 1 else 's'} on the calendar)",
        )
    third = later[-1]
    if third > by_days:
        return Clock(third, f"{rule}; the third meeting after, on {weekday_date(third)}")
    return Clock(
        by_days, f"{rule}; {law.MINUTES_APPROVAL_DAYS} days after {weekday_date(meeting.date)}"
    )


def minutes_approval_overdue(meeting, today: date) -> bool:
    """Past the later of the 30th day and the third later meeting *held*: a meeting scheduled
    but not yet held never makes minutes overdue, so a Board that meets monthly is not flagged
    every month."""
    later = _later_meetings(meeting)
    held = [day for day in later if day < today]
    if len(held) < law.MINUTES_APPROVAL_MEETINGS:
        return False
    return today > max(held[-1], meeting.date + timedelta(days=law.MINUTES_APPROVAL_DAYS))


def _later_meetings(meeting) -> list[date]:
    return list(
        Meeting.objects.filter(date__gt=meeting.date, cancelled=False)
        .order_by("date", "time")
        .values_list("date", flat=True)[: law.MINUTES_APPROVAL_MEETINGS]
    )


def _ordinal(n: int) -> str:
    return {1: "first", 2: "second", 3: "third"}.get(n, f"{n}th")
