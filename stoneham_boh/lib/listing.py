"""One way to serve a filtered list: 25 rows a page, or every row as CSV."""

from __future__ import annotations

from django.core.paginator import Paginator
from django.shortcuts import render

from stoneham_boh.lib.tables import Table

PAGE_SIZE = 25


def page_of(request, rows, size: int = PAGE_SIZE):
    """The requested page of `rows` (a count and a slice: two queries, however long the list).

    Templates show it with `_partials/pagination.html` (as `page_obj`).
    """
    return Paginator(rows, size).get_page(request.GET.get("page"))


def list_page(
    request,
    *,
    filterset_class,
    queryset,
    table: Table,
    title: str,
    csv_name: str,
    empty: str,
    template: str = "permits/list.html",
    **extra,
):
    filterset = filterset_class(request.GET or None, queryset=queryset, request=request)
    rows = filterset.qs
    if request.GET.get("format") == "csv":
        return table.csv_response(rows.iterator(chunk_size=500), csv_name)
    page = page_of(request, rows)
    return render(
        request,
        template,
        {
            "title": title,
            "filter": filterset,
            "page_obj": page,
            "table": table.context(page.object_list),
            "empty": empty,
            **extra,
        },
    )
