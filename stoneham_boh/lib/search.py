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
        # A name typed last name first is found as the records write it (name_forms).
        forms = name_forms(value)
        found = queryset.search(forms[0])
        for form in forms[1:]:
            found = found | queryset.search(form)
        return found.distinct() if len(forms) > 1 else found


def name_forms(text: str) -> list[str]:
    """The text as typed, and, for a name typed last name first as on the tax list ("Núñez,
    José"), the name as the records write it ("José Núñez")."""
    text = plain(text)
    last, comma, first = text.partition(",")
    if comma and last.strip() and first.strip():
        return [text, f"{first.strip()} {last.strip()}"]
    # Without the comma too ("Burke Brian", as the search box's hint offers): two or three
    # words of a name (no digit: not an address), the first read as the last name.
    words = text.split()
    if 2 <= len(words) <= 3 and not any(ch.isdigit() for ch in text):
        return [text, " ".join([*words[1:], words[0]])]
    return [text]
