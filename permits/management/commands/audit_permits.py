"""manage.py audit_permits: check every permit and every Board decision on file (issue 22).

Exit status 0 when the register is clean; 1, printing every anomaly with its provision and
its record, when it is not. Each run is kept (permits.models.AuditRun): the page "The register,
checked" shows the last one.
"""

from __future__ import annotations

import sys

from django.core.management.base import BaseCommand

from permits.audit import NOT_SHOWN, record_audit, report_of
from permits.models import AuditRun


class Command(BaseCommand):
    help = "Audit the register: every permit and decision must be able to show it may exist."

    def handle(self, *args, **options):
        report = report_of(record_audit(source=AuditRun.Source.COMMAND))
        for anomaly in report.anomalies:
            self.stdout.write(f"{anomaly.family_label}: {anomaly.line()}")
        not_shown = sum(1 for a in report.anomalies if a.kind == NOT_SHOWN)
        summary = (
            f"Checked {report.permits_checked} permits and {report.decisions_checked} "
            f"decisions in {report.seconds:.1f} s: "
            + (
                "no anomaly."
                if report.clean
                else f"{len(report.anomalies)} anomalies ({not_shown} cannot be shown)."
            )
        )
        self.stdout.write(summary)
        if not report.clean:
            sys.exit(1)
