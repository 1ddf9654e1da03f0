"""Columns defined once for a list page's table and for its CSV export.

A list view gives a `Table` the page's rows for `_partials/table.html`, and the whole
filtered queryset for the CSV or .xlsx, so the export says exactly what the filters show.

The rows are written here, not by the template: a page of 25 rows has 200 cells, and the
template language spent more time on them than the rest of the page together (issue 9).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from html import escape

from django.http import HttpResponse
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe

from stoneham_boh.lib.badges import status_badge
from stoneham_boh.lib.csv_export import spreadsheet_download


@dataclass(frozen=True)
class Column:
    label: str
    value: Callable[[object], object]
    link: str = ""  # URL name taking the object's pk, for the first column usually
    badge: Callable[[object], str] | None = None  # the status class of a badge
    css: str = ""
    # The model field the list may be sorted by on this column (a header link); "" for none.
    sort: str = ""

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

    def sorting(self, requested: str | None) -> tuple[str, str] | None:
        """(field, "asc" or "desc") for a `sort` parameter naming a sortable column ("-" first
        for descending, as the header links write it); None for any other value."""
        if not requested:
            return None
        field = requested.removeprefix("-")
        if not any(column.sort == field for column in self.columns):
            return None
        return field, "desc" if requested.startswith("-") else "asc"

    def context(self, objects: Iterable, sorting: tuple[str, str] | None = None) -> dict:
        return {
            "caption": self.caption,
            "headers": [self._header(c, sorting) for c in self.columns],
            "rows": self.rows(objects),
        }

    @staticmethod
    def _header(column: Column, sorting) -> dict:
        """A header: its label, and for a sortable column the `sort` value of its link (the
        other direction when it is the sort in force) and its aria-sort state."""
        if not column.sort:
            return {"label": column.label}
        current = sorting[1] if sorting and sorting[0] == column.sort else None
        return {
            "label": column.label,
            "sort": f"-{column.sort}" if current == "asc" else column.sort,
            "aria_sort": {"asc": "ascending", "desc": "descending"}.get(current, "none"),
        }

    def download(self, objects: Iterable, stem: str, fmt: str) -> HttpResponse:
        """Every object as `stem`.csv (streamed) or `stem`.xlsx, the columns of the page;
        `objects` is read in chunks so a long archive stays cheap."""
        return spreadsheet_download(
            [c.label for c in self.columns],
            ([c.value(obj) for c in self.columns] for obj in objects),
            stem,
            fmt,
        )
