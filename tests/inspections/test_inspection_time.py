"""A violation dated before its inspection was put on the list (a phone's clock behind, a typo)
does not keep a renewal grandfathered (issue 33, finding 1)."""

from __future__ import annotations

from datetime import date, datetime, time
from unittest import mock
from zoneinfo import ZoneInfo

import pytest
import time_machine

from inspections import actions as inspection_actions
from inspections.actions import Answer
from inspections.actions import inspections as inspection_noun  # where record_inspection reads it
from inspections.checklist import items_for
from inspections.keeping import keeping_for
from inspections.models import ChecklistFinding, Inspection
from permits.audit import audit_register
from stoneham_boh.lib.errors import ActionRefused
from tests import factories
from tests.permits.audit.test_found_by_the_machine import renewed

pytestmark = pytest.mark.django_db
DAY = date(2030, 11, 15)
TWO_YEARS_BACK = datetime(2028, 11, 15, 10, tzinfo=ZoneInfo("America/New_York"))


def _rats_found(permit, *, agent, clerk):
    """The inspection put on the list today, and its checklist with rats by the coop."""
    inspection = inspection_actions.schedule_inspection(
        lot=permit.lot,
        kind=Inspection.Kind.ROUTINE,
        scheduled_for=DAY,
        by=clerk,
        agent=agent,
        permit=permit,
        today=DAY,
    )
    items = items_for(inspection, keeping_for(inspection.lot, DAY, inspection.application))
    answers = {item.id: Answer(ChecklistFinding.Result.COMPLIES) for item in items}
    answers[items[0].id] = Answer(ChecklistFinding.Result.VIOLATION, "Rat burrows by the coop.")
    return inspection, answers


def _legacy(clerk):
    return factories.legacy_permit(
        by=clerk,
        first_permitted_on=date(1994, 5, 2),
        valid_for_year=2030,
        today=date(2030, 1, 7),
        manure_bin=True,
    )


def test_an_inspection_dated_before_it_was_put_on_the_list_is_refused(clerk, agent):
    permit = _legacy(clerk)
    with time_machine.travel(factories.midday(DAY), tick=False):
        inspection, answers = _rats_found(permit, agent=agent, clerk=clerk)
        with pytest.raises(ActionRefused, match="put on the agent's list"):
            inspection_actions.record_inspection(
                inspection=inspection, by=agent, answers=answers, performed_at=TWO_YEARS_BACK
            )
        inspection.refresh_from_db()
        assert inspection.is_scheduled and not inspection.findings.exists()
        # The same day, at the time the agent was there, it is recorded.
        inspection_actions.record_inspection(
            inspection=inspection,
            by=agent,
            answers=answers,
            performed_at=datetime.combine(DAY, time(10), tzinfo=ZoneInfo("America/New_York")),
        )
        with pytest.raises(ActionRefused):
            renewed(permit, clerk=clerk, on=DAY)


def test_the_audit_reads_a_violation_dated_before_its_listing_as_found_the_day_it_was_listed(
    clerk, agent, board_member
):
    """A record written so before the refusal, and before the office kept its arrival: the
    renewal issued grandfathered the same day is reported."""
    permit = _legacy(clerk)
    with time_machine.travel(factories.midday(DAY), tick=False):
        inspection, answers = _rats_found(permit, agent=agent, clerk=clerk)
        with mock.patch.object(inspection_noun, "refusal_of_an_early_visit", return_value=None):
            inspection_actions.record_inspection(
                inspection=inspection, by=agent, answers=answers, performed_at=TWO_YEARS_BACK
            )
        Inspection.objects.filter(pk=inspection.pk).update(arrived_at=None)
        renewal = renewed(permit, clerk=clerk, on=DAY)
    assert renewal.grandfathered
    found = [a.line() for a in audit_register(today=DAY).anomalies]
    assert any(renewal.number in line for line in found), found
