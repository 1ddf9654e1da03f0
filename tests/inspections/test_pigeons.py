"""§20-18 by the calendar, at its boundaries, as the agent's screens state it."""

from __future__ import annotations

from datetime import date, datetime
from zoneinfo import ZoneInfo

import pytest

from inspections import pigeons

TOWN = ZoneInfo("America/New_York")


@pytest.mark.parametrize(
    ("day", "every"),
    [
        (date(2027, 4, 14), "every 14 days"),
        (date(2027, 4, 15), "every week"),
        (date(2027, 10, 15), "every week"),
        (date(2027, 10, 16), "every 14 days"),
        (date(2027, 1, 1), "every 14 days"),
        (date(2027, 7, 4), "every week"),
    ],
)
def test_the_loft_cleaning_hint_is_weekly_from_april_15_to_october_15_inclusive(day, every):
    assert f"once {every}" in pigeons.cleaning_hint(day)


@pytest.mark.parametrize(
    ("moment", "prohibited"),
    [
        (datetime(2027, 7, 14, 9, 59, tzinfo=TOWN), False),
        (datetime(2027, 7, 14, 10, 0, tzinfo=TOWN), True),
        (datetime(2027, 7, 14, 14, 59, tzinfo=TOWN), True),
        (datetime(2027, 7, 14, 15, 0, tzinfo=TOWN), False),
        (datetime(2027, 5, 31, 12, 0, tzinfo=TOWN), False),
        (datetime(2027, 6, 1, 12, 0, tzinfo=TOWN), True),
        (datetime(2027, 9, 30, 12, 0, tzinfo=TOWN), True),
        (datetime(2027, 10, 1, 12, 0, tzinfo=TOWN), False),
    ],
)
def test_training_is_prohibited_10_to_3_from_june_to_september(moment, prohibited):
    assert pigeons.training_prohibited_at(moment) is prohibited


def test_the_quiet_hours_are_read_on_the_towns_clock_not_utc():
    # 14:30 UTC is 10:30 in Stoneham in July: inside the quiet hours.
    assert pigeons.training_prohibited_at(datetime(2027, 7, 14, 14, 30, tzinfo=ZoneInfo("UTC")))
    # 10:30 UTC is 6:30 in the morning in Stoneham: free to fly.
    assert not pigeons.training_prohibited_at(datetime(2027, 7, 14, 10, 30, tzinfo=ZoneInfo("UTC")))


@pytest.mark.parametrize(
    ("fed", "released", "allowed"),
    [((8, 0), (11, 59), False), ((8, 0), (12, 0), True), ((8, 0), (7, 0), False)],
)
def test_a_release_needs_four_hours_since_feeding(fed, released, allowed):
    fed_at = datetime(2027, 7, 14, *fed, tzinfo=TOWN)
    released_at = datetime(2027, 7, 14, *released, tzinfo=TOWN)
    assert pigeons.release_allowed(fed_at, released_at) is allowed
