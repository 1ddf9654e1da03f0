"""Distances measured from the drawn plan, fed into the facts in place of typed figures."""

from __future__ import annotations

import pytest

from facilities import actions
from facilities.models import Parcel, SitePlan, Structure
from permits.facts_from_records import evaluate_application, facts_for
from stoneham_boh.lib.errors import ActionRefused
from tests import factories
from tests.facilities import parcel_layers as layer

pytestmark = pytest.mark.django_db
X, Y = layer.X0, layer.Y0


@pytest.fixture
def application(tmp_path, clerk):
    actions.import_parcel_layer(path=layer.write(tmp_path / "M284.zip"), by=clerk)
    lot = factories.lot(parcel_id=layer.MAP_IDS["N2"])
    actions.link_lot_to_parcel(lot=lot, parcel=Parcel.objects.get(loc_id="L_N2"), by=clerk)
    return factories.new_hen_application(by=clerk, lot=lot)  # coop C1, typed 60 ft from the line


def coop_at(x, y, **extra):
    # 10 ft square; N2 runs x 60..90 (side lines), y 12 (the street) .. 62 (rear line).
    return {
        "id": "C1",
        "kind": "structure",
        "form": "rect",
        "x": X + x,
        "y": Y + y,
        "width_ft": 10,
        "depth_ft": 10,
        "rotation_deg": 0,
        **extra,
    }


def test_every_distance_is_measured_in_feet_from_the_plan(application, clerk):
    shapes = [
        coop_at(75, 40),
        {
            "id": "HOUSE",
            "kind": "dwelling",
            "form": "rect",
            "x": X + 75,
            "y": Y + 22,
            "width_ft": 30,
            "depth_ft": 20,
            "rotation_deg": 0,
        },
        {"id": "WELL", "kind": "well", "form": "point", "x": X + 62, "y": Y + 60},
        {
            "id": "TANK",
            "kind": "septic",
            "form": "polygon",
            "points": [[X + 80, Y + 38], [X + 88, Y + 38], [X + 88, Y + 46], [X + 80, Y + 46]],
        },
        {
            "id": "BROOK",
            "kind": "watercourse",
            "form": "line",
            "points": [[X + 300, Y + 0], [X + 300, Y + 100]],
        },
    ]
    measured = actions.measure_shapes(application=application, shapes=shapes)["C1"]
    half = 1.524  # half the coop's 10 ft, in metres
    ft = 1 / 0.3048
    assert measured["property_line"] == round((15 - half) * ft, 1) == 44.2  # the side line
    assert measured["lot_line"] == 44.2
    assert measured["public_way"] == round((28 - half) * ft, 1)
    assert measured["sewage_disposal"] == round((80 - 75 - half) * ft, 1)
    assert measured["well"] == pytest.approx(
        ((13 - half) ** 2 + (20 - half) ** 2) ** 0.5 * ft, abs=0.1
    )
    assert measured["dwelling"] == round((40 - half - 22 - 3.048) * ft, 1)
    assert measured["watercourse"] is None  # 220 m away: none within 300 ft
    assert measured["abutting_dwelling"] == round((100 - 75 - half) * ft, 1)  # the house on N3


def test_the_measured_figure_governs_over_the_typed_one_in_the_facts(application, clerk):
    assert facts_for(application)["structures"][0]["distances_ft"]["property_line"] == 60
    actions.save_site_plan(application=application, shapes=[coop_at(75, 40)], by=clerk)
    coop = Structure.objects.get(application=application, label="C1")  # beside the manure bin
    assert coop.distance_property_line_ft == 60  # the typed figure stays on record
    distances = facts_for(application)["structures"][0]["distances_ft"]
    assert distances["property_line"] == 44.2
    failing = [f for f in evaluate_application(application)["findings"] if f["rule"] == "20-15.4.a"]
    assert failing[0]["status"] == "fail" and failing[0]["actual"] == 44.2


def test_moving_the_structure_back_from_the_line_makes_the_setback_pass(application, clerk):
    # The lot is only 30 m wide: turn the coop into a thin one in the middle, then check the
    # 50 ft rule against the rear line only by drawing the lot's middle.
    actions.save_site_plan(application=application, shapes=[coop_at(75, 40)], by=clerk)
    assert _finding(application)["status"] == "fail"
    actions.save_site_plan(
        application=application,
        shapes=[coop_at(75, 40, width_ft=4, depth_ft=4)],
        by=clerk,
    )
    assert _finding(application)["actual"] == round((15 - 0.6096) / 0.3048, 1)
    assert SitePlan.objects.get(application=application).history.count() == 2


def _finding(application):
    return next(
        f for f in evaluate_application(application)["findings"] if f["rule"] == "20-15.4.a"
    )


def test_a_shape_drawn_before_its_structure_is_typed_is_kept_unmeasured(application, clerk):
    """Drawn before it is typed on the application (issue 26.21): the drawing is kept, and
    the plan names it for the page to say where to add it; no structure is measured by it."""
    before = {s.label: s.measured_distances_ft for s in application.structures.all()}
    plan = actions.save_site_plan(
        application=application, shapes=[coop_at(75, 40, id="S9")], by=clerk
    )
    assert plan.undescribed == ["S9"]
    assert [shape["id"] for shape in SitePlan.objects.get(application=application).shapes] == ["S9"]
    after = {s.label: s.measured_distances_ft for s in application.structures.all()}
    assert after == before


@pytest.mark.parametrize(
    ("shape", "message"),
    [
        (
            {"id": "C1", "kind": "structure", "form": "rect", "x": "east"},
            "Shape C1: x must be a number",
        ),
        ({"id": "C1", "kind": "barn", "form": "rect"}, "Shape C1: kind must be one of"),
        (
            {
                "id": "P",
                "kind": "wetland",
                "form": "polygon",
                "points": [[0, 0], [1, 1], [1, 0], [0, 1]],
            },
            "Shape P: the outline is broken",
        ),
        (
            {"id": "C1", "kind": "structure", "form": "point", "x": 1, "y": 2},
            "a structure is drawn as a rectangle or a polygon",
        ),
    ],
)
def test_a_shape_that_cannot_be_drawn_is_refused_naming_it(application, clerk, shape, message):
    with pytest.raises(ActionRefused, match=message):
        actions.save_site_plan(application=application, shapes=[shape], by=clerk)
    assert not SitePlan.objects.exists()
