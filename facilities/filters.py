"""Filters of the lots list (django-filter)."""

from __future__ import annotations

import django_filters
from django.db.models import Q

from facilities.choices import ZoningDistrict
from facilities.models import Lot
from stoneham_boh.lib.search import plain


class LotFilter(django_filters.FilterSet):
    q = django_filters.CharFilter(method="search", label="Street address or parcel id")
    zoning_district = django_filters.ChoiceFilter(
        choices=ZoningDistrict.choices, empty_label="Any", label="Zoning district"
    )

    class Meta:
        model = Lot
        fields = ["q", "zoning_district"]

    def search(self, queryset, name, value):
        value = plain(value)
        if not value:
            return queryset
        return queryset.filter(
            Q(street_address__icontains=value) | Q(parcel_id__icontains=value.upper())
        )
