"""Columns defined once for a list page's table and for its CSV export.

A list view gives a `Table` the page's rows for `_partials/table.html`, and the whole
filtered queryset for the CSV, so the export says exactly what the filters show.
"""

from __future__ import annotations

import csv
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from django.http import StreamingHttpResponse
from django.urls import reverse

# Cells a spreadsheet would run as a formula if they began so (CSV injection).
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


@dataclass(frozen=True)
class Column:
    label: str
    value: Callable[[object], object]
    link: str = ""  # URL name taking the object's pk, for the first column usually
    badge: Callable[[object], str] | None = None  # the status class of a badge
    css: str = ""

    def cell(self, obj) -> dict:
        value = self.value(obj)
        text = "" if value is None else str(value)
        return {
            "text": text,
            "url": reverse(self.link, args=[obj.pk]) if self.link else "",
            "badge": self.badge(obj) if self.badge else "",
            "css": self.css,
        }


@dataclass(frozen=True)
class Table:
    columns: tuple[Column, ...]
    caption: str = ""

    def rows(self, objects: Iterable) -> list[list[dict]]:
        return [[column.cell(obj) for column in self.columns] for obj in objects]

    def context(self, objects: Iterable) -> dict:
        return {
            "caption": self.caption,
            "headers": [c.label for c in self.columns],
            "rows": self.rows(objects),
        }

    def csv_response(self, objects: Iterable, filename: str) -> StreamingHttpResponse:
        """Stream every object as CSV; iterates in chunks so a long archive stays cheap."""

        class Echo:
            def write(self, value):
                return value

        writer = csv.writer(Echo())

        def lines():
            yield writer.writerow([c.label for c in self.columns])
            for obj in objects:
                yield writer.writerow([_safe(c.value(obj)) for c in self.columns])

        response = StreamingHttpResponse(lines(), content_type="text/csv; charset=utf-8")
        response["Content-Disposition"] = f'attachment; filename="{filename}"'
        return response


def _safe(value) -> str:
    text = "" if value is None else str(value)
    return "'" + text if text.startswith(_FORMULA_START) else text
