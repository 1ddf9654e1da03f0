"""The filters of the clerk's lists (django-filter). Each list's CSV exports what they show."""

from __future__ import annotations

import django_filters
from django import forms
from django.db.models import Exists, OuterRef, Q
from django.utils import timezone

from facilities.choices import Species
from facilities.models import AnimalKept
from permits.models import Applicant, Application, Permit, PermitAnimal
from stoneham_boh.lib.search import SearchFilterSet, plain


class ApplicationFilter(SearchFilterSet):
    status = django_filters.ChoiceFilter(choices=Application.Status.choices, empty_label="Any")
    kind = django_filters.ChoiceFilter(choices=Application.Kind.choices, empty_label="Any")
    species = django_filters.ChoiceFilter(
        choices=Species.choices, method="with_species", empty_label="Any", label="Species"
    )
    street = django_filters.CharFilter(method="on_street", label="Street")
    year = django_filters.NumberFilter(
        method="in_year", label="Year", min_value=1900, max_value=2999
    )
    attention = django_filters.BooleanFilter(
        method="needing_attention",
        label="Needing attention",
        widget=forms.CheckboxInput,
    )

    class Meta:
        model = Application
        fields = ["q", "status", "kind", "species", "street", "year", "attention"]

    def on_street(self, queryset, name, value):
        return queryset.filter(lot__street_address__icontains=plain(value))

    def with_species(self, queryset, name, value):
        kept = AnimalKept.objects.filter(application=OuterRef("pk"), species=value)
        return queryset.filter(Exists(kept))

    def in_year(self, queryset, name, value):
        year = int(value)
        return queryset.filter(
            Q(received_on__year=year) | Q(received_on__isnull=True, created_at__year=year)
        )

    def needing_attention(self, queryset, name, value):
        return queryset.needing_attention() if value else queryset


PERMIT_STATUS_CHOICES = Permit.Status.choices


class PermitFilter(SearchFilterSet):
    status = django_filters.ChoiceFilter(
        choices=PERMIT_STATUS_CHOICES, method="in_status", empty_label="Any", label="Status"
    )
    year = django_filters.NumberFilter(
        field_name="year", label="Year", min_value=1900, max_value=2999
    )
    species = django_filters.ChoiceFilter(
        choices=Species.choices, method="with_species", empty_label="Any", label="Species"
    )
    expiring = django_filters.BooleanFilter(
        method="expiring_soon",
        label="Expiring December 31 and not yet renewed",
        widget=forms.CheckboxInput,
    )

    class Meta:
        model = Permit
        fields = ["q", "status", "year", "species", "expiring"]

    def in_status(self, queryset, name, value):
        return queryset.in_status(value, timezone.localdate())

    def with_species(self, queryset, name, value):
        authorized = PermitAnimal.objects.filter(permit=OuterRef("pk"), species=value)
        return queryset.filter(Exists(authorized))

    def expiring_soon(self, queryset, name, value):
        if not value:
            return queryset
        today = timezone.localdate()
        return queryset.expiring_on(today.replace(month=12, day=31))


class ApplicantFilter(SearchFilterSet):
    kind = django_filters.ChoiceFilter(choices=Applicant.Kind.choices, empty_label="Any")

    class Meta:
        model = Applicant
        fields = ["q", "kind"]
