"""The annual animal census page and its CSV export."""

from __future__ import annotations

from django.http import StreamingHttpResponse
from django.shortcuts import render
from django.utils import timezone

from inspections.census import (
    census_csv_lines,
    premises_count,
    totals_by_species,
    years_on_record,
)
from inspections.forms import CensusForm
from inspections.views.common import readers


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
def census_csv(request):
    year = _year(request)
    response = StreamingHttpResponse(census_csv_lines(year), content_type="text/csv")
    response["Content-Disposition"] = f'attachment; filename="animal-census-{year}.csv"'
    return response
