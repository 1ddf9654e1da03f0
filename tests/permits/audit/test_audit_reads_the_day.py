"""The audit judges a day with the settings of that day, and compares like with like (issue
33, the audit's own defects a and b)."""

from __future__ import annotations

from datetime import date

import pytest

from permits.audit import audit_register
from stoneham_boh.lib.history import save_as
from stoneham_boh.town.models import Town
from tests.permits.audit.test_audit import _renewed

pytestmark = pytest.mark.django_db


def test_a_renewal_window_moved_later_does_not_rewrite_a_renewal_issued_under_the_old_one(
    clerk, admin_user
):
    _legacy, renewal = _renewed(clerk, on=date(2027, 11, 15))
    assert renewal.year == 2028
    town = Town.objects.get(is_current=True)
    town.renewal_window_month, town.renewal_window_day = 12, 1
    save_as(town, admin_user)
    found = [a.line() for a in audit_register(today=date(2027, 12, 2)).anomalies]
    assert not any("renewal window" in line for line in found), found


def test_the_demo_renewed_in_the_renewal_window_audits_clean(clerk):
    """Every permit of the demo renewed on the first morning of renewal season, through the
    actions: a plan of record filed after a permit measures what was permitted, and is read
    against the renewal measured on the same plan, not against "beyond range" (defect a)."""
    from datetime import datetime
    from zoneinfo import ZoneInfo

    import time_machine

    from permits import actions
    from permits.models import Permit
    from stoneham_boh.ops.demo import load_demo

    loaded, season = date(2027, 3, 2), date(2027, 11, 16)
    boston = ZoneInfo("America/New_York")
    with time_machine.travel(datetime(2027, 3, 2, 12, tzinfo=boston)):
        load_demo(today=loaded)
    with time_machine.travel(datetime(2027, 11, 16, 9, tzinfo=boston)):
        permits = list(
            Permit.objects.filter(status="active", year=2027, expires_on=date(2027, 12, 31))
        )
        batch = actions.renew_together(
            permits=permits,
            payments={p.pk: actions.PaymentTaken(method="check", reference="1") for p in permits},
            by=clerk,
            on=season,
        )
        renewed = [entry for entry in batch.entries.all() if entry.permit_id]
        report = audit_register(today=season)
    assert len(renewed) >= 20, [entry.refusal for entry in batch.entries.all()]
    assert [a.line() for a in report.anomalies] == []
