"""The benchmark's data audits clean (issue 22, "Done when"): every record the builder writes
in bulk carries the provenance the regulation asks, so the audit over it finds nothing. A
small set of each kind, built twice as the benchmark builds it (a small set, then more)."""

from __future__ import annotations

import pytest
from django.utils import timezone

from permits.audit import audit_register
from permits.models import Permit
from stoneham_boh.bench import benchdata
from stoneham_boh.ops.demo import ensure_demo_users


@pytest.mark.django_db
def test_a_small_benchmark_set_audits_clean():
    users = ensure_demo_users()
    staff = {
        "agent": users["agent"],
        "clerk": users["clerk"],
        "board": [users["board"], users["board2"], users["board3"]],
    }
    today = timezone.localdate()
    for scale in (10, 12):
        benchdata.add_records(scale, today=today, **staff)
    report = audit_register(today=today)
    assert [a.line() for a in report.anomalies] == []
    # It checked the whole set: every permit (each in force) and every decision of the Board.
    assert report.permits_checked == Permit.objects.filter(status="active").count() == 22
    assert report.decisions_checked > report.permits_checked
