"""Columns defined once for a list page's table and for its CSV export.

A list view gives a `Table` the page's rows for `_partials/table.html`, and the whole
filtered queryset for the CSV, so the export says exactly what the filters show.

The rows are written here, not by the template: a page of 25 rows has 200 cells, and the
template language spent more time on them than the rest of the page together (issue 9).
"""

from __future__ import annotations

import csv
import functools
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from html import escape

from django.http import StreamingHttpResponse
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe

from stoneham_boh.lib.badges import status_badge

# Cells a spreadsheet would run as a formula if they began so (CSV injection).
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


@dataclass(frozen=True)
class Column:
    label: str
    value: Callable[[object], object]
    link: str = ""  # URL name taking the object's pk, for the first column usually
    badge: Callable[[object], str] | None = None  # the status class of a badge
    css: str = ""

    def cell(self, obj) -> str:
        """The <td> of `obj`: its text, as a link or a status badge when the column says so."""
        value = self.value(obj)
        text = "" if value is None else str(value)
        if self.badge:
            content = status_badge(self.badge(obj), text)
        elif self.link:
            content = f'<a href="{escape(reverse(self.link, args=[obj.pk]))}">{escape(text)}</a>'
        else:
            content = escape(text)
        return f"{self._td}{content}</td>"

    @functools.cached_property
    def _td(self) -> str:
        return f'<td class="{escape(self.css)}" data-label="{escape(self.label)}">'


@dataclass(frozen=True)
class Table:
    columns: tuple[Column, ...]
    caption: str = ""

    def rows(self, objects: Iterable) -> list[SafeString]:
        """One <tr> per object; every text escaped (html.escape, as Django's escape does)."""
        return [
            mark_safe(f"<tr>{''.join(column.cell(obj) for column in self.columns)}</tr>")  # noqa: S308
            for obj in objects
        ]

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
