"""§20-20(9)'s one reading of "notice at least N days before the hearing"."""

from __future__ import annotations

from datetime import date, timedelta

import pytest

from permits.rules.notice_timing import given_in_time, given_late, last_day_to_give

HEARING = date(2027, 7, 13)
DAYS = 14
LAST = date(2027, 6, 29)  # fourteen calendar days before, the hearing's day excluded


def test_the_last_day_is_the_days_before_the_hearing():
    assert last_day_to_give(HEARING, DAYS) == LAST


@pytest.mark.parametrize(
    ("given", "in_time", "late"),
    [
        (LAST - timedelta(days=1), True, False),
        (LAST, True, False),
        (LAST + timedelta(days=1), False, True),
        (HEARING + timedelta(days=1), False, True),
        (None, False, False),
    ],
)
def test_a_notice_is_in_time_up_to_the_last_day_and_late_after_it(given, in_time, late):
    assert given_in_time(given, HEARING, DAYS) is in_time
    assert given_late(given, HEARING, DAYS) is late
