"""An order's deadline extended after it passed does not lift the renewal it blocked
(issue 33, finding 15)."""

from __future__ import annotations

from datetime import date, timedelta
from unittest import mock

import pytest
import time_machine

from inspections import actions as inspection_actions
from permits import actions
from permits.audit import audit_register
from stoneham_boh.lib.errors import ActionRefused
from stoneham_boh.lib.history import save_as
from tests import factories
from tests.hearings.board_builders import violation
from tests.permits.audit.test_found_by_the_machine import heard_and_issued, renewed

pytestmark = pytest.mark.django_db
HEARD = date(2030, 1, 7)


def _overdue_order(permit, clerk, agent, on=date(2030, 11, 1)):
    finding = violation(permit, agent=agent, clerk=clerk, on=on)
    return inspection_actions.issue_order(
        finding=finding,
        by=agent,
        requirement="Remove the rat burrows.",
        deadline=on + timedelta(days=7),
        issued_on=on,
    )


def test_a_deadline_extended_after_it_passed_still_blocks_the_renewal(clerk, agent, board_member):
    """An order extended so before the action refused it (an older record): the renewal check
    and the audit both read the deadline that counted."""
    permit = heard_and_issued(clerk=clerk, on=HEARD)
    order = _overdue_order(permit, clerk, agent)
    passed = order.deadline + timedelta(days=3)
    with time_machine.travel(factories.midday(passed), tick=False):
        order.deadline = passed + timedelta(days=30)
        save_as(order, agent)
    with pytest.raises(ActionRefused, match="November 8, 2030"):
        renewed(permit, clerk=clerk, on=passed)
    # Had it been renewed anyway (the check skipped, as before the fix), the audit says so.
    renewal = permit.renewal_applications.get()
    with mock.patch("permits.renewals.unabated_orders", return_value=[]):
        actions.issue_permit(application=renewal, by=clerk, on=passed)
    found = [a.line() for a in audit_register(today=passed).anomalies]
    assert any("§20-16(6)" in line and "November 8, 2030" in line for line in found), found
