"""On PostgreSQL, simultaneous issuances get distinct consecutive numbers, and a double
submission takes effect once. (SQLite serialises every write, so there is nothing to race.)"""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor
from datetime import date

import pytest
from django.db import connection, connections

from permits import actions
from permits.models import Permit
from stoneham_boh.lib.errors import ActionRefused
from tests import factories

ISSUED_ON = date(2027, 1, 14)

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql",
        reason="row locks only race on PostgreSQL; SQLite serialises all writers",
    ),
]


def at_once(calls: list) -> list:
    """Run every call in its own thread and database connection, all released together."""
    barrier = threading.Barrier(len(calls))

    def run(call):
        try:
            barrier.wait(timeout=60)
            return call()
        except ActionRefused as refused:
            return refused
        finally:
            connections.close_all()

    with ThreadPoolExecutor(max_workers=len(calls)) as pool:
        return list(pool.map(run, calls))


def test_fifty_permits_issued_at_once_get_fifty_distinct_consecutive_numbers(clerk):
    applications = [factories.hen_renewal(by=clerk) for _ in range(50)]
    results = at_once(
        [
            lambda a=application: actions.issue_permit(application=a, by=clerk, on=ISSUED_ON)
            for application in applications
        ]
    )
    assert all(isinstance(result, Permit) for result in results), results
    numbers = sorted(result.number for result in results)
    assert numbers == [f"2027-{n:04d}" for n in range(1, 51)]
    assert Permit.objects.count() == 50
    assert sorted(Permit.objects.values_list("sequence", flat=True)) == list(range(1, 51))


def test_the_same_issuance_submitted_ten_times_at_once_issues_one_permit(clerk):
    application = factories.hen_renewal(by=clerk)
    results = at_once(
        [lambda: actions.issue_permit(application=application, by=clerk, on=ISSUED_ON)] * 10
    )
    assert {result.number for result in results} == {"2027-0001"}
    assert Permit.objects.count() == 1
    assert Permit.history.filter(history_type="+").count() == 1


def test_the_same_decision_recorded_twice_at_once_takes_effect_once(clerk, board_member):
    from hearings import actions as hearing_actions
    from hearings.actions.decisions import Ruling
    from hearings.models import Decision
    from tests.hearings.builders import attend_as_voting, noticed, posted

    item = noticed(by=clerk)
    attend_as_voting(item.meeting, {board_member: "yes"}, by=clerk)
    posted(item.meeting, by=clerk)

    def decide():
        return hearing_actions.record_decision(
            item=item,
            ruling=Ruling(result="approved", decided_on=item.meeting.date),
            votes={board_member: "yes"},
            by=board_member,
            today=item.meeting.date,
        )

    results = at_once([decide, decide])
    decisions = [r for r in results if isinstance(r, Decision)]
    refusals = [r for r in results if isinstance(r, ActionRefused)]
    assert len(decisions) == 1 and len(refusals) == 1, results
    assert "already decided" in str(refusals[0])
    assert Decision.objects.filter(docket_item=item).count() == 1
