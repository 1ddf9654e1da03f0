"""The census page (inspections/views/census.py): animals counted by species and premises."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.inspections.builders import (
    hen_permit,
)

pytestmark = pytest.mark.django_db


def test_the_census_counts_animals_by_species_and_premises(client, clerk):
    first = hen_permit(by=clerk)
    hen_permit(by=clerk, applicant=None)
    from tests import factories

    hen_permit(by=clerk, applicant=factories.applicant(name="=HYPERLINK(1)"))
    client.force_login(clerk)
    page = client.get(reverse("inspections:census") + "?year=2027").content.decode()
    assert "Chicken (hen)" in page and ">18<" in page
    response = client.get(reverse("inspections:census-csv") + "?year=2027")
    body = b"".join(response.streaming_content)
    assert body.startswith("\ufeff".encode())  # Excel reads it as UTF-8
    lines = body.decode("utf-8-sig").splitlines()
    assert lines[0].startswith("year,parcel_id,premises,permit_number")
    assert len(lines) == 4
    assert any(first.lot.parcel_id in line and ",6," in line for line in lines)
    assert any("'=HYPERLINK(1)" in line for line in lines)
