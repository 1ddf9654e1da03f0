"""The agent's and the clerk's lot search on the complaint and schedule forms: the intake's
search (permits.views.intake.search_lots), its results as radio choices named "lot"."""

from __future__ import annotations

from django.shortcuts import render
from django.views.decorators.http import require_GET

from inspections.views.common import complaint_desk
from permits.views.intake import search_lots


@complaint_desk
@require_GET
def lot_search(request):
    """htmx: the lots matching what is typed in the form's lot box."""
    text = request.GET.get("lot_q", "")
    return render(
        request,
        "permits/_intake_results.html",
        {"what": "lot", "results": search_lots(text), "query": text, "chosen": ""},
    )
