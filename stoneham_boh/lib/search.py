"""Free-text search: the one `q` filter of every list, and search text the database can take.

Each model searched has a `search(text)` queryset method; the list filters and the intake
search both call it, so a record found in one is found in the other.
"""

from __future__ import annotations

import django_filters


def plain(text: str) -> str:
    """Search text without NUL characters, which PostgreSQL refuses in any string."""
    return text.replace("\x00", "").strip()


class SearchFilterSet(django_filters.FilterSet):
    """A filter set whose `q` is the model's own `search` queryset method."""

    q = django_filters.CharFilter(method="search", label="Search")

    def search(self, queryset, name, value):
        return queryset.search(plain(value))


def name_forms(text: str) -> list[str]:
    """The text as typed, and, for a name typed last name first as on the tax list ("Núñez,
    José"), the name as the records write it ("José Núñez")."""
    text = plain(text)
    last, comma, first = text.partition(",")
    if comma and last.strip() and first.strip():
        return [text, f"{first.strip()} {last.strip()}"]
    return [text]
