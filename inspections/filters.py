"""The filters of the inspection, order and complaint lists (django-filter)."""

from __future__ import annotations

import django_filters
from django import forms
from django.utils import timezone

from facilities.models import Lot
from inspections.models import Complaint, Inspection, Order
from stoneham_boh.lib.search import plain


def search_lot(queryset, _name, value):
    """Match the lot by street address or parcel id: the lots' own search."""
    value = plain(value)
    if not value:
        return queryset
    return queryset.filter(lot__in=Lot.objects.search(value))


def lot_search_filter():
    return django_filters.CharFilter(
        method=search_lot,
        label="Address or parcel",
        widget=forms.TextInput(attrs={"type": "search", "placeholder": "e.g. Spring Street"}),
    )


class StyledFilterSet(django_filters.FilterSet):
    """Bootstrap's classes on every field, and phone-sized controls."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for bound in self.form.fields.values():
            widgets = getattr(bound.widget, "widgets", [bound.widget])
            for widget in widgets:
                css = "form-select" if isinstance(widget, forms.Select) else "form-control"
                widget.attrs["class"] = f"{css} touch-target"


class AgendaFilter(StyledFilterSet):
    """The agent's list: scheduled inspections up to a fortnight ahead."""

    whose = django_filters.ChoiceFilter(
        choices=[("mine", "Mine"), ("all", "Everyone's")],
        method="filter_whose",
        empty_label=None,
        label="Whose",
    )
    kind = django_filters.ChoiceFilter(choices=Inspection.Kind.choices, empty_label="Any kind")

    class Meta:
        model = Inspection
        fields = ["whose", "kind"]

    def filter_whose(self, queryset, _name, value):
        if value == "all" or self.request is None:
            return queryset
        return queryset.for_agent(self.request.user)


class InspectionFilter(StyledFilterSet):
    q = lot_search_filter()
    status = django_filters.ChoiceFilter(choices=Inspection.Status.choices, empty_label="Any")
    kind = django_filters.ChoiceFilter(choices=Inspection.Kind.choices, empty_label="Any kind")
    scheduled_for = django_filters.DateFromToRangeFilter(
        label="Between",
        widget=django_filters.widgets.DateRangeWidget(attrs={"type": "date"}),
    )

    class Meta:
        model = Inspection
        fields = ["q", "status", "kind", "scheduled_for"]


class OrderFilter(StyledFilterSet):
    OVERDUE = "overdue"

    q = lot_search_filter()
    status = django_filters.ChoiceFilter(
        choices=[(OVERDUE, "Open and past the deadline"), *Order.Status.choices],
        method="filter_status",
        empty_label="Any",
    )

    class Meta:
        model = Order
        fields = ["q", "status"]

    def filter_status(self, queryset, _name, value):
        if value == self.OVERDUE:
            return queryset.overdue_on(timezone.localdate())
        return queryset.filter(status=value)


class ComplaintFilter(StyledFilterSet):
    q = lot_search_filter()
    status = django_filters.ChoiceFilter(choices=Complaint.Status.choices, empty_label="Any")
    nature = django_filters.ChoiceFilter(choices=Complaint.Nature.choices, empty_label="Any")

    class Meta:
        model = Complaint
        fields = ["q", "status", "nature"]
