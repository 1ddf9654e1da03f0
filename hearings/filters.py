"""Filters of the hearings' lists."""

from __future__ import annotations

import django_filters

from hearings.models import Variance
from stoneham_boh.lib.search import SearchFilterSet


class VarianceFilter(SearchFilterSet):
    q = django_filters.CharFilter(
        label="Street or name", method="search", help_text="Part of an address or a holder's name."
    )

    class Meta:
        model = Variance
        fields: list[str] = []
