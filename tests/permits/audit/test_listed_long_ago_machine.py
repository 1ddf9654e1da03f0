# ruff: noqa: F811 - `machine` is the fixture of test_found_by_the_machine, taken by name
"""The machine's rule for finding 1 stepped by hand with an inspection put on the list the day
typed and recorded years later (stateful_permits.py, `listed_long_ago`): the time is accepted,
the renewal the same day counts the violation from its arrival, and the audit finds nothing."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from inspections.models import Inspection
from tests.permits.audit.test_found_by_the_machine import machine  # noqa: F401 - fixture
from tests.permits.audit.test_permit_truth_machine import _a_permit, _first

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("years_back", [1, 2])
def test_a_visit_listed_long_ago_and_recorded_today_keeps_no_renewal_grandfathered(
    machine, years_back
):
    _a_permit(machine)
    machine.time_passes(days=300)
    machine.a_violation_sent_from_a_phone_whose_clock_is_behind(
        data=_first(machine.permits), years_back=years_back, listed_long_ago=True
    )
    recorded = Inspection.objects.get(status="completed")  # accepted: after its listing
    assert recorded.inspected_on == machine.today - timedelta(days=365 * years_back)
    assert timezone.localdate(recorded.arrived_at) == machine.today
    machine.the_audit_finds_nothing()
