"""One search across the records from any page: applicants, lots, permits and applications,
each found by its own `search` (the lists' and the intake's), a name typed last name first
found as written."""

from __future__ import annotations

from dataclasses import dataclass
from functools import reduce
from operator import or_

from facilities.models import Lot
from permits.models import Applicant, Application, Permit
from stoneham_boh.lib.search import name_forms

SHOWN = 10


@dataclass
class Found:
    title: str
    rows: list
    total: int
    list_url: str  # the list of that kind, filtered by the same text


def _matching(queryset, forms):
    return reduce(or_, (queryset.search(form) for form in forms)).distinct()


def find_records(text: str) -> list[Found]:
    forms = name_forms(text)
    if not forms[0]:
        return []
    groups = [
        (
            "Applicants",
            Applicant.objects.order_by("name", "id"),
            "permits:applicant-list",
        ),
        (
            "Permits",
            Permit.objects.select_related("holder", "lot").order_by("-year", "number"),
            "permits:permit-list",
        ),
        (
            "Applications",
            Application.objects.exclude(lot=None)
            .select_related("applicant", "lot")
            .order_by("-id"),
            "permits:application-list",
        ),
        ("Lots", Lot.objects.order_by("street_address", "id"), "facilities:lot-list"),
    ]
    found = []
    for title, queryset, list_url in groups:
        matching = _matching(queryset, forms)
        found.append(Found(title, list(matching[:SHOWN]), matching.count(), list_url))
    return found
