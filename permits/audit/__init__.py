"""The register, checked: an audit of every permit and every Board decision on file.

It reads the records as they are and re-derives, independently of the code that acts, whether
each may exist (issue 22). Each invariant family is a module with plain functions that return
anomalies, each citing its provision and its record, in the Board's words. It calls the pure
rules module and reads the models; it never calls the actions, permits.eligibility or the
facts adapter (permits.facts_from_records), so a mistake there does not hide from it.
"""

from __future__ import annotations

import time
from datetime import date

from django.utils import timezone

from .anomaly import BREACH, FAMILIES, NOT_SHOWN, Anomaly, Report
from .board import check_decisions
from .construction import check_construction
from .notice import check_notices
from .parcel import check_parcels
from .permit_year import check_permit_years
from .provenance import check_provenance
from .register import load
from .rules_on_day import check_rules_on_day

# In order: the decisions first, since a permit resting on a faulty decision says so.
CHECKS = (
    check_decisions,
    check_provenance,
    check_rules_on_day,
    check_notices,
    check_parcels,
    check_permit_years,
    check_construction,
)

__all__ = ["BREACH", "CHECKS", "FAMILIES", "NOT_SHOWN", "Anomaly", "Report", "audit_register"]


def audit_register(*, today: date | None = None) -> Report:
    """Check every permit (but void ones) and every decision on file."""
    started = time.perf_counter()
    register = load(today or timezone.localdate())
    report = Report(
        permits_checked=len(register.permits), decisions_checked=len(register.decisions)
    )
    for check in CHECKS:
        report.anomalies += check(register)
    report.seconds = time.perf_counter() - started
    return report
