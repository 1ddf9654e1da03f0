"""A violation counts for §20-20(8) from the later of the time typed and the day its record
arrived: an inspection left on the list for two years and recorded today with the time it was
due does not keep a renewal grandfathered (issue 33, finding 1, its second half)."""

from __future__ import annotations

import importlib
from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo

import pytest
import time_machine
from django.utils import timezone

from inspections import actions as inspection_actions
from inspections.actions import Answer
from inspections.checklist import items_for
from inspections.keeping import keeping_for
from inspections.models import ChecklistFinding, Inspection
from permits.audit import audit_register
from permits.renewals import injurious_conditions
from stoneham_boh.lib.errors import ActionRefused
from stoneham_boh.lib.history import save_as
from tests import factories
from tests.inspections.test_inspection_time import _legacy
from tests.permits.audit.test_found_by_the_machine import renewed

pytestmark = pytest.mark.django_db
STONEHAM = ZoneInfo("America/New_York")
DAY = date(2030, 11, 15)
TWO_YEARS_BACK = datetime(2028, 11, 15, 10, tzinfo=STONEHAM)


def _recorded_with_rats(permit, *, listed: date, typed: datetime, agent, clerk) -> Inspection:
    """An inspection put on the list on `listed` (as the demo loader does, by the day it is
    scheduled for), recorded now with rats by the coop at the time `typed`."""
    inspection = inspection_actions.schedule_inspection(
        lot=permit.lot,
        kind=Inspection.Kind.ROUTINE,
        scheduled_for=listed,
        by=clerk,
        agent=agent,
        permit=permit,
        today=listed,
    )
    items = items_for(inspection, keeping_for(inspection.lot, listed, inspection.application))
    answers = {item.id: Answer(ChecklistFinding.Result.COMPLIES) for item in items}
    answers[items[0].id] = Answer(ChecklistFinding.Result.VIOLATION, "Rat burrows by the coop.")
    return inspection_actions.record_inspection(
        inspection=inspection, by=agent, answers=answers, performed_at=typed
    )


def test_a_visit_left_on_the_list_two_years_counts_from_the_day_it_was_recorded(clerk, agent):
    permit = _legacy(clerk)
    with time_machine.travel(factories.midday(DAY), tick=False):
        inspection = _recorded_with_rats(
            permit, listed=TWO_YEARS_BACK.date(), typed=TWO_YEARS_BACK, agent=agent, clerk=clerk
        )
        inspection.refresh_from_db()
        # Accepted as typed, after its listing: the time printed is the agent's.
        assert inspection.is_completed
        assert inspection.performed_at == TWO_YEARS_BACK
        assert inspection.inspected_on == TWO_YEARS_BACK.date()
        assert inspection.arrived_at == timezone.now()
        citation = inspection.findings.get(result=ChecklistFinding.Result.VIOLATION).citation
        assert injurious_conditions(permit.lot, DAY) == [
            f"a violation of {citation} found on November 15, 2028 "
            "(recorded November 15, 2030) is not settled"
        ]
        with pytest.raises(ActionRefused):
            renewed(permit, clerk=clerk, on=DAY)


def test_a_visit_of_last_evening_recorded_this_morning_names_its_day_alone(clerk, agent):
    """A day's difference is the ordinary evening visit sent the next morning: the sentence
    names the day of the visit only."""
    permit = _legacy(clerk)
    yesterday = DAY - timedelta(days=1)
    with time_machine.travel(factories.midday(DAY), tick=False):
        inspection = _recorded_with_rats(
            permit,
            listed=yesterday,
            typed=datetime.combine(yesterday, time(18, 30), tzinfo=STONEHAM),
            agent=agent,
            clerk=clerk,
        )
        (sentence,) = injurious_conditions(permit.lot, DAY)
    citation = inspection.findings.get(result=ChecklistFinding.Result.VIOLATION).citation
    assert sentence == f"a violation of {citation} found on November 14, 2030 is not settled"


@pytest.mark.parametrize(
    ("arrived", "reported"),
    [
        (DAY, True),
        # More than a year before the renewal: outside the year, whatever the day typed.
        (date(2029, 6, 1), False),
    ],
)
def test_the_audit_counts_a_violation_from_the_day_it_arrived(
    clerk, agent, board_member, arrived, reported
):
    permit = _legacy(clerk)
    with time_machine.travel(factories.midday(arrived), tick=False):
        inspection = _recorded_with_rats(
            permit, listed=TWO_YEARS_BACK.date(), typed=TWO_YEARS_BACK, agent=agent, clerk=clerk
        )
    if reported:
        # Written so directly, as a reading of the typed day alone would have it: the
        # renewal issues grandfathered. The history still says when the record arrived.
        Inspection.objects.filter(pk=inspection.pk).update(arrived_at=TWO_YEARS_BACK)
    with time_machine.travel(factories.midday(DAY), tick=False):
        renewal = renewed(permit, clerk=clerk, on=DAY)
    assert renewal.grandfathered
    found = [a.line() for a in audit_register(today=DAY).anomalies]
    assert any(renewal.number in line for line in found) is reported, found


def test_an_inspection_recorded_before_the_field_existed_arrived_when_its_history_says(
    clerk, agent
):
    """The data migration: the first historical row with a time of the visit."""
    from django.apps import apps

    migration = importlib.import_module("inspections.migrations.0006_inspection_arrived_at")
    permit = _legacy(clerk)
    with time_machine.travel(factories.midday(DAY), tick=False):
        recorded = _recorded_with_rats(
            permit, listed=TWO_YEARS_BACK.date(), typed=TWO_YEARS_BACK, agent=agent, clerk=clerk
        )
    with time_machine.travel(factories.midday(DAY + timedelta(days=3)), tick=False):
        waiting = inspection_actions.schedule_inspection(
            lot=permit.lot, kind=Inspection.Kind.ROUTINE, scheduled_for=DAY, by=clerk, today=DAY
        )
        # A later change of the record (its summary, say) does not move its arrival.
        recorded.summary = "Owner told."
        save_as(recorded, agent)
    Inspection.objects.update(arrived_at=None)
    migration.arrivals_from_history(apps, None)
    recorded.refresh_from_db()
    waiting.refresh_from_db()
    assert recorded.arrived_at == factories.midday(DAY)
    assert waiting.arrived_at is None
