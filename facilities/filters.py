"""Filters of the lots list (django-filter)."""

from __future__ import annotations

import django_filters

from facilities.choices import ZoningDistrict
from facilities.models import Lot
from stoneham_boh.lib.search import SearchFilterSet


class LotFilter(SearchFilterSet):
    q = django_filters.CharFilter(method="search", label="Street address or parcel id")
    zoning_district = django_filters.ChoiceFilter(
        choices=ZoningDistrict.choices, empty_label="Any", label="Zoning district"
    )

    class Meta:
        model = Lot
        fields = ["q", "zoning_district"]
