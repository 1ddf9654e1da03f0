"""The annual animal census: animals by species and premises, for the Inspector of Animals.

The Inspector of Animals reports to the Commonwealth each year the animals kept in town. The
Board's record of them is the permits issued for the year (§20-20(3): the exact number and kind
of animals), so the census reads the animals of every permit of that year that was not voided.
"""

from __future__ import annotations

from collections.abc import Iterator

from django.db.models import Count, Sum

from facilities.choices import Species
from permits.models import Permit, PermitAnimal

HEADER = [
    "year",
    "parcel_id",
    "premises",
    "permit_number",
    "permit_status",
    "keeper",
    "species",
    "count",
    "mature_count",
]


def census_animals(year: int):
    return (
        PermitAnimal.objects.filter(permit__year=year, count__gt=0)
        .exclude(permit__status=Permit.Status.VOID)
        .select_related("permit__lot", "permit__holder")
        .order_by("permit__lot__street_address", "permit__lot__parcel_id", "species")
    )


def totals_by_species(year: int) -> list[dict]:
    rows = (
        census_animals(year)
        .order_by()
        .values("species")
        .annotate(animals=Sum("count"), premises=Count("permit__lot", distinct=True))
        .order_by("species")
    )
    labels = dict(Species.choices)
    return [{**row, "label": labels.get(row["species"], row["species"])} for row in rows]


def premises_count(year: int) -> int:
    return census_animals(year).order_by().values("permit__lot").distinct().count()


def years_on_record() -> list[int]:
    return list(Permit.objects.order_by("-year").values_list("year", flat=True).distinct())


def census_rows(year: int) -> Iterator[tuple]:
    """The census's rows under HEADER, one an animal kind a permit, for its CSV and .xlsx."""
    labels = dict(Species.choices)

    def rows():
        for animal in census_animals(year).iterator(chunk_size=2000):
            permit = animal.permit
            yield (
                year,
                permit.lot.parcel_id,
                permit.lot.street_address,
                permit.number,
                permit.get_status_display(),
                permit.holder.name,
                labels.get(animal.species, animal.species),
                animal.count,
                animal.mature_count if animal.mature_count is not None else animal.count,
            )

    return rows()
