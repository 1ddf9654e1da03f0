"""One reading of which distance governs a structure: measured on the plan where the plan
draws that kind of feature, else typed; unknown once the plan no longer draws the structure.
The rules' facts, the application's table and the printed plan all show that one reading."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.template.loader import render_to_string

from facilities.choices import NOT_DRAWN
from facilities.models import GoverningDistance, Structure
from permits.facts_from_records import _structure_facts

pytestmark = pytest.mark.django_db


def coop(measured=None) -> Structure:
    return Structure(
        label="C1",
        kind="coop",
        distance_property_line_ft=Decimal("40"),
        distance_public_way_ft=Decimal("30"),
        distance_well_ft=Decimal("120"),
        measured_distances_ft=measured,
    )


def test_a_structure_no_plan_measured_is_read_by_its_typed_figures():
    distances = coop().governing_distances()
    assert distances["property_line"] == GoverningDistance(
        "Abutting property line", Decimal("40"), GoverningDistance.TYPED, Decimal("40")
    )
    assert distances["wetland"].value is None and distances["wetland"].source == "typed"
    assert _structure_facts(coop())["distances_ft"] == {
        "property_line": 40,
        "public_way": 30,
        "well": 120,
    }


def test_the_measured_figure_governs_and_a_measured_none_means_none_within_range():
    structure = coop({"property_line": 22.5, "well": None})
    distances = structure.governing_distances()
    assert distances["property_line"].value == 22.5 and distances["property_line"].on_plan
    assert distances["well"].on_plan and distances["well"].value is None
    assert distances["public_way"].value == Decimal("30")  # the plan draws no public way
    assert _structure_facts(structure)["distances_ft"] == {"property_line": 22.5, "public_way": 30}


def test_a_structure_the_plan_no_longer_draws_has_every_distance_unknown():
    structure = coop({NOT_DRAWN: True})
    assert {d.source for d in structure.governing_distances().values()} == {"unknown"}
    facts = _structure_facts(structure)
    assert facts["distances_ft"] == {} and facts["distances_unknown"] is True
    rows = structure.distance_rows()
    assert all(row["unknown"] for row in rows)


def test_the_table_and_the_printed_plan_show_the_figure_that_governs():
    structure = coop({"property_line": 22.5, "public_way": 61.0})
    table = render_to_string("facilities/_structure_distances.html", {"structure": structure})
    assert "22.5 ft</strong>" in table and "(typed 40 ft)" in table
    assert '120 ft <span class="text-body-secondary">typed</span>' in table
    printed = render_to_string("pdf/_site_plan_setbacks.html", {"structures": [structure]})
    assert "C1 22.5 ft from the abutting property line, 61.0 ft from the public way;" in printed
    not_drawn = render_to_string("pdf/_site_plan_setbacks.html", {"structures": [coop()]})
    assert "C1" not in not_drawn
