"""Filters of the hearings' lists."""

from __future__ import annotations

import django_filters
from django.db.models import Q

from hearings.models import Variance


class VarianceFilter(django_filters.FilterSet):
    q = django_filters.CharFilter(
        label="Street or name", method="search", help_text="Part of an address or a holder's name."
    )

    class Meta:
        model = Variance
        fields: list[str] = []

    def search(self, queryset, name, value):
        value = value.strip()
        if not value:
            return queryset
        return queryset.filter(
            Q(application__lot__street_address__icontains=value)
            | Q(application__applicant__name__icontains=value)
        )
