"""The register, checked: the audit's anomalies for the Board and the administrator."""

from __future__ import annotations

from django.shortcuts import render

from permits.audit import NOT_SHOWN, audit_register
from stoneham_boh.accounts.access import role_required
from stoneham_boh.accounts.roles import Role


@role_required(Role.BOARD)
def register_checked(request):
    """Every permit and Board decision on file, checked against what it must be able to show
    (issue 22); the administrator holds the Board's role here too."""
    report = audit_register()
    return render(
        request,
        "permits/register_checked.html",
        {
            "report": report,
            "families": report.by_family(),
            "not_shown": sum(1 for a in report.anomalies if a.kind == NOT_SHOWN),
        },
    )
