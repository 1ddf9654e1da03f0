"""The register, checked: the audit's last result, for the Board and the administrator.

Reading the whole register again takes a while on a town's records, so the page shows the
last run kept (permits.models.AuditRun, written by manage.py audit_permits, which a deployment
schedules nightly) and its age; "Run the check now" runs it again and keeps that run.
"""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from permits.audit import NOT_SHOWN, record_audit, report_of
from permits.models import AuditRun
from stoneham_boh.accounts.access import role_required
from stoneham_boh.accounts.roles import Role


@role_required(Role.BOARD)
@require_http_methods(["GET", "POST"])
def register_checked(request):
    """Every permit and Board decision on file, checked against what it must be able to show
    (issue 22); the administrator holds the Board's role here too."""
    if request.method == "POST":
        run = record_audit(by=request.user, source=AuditRun.Source.PAGE)
        found = len(run.anomalies)
        messages.success(
            request,
            "The register was checked again: "
            + (f"{found} anomal{'y' if found == 1 else 'ies'}." if found else "no anomaly."),
        )
        return redirect("permits:register-checked")
    run = AuditRun.objects.select_related("ran_by").first()
    report = report_of(run) if run is not None else None
    return render(
        request,
        "permits/register_checked.html",
        {
            "run": run,
            "report": report,
            "families": report.by_family() if report else [],
            "not_shown": sum(1 for a in report.anomalies if a.kind == NOT_SHOWN) if report else 0,
        },
    )
