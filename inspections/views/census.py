"""The annual animal census page and its CSV and .xlsx exports."""

from __future__ import annotations

from django.shortcuts import render
from django.utils import timezone

from inspections.census import (
    HEADER,
    census_rows,
    premises_count,
    totals_by_species,
    years_on_record,
)
from inspections.forms import CensusForm
from inspections.views.common import readers
from stoneham_boh.lib.csv_export import spreadsheet_download


def _year(request) -> int:
    form = CensusForm(request.GET)
    return form.cleaned_data["year"] if form.is_valid() else timezone.localdate().year


@readers
def census(request):
    year = _year(request)
    totals = totals_by_species(year)
    return render(
        request,
        "inspections/census.html",
        {
            "year": year,
            "years": sorted(set(years_on_record()) | {year}, reverse=True),
            "totals": totals,
            "animal_total": sum(row["animals"] for row in totals),
            "premises_total": premises_count(year) if totals else 0,
        },
    )


@readers
def census_download(request, fmt: str):
    """The census as CSV or .xlsx (census.csv, census.xlsx): the same columns either way."""
    year = _year(request)
    return spreadsheet_download(HEADER, census_rows(year), f"animal-census-{year}", fmt)
