"""The register, checked: an audit of every permit and every Board decision on file.

It reads the records as they are and re-derives, independently of the code that acts, whether
each may exist (issue 22). Each invariant family is a module with plain functions that return
anomalies, each citing its provision and its record, in the Board's words. It calls the pure
rules module, on the ruleset in force each day with the Board's amendments
(hearings/ruleset_in_force.py, which only reads the amendment records), and reads the models;
it never calls the actions, permits.eligibility or the facts adapter
(permits.facts_from_records), so a mistake there does not hide from it.
"""

from __future__ import annotations

import time
from datetime import date

from django.utils import timezone

from permits.models import AuditRun
from stoneham_boh.town.current import town_scope

from .anomaly import BREACH, FAMILIES, NOT_SHOWN, Anomaly, Report
from .board import check_decisions
from .construction import check_construction
from .corrections import check_corrections
from .decided import check_permit_is_the_decision
from .documents import check_documents
from .executive_sessions import check_executive_sessions
from .minutes import check_minutes
from .notice import check_notices
from .off_map import check_lots_off_the_map
from .open_meeting import check_open_meetings
from .parcel import check_parcels
from .permit_year import check_permit_years
from .provenance import check_provenance
from .public_records import check_records_requests
from .register import load
from .rules_on_day import check_rules_on_day
from .together import check_renewals_together
from .votes import check_votes
from .wordings import check_wordings

# In order: the decisions first, since a permit resting on a faulty decision says so.
CHECKS = (
    check_decisions,
    check_open_meetings,
    check_minutes,
    check_provenance,
    check_permit_is_the_decision,
    check_documents,
    check_rules_on_day,
    check_notices,
    check_parcels,
    check_lots_off_the_map,
    check_permit_years,
    check_construction,
    check_corrections,
    check_renewals_together,
    check_records_requests,
    check_votes,
    check_executive_sessions,
    check_wordings,
)

__all__ = [
    "BREACH",
    "CHECKS",
    "FAMILIES",
    "NOT_SHOWN",
    "Anomaly",
    "Report",
    "audit_register",
    "record_audit",
    "report_of",
]


def audit_register(*, today: date | None = None) -> Report:
    """Check every permit (but void ones) and every decision on file."""
    started = time.perf_counter()
    # The town (and so the Board's amendments, hearings/ruleset_in_force.py) read once.
    with town_scope():
        register = load(today or timezone.localdate())
        report = Report(
            permits_checked=len(register.permits), decisions_checked=len(register.decisions)
        )
        for check in CHECKS:
            report.anomalies += check(register)
    report.seconds = time.perf_counter() - started
    return report


def record_audit(*, by=None, source: str, today: date | None = None):
    """Run the audit and keep its result (permits.models.AuditRun): the page shows the last
    one, the nightly command and the page's "Run the check now" write one."""
    today = today or timezone.localdate()
    report = audit_register(today=today)
    return AuditRun.objects.create(
        ran_by=by,
        source=source,
        judged_on=today,
        permits_checked=report.permits_checked,
        decisions_checked=report.decisions_checked,
        seconds=round(report.seconds, 2),
        anomalies=[anomaly.as_json() for anomaly in report.anomalies],
    )


def report_of(run) -> Report:
    """A kept run, as the report the page and the command show."""
    return Report(
        permits_checked=run.permits_checked,
        decisions_checked=run.decisions_checked,
        anomalies=[Anomaly.from_json(data) for data in run.anomalies],
        seconds=run.seconds,
    )
