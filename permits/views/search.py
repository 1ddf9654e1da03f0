"""The search across records, from the box in every staff page's menu."""

from __future__ import annotations

from django.shortcuts import render
from django.views.decorators.http import require_GET

from permits.finder import find_records
from stoneham_boh.accounts.access import staff_required
from stoneham_boh.lib.search import plain


@staff_required
@require_GET
def search_records(request):
    text = plain(request.GET.get("q", ""))[:200]
    groups = find_records(text)
    return render(
        request,
        "permits/search.html",
        {
            "q": text,
            # The lists read a name either way round too (SearchFilterSet.search).
            "list_q": text,
            "groups": groups,
            "nothing": bool(text) and not any(group.total for group in groups),
            "on_search_page": True,  # its own box, not the one above every page
        },
    )
