"""The hearings' notice timing and the rules' §20-20(9) finding read notice the one way (the
rules module's notice_timing): they agree on the last day and the day after it."""

from __future__ import annotations

from datetime import date, timedelta

import pytest

from hearings.notice_timing import NoticeTiming
from permits.rules.checks.process import _notice
from permits.rules.ruleset import ruleset_in_force

HEARING = date(2027, 7, 13)
LAST = date(2027, 6, 29)  # the ruleset's fourteen days before, the hearing's day excluded


@pytest.mark.parametrize(("given", "in_time"), [(LAST, True), (LAST + timedelta(days=1), False)])
def test_the_hearings_timing_and_the_rules_finding_agree_on_the_boundary(given, in_time):
    spec = ruleset_in_force(HEARING).rules["20-20.9"]
    days = spec.value("notice_days")
    finding = _notice(spec, "The notice", given, HEARING, HEARING, days)
    timing = NoticeTiming(
        hearing_date=HEARING,
        notice_days=days,
        abutter_total=1,
        abutters_mailed=1,
        last_mailed=given,
        newspaper="Stoneham Independent",
        legal_notice_sent=given,
        published_on=given,
        # In print, on the newspaper's website and statewide the same day (c.4 §13).
        website_posted_on=given,
        statewide_posted_on=given,
    )
    assert timing.deadline == LAST
    assert finding.status == ("pass" if in_time else "fail")
    assert timing.abutters_in_time is in_time and timing.newspaper_in_time is in_time
    assert timing.status(today=given) == ("pass" if in_time else "fail")
