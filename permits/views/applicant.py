"""An applicant's page: their applications and permits."""

from __future__ import annotations

from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET

from permits.models import Applicant
from stoneham_boh.accounts.access import staff_required


@staff_required
@require_GET
def applicant_detail(request, pk):
    applicant = get_object_or_404(Applicant, pk=pk)
    return render(
        request,
        "permits/applicant_detail.html",
        {
            "applicant": applicant,
            "applications": applicant.applications.select_related("lot").order_by("-id")[:100],
            "permits": applicant.permits.select_related("lot").order_by("-year", "-sequence")[:100],
        },
    )
