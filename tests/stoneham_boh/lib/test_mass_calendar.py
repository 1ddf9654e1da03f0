"""The Massachusetts calendar (stoneham_boh.lib.mass_calendar): the legal holidays of c.4 §7,
business days, and the counting rules, table-tested on real dates. No database."""

from __future__ import annotations

from datetime import date, datetime

import pytest

from stoneham_boh.lib.mass_calendar import MassCalendar, legal_holidays

D = date.fromisoformat
CAL = MassCalendar()


def test_the_legal_holidays_of_2026_are_those_of_chapter_4_section_7():
    assert [day for day, _ in legal_holidays(2026)] == [
        D(x)
        for x in (
            "2026-01-01", "2026-01-19", "2026-02-16", "2026-04-20", "2026-05-25",
            "2026-06-19", "2026-07-04", "2026-09-07", "2026-10-12", "2026-11-11",
            "2026-11-26", "2026-12-25",
        )
    ]  # fmt: skip


def test_in_2027_independence_day_is_kept_on_monday_and_a_saturday_juneteenth_stays_put():
    kept = dict(legal_holidays(2027))
    assert kept[D("2027-07-05")] == "Independence Day (observed)"
    assert D("2027-07-04") not in kept
    assert kept[D("2027-06-19")] == "Juneteenth"  # a Saturday: not moved to Friday
    assert D("2027-06-18") not in kept
    assert D("2027-12-24") not in kept  # Christmas 2027 is a Saturday: no Friday holiday


def test_suffolk_county_days_are_not_stonehams():
    names = {name for _, name in legal_holidays(2026)}
    assert not {n for n in names if "Evacuation" in n or "Bunker" in n}
    assert CAL.is_business_day(D("2026-03-17")) and CAL.is_business_day(D("2026-06-17"))


@pytest.mark.parametrize(
    ("day", "business"),
    [
        ("2026-11-26", False),  # Thanksgiving
        ("2026-11-27", True),  # the Friday after is not a legal holiday
        ("2026-11-28", False),  # Saturday
        ("2026-01-19", False),  # MLK Day
        ("2027-07-05", False),  # Independence Day observed
        ("2027-06-18", True),  # the Friday before a Saturday Juneteenth
    ],
)
def test_business_days(day, business):
    assert CAL.is_business_day(D(day)) is business


def test_a_town_closure_is_no_business_day_and_is_named():
    cal = MassCalendar({D("2026-02-02"): "Snow emergency"})
    assert not cal.is_business_day(D("2026-02-02"))
    assert cal.why_closed(D("2026-02-02")) == "a town closure (Snow emergency)"
    assert cal.is_business_day(D("2026-02-02"), closures=False)


@pytest.mark.parametrize(
    ("start", "days", "due"),
    [
        ("2026-11-01", 10, "2026-11-12"),  # Nov 11 counts as a calendar day; the 12th is open
        ("2026-09-26", 10, "2026-10-06"),  # a Tuesday: no roll
        ("2026-10-02", 10, "2026-10-13"),  # lands on Columbus Day: rolls to Tuesday
        ("2026-11-16", 10, "2026-11-27"),  # lands on Thanksgiving: rolls to Friday
        ("2026-12-16", 10, "2026-12-28"),  # lands on Saturday the 26th: rolls to Monday
    ],
)
def test_a_deadline_that_rolls_forward_moves_to_the_next_business_day(start, days, due):
    clock = CAL.deadline_after(D(start), days)
    assert clock.when == D(due)
    assert "that day excluded" in clock.rule


def test_a_rolled_deadline_says_why_it_moved():
    clock = CAL.deadline_after(D("2026-10-02"), 10)
    assert "Columbus Day, a legal holiday" in clock.rule and "c.4 §9" in clock.rule


@pytest.mark.parametrize(
    ("event", "days", "last"),
    [
        ("2026-12-15", 14, "2026-12-01"),  # a Tuesday: no move
        ("2026-12-06", 14, "2026-11-20"),  # Sunday the 22nd: moves earlier to Friday
        ("2026-12-10", 14, "2026-11-25"),  # Thanksgiving the 26th: moves earlier to Wednesday
        ("2026-01-29", 10, "2026-01-16"),  # MLK Day the 19th: moves earlier, never later
    ],
)
def test_an_at_least_notice_never_rolls_forward_it_moves_earlier(event, days, last):
    clock = CAL.notice_before(D(event), days)
    assert clock.when == D(last)
    assert CAL.is_business_day(clock.when)


def test_business_days_after_skip_weekends_holidays_and_closures():
    assert CAL.business_days_after(D("2026-11-25"), 10).when == D("2026-12-10")
    closed = MassCalendar([D("2026-12-01")])
    assert closed.business_days_after(D("2026-11-25"), 10).when == D("2026-12-11")


@pytest.mark.parametrize(
    ("meeting", "post_by"),
    [
        ("2026-12-01T19:00", "2026-11-27T19:00"),  # Tuesday 7 pm -> Friday 7 pm
        ("2026-11-27T19:00", "2026-11-24T19:00"),  # after Thanksgiving -> Tuesday 7 pm
        ("2026-01-20T19:00", "2026-01-15T19:00"),  # after MLK Day -> Thursday 7 pm
        ("2026-12-03T19:00", "2026-12-01T19:00"),  # Thursday -> Tuesday, nothing skipped
        ("2026-12-07T09:30", "2026-12-03T09:30"),  # Monday morning -> Thursday morning
    ],
)
def test_the_open_meeting_law_48_hours_skip_saturdays_sundays_and_holidays(meeting, post_by):
    clock = CAL.hours_before_excluding_closed_days(datetime.fromisoformat(meeting), 48)
    assert clock.iso() == post_by


def test_the_48_hours_name_the_holiday_skipped_and_ignore_town_closures():
    clock = CAL.hours_before_excluding_closed_days(datetime(2026, 11, 27, 19), 48)
    assert "Thanksgiving Day" in clock.rule
    snowy = MassCalendar([D("2026-11-30")])
    assert snowy.hours_before_excluding_closed_days(datetime(2026, 12, 1, 19), 48).iso() == (
        "2026-11-27T19:00"
    )
