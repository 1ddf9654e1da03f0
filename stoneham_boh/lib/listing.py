"""One way to serve a filtered list: 25 rows a page, or every row as CSV or .xlsx."""

from __future__ import annotations

from django.core.paginator import Paginator
from django.shortcuts import render

from stoneham_boh.lib.csv_export import requested_format
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
    export_name: str,
    empty: str,
    template: str = "permits/list.html",
    **extra,
):
    filterset = filterset_class(request.GET or None, queryset=queryset, request=request)
    rows = filterset.qs
    # A header's sort link: that column first, the list's own order after it (a stable page).
    sorting = table.sorting(request.GET.get("sort"))
    if sorting is not None:
        field, direction = sorting
        first = f"-{field}" if direction == "desc" else field
        rows = rows.order_by(first, *(rows.query.order_by or ("pk",)))
    fmt = requested_format(request)
    if fmt:
        return table.download(rows.iterator(chunk_size=500), export_name, fmt)
    page = page_of(request, rows)
    return render(
        request,
        template,
        {
            "title": title,
            "filter": filterset,
            "page_obj": page,
            "table": table.context(page.object_list, sorting),
            "empty": empty,
            **extra,
        },
    )
