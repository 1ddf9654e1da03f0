"""The site-plan editor is bounded (point 7 of the third trust round): shapes beyond the lot's
reach are refused, every field is capped before it is parsed, ids are printable, and printing
a plan cannot be made to draw without end."""

from __future__ import annotations

import io
import time

import pytest
from django.urls import reverse
from PIL import Image

from facilities import actions
from facilities.models import SitePlan
from facilities.siteplan import raster
from facilities.siteplan.drawing import plan_svg
from facilities.siteplan.shapes import ShapeError, parse_shapes
from stoneham_boh.lib.errors import ActionRefused
from tests.facilities.siteplan.test_editor import at_from_rear_line, stable_row
from tests.facilities.wide_lot import application_on_the_wide_lot

pytestmark = pytest.mark.django_db


@pytest.fixture
def application(tmp_path, clerk):
    return application_on_the_wide_lot(tmp_path, clerk)


def post(clerk_client, application, **changes):
    url = reverse("permits:site-plan", args=[application.pk])
    return clerk_client.post(url, stable_row(at_from_rear_line(55), **changes))


def test_a_structure_drawn_a_mile_away_is_refused_and_governs_nothing(clerk_client, application):
    response = post(clerk_client, application, **{"s0-x": "5280"})
    assert response.status_code == 400
    assert "Shape S1: it lies beyond 1,000 ft of the lot" in response.content.decode()
    assert not SitePlan.objects.exists()


def test_the_action_refuses_a_shape_anywhere_on_earth(application, clerk):
    far = {
        "id": "S1",
        "kind": "structure",
        "form": "rect",
        "x": 1e13,
        "y": 1e13,
        "width_ft": 12,
        "depth_ft": 12,
        "rotation_deg": 0,
    }
    with pytest.raises(ActionRefused) as refused:
        actions.save_site_plan(application=application, shapes=[far], by=clerk)
    assert "lies beyond" in str(refused.value)


@pytest.mark.parametrize("typed", ["1e308", "-1e308", "nan", "inf", "9" * 400, "1" * 17])
def test_a_huge_or_not_finite_number_is_refused_at_its_field(clerk_client, application, typed):
    response = post(clerk_client, application, **{"s0-y": typed})
    assert response.status_code == 400
    assert "S1, north" in response.content.decode()
    assert not SitePlan.objects.exists()


@pytest.mark.parametrize("ident", ["S\x001", "S1\x1b[2J", "S\u200e1\n"])
def test_an_id_with_control_characters_is_refused(clerk_client, application, ident):
    response = post(clerk_client, application, **{"s0-id": ident})
    assert response.status_code == 400
    assert "no control characters" in response.content.decode()
    assert not SitePlan.objects.exists()
    with pytest.raises(ShapeError):
        parse_shapes([{"id": ident, "kind": "well", "form": "point", "x": 0, "y": 0}])


def _post_a_hundred_thousand_corners(clerk_client, application):
    corners = " ".join(f"{n % 90},{n % 70}" for n in range(100_000))
    return post(
        clerk_client,
        application,
        **{"s0-id": "WET", "s0-kind": "wetland", "s0-form": "polygon", "s0-points": corners},
    )


def test_a_hundred_thousand_corners_are_refused(clerk_client, application):
    response = _post_a_hundred_thousand_corners(clerk_client, application)
    assert response.status_code == 400
    assert "WET, corners: Ensure this value has at most" in response.content.decode()


@pytest.mark.perf
def test_a_hundred_thousand_corners_are_refused_at_once(clerk_client, application):
    began = time.perf_counter()
    _post_a_hundred_thousand_corners(clerk_client, application)
    assert time.perf_counter() - began < 1


def test_a_row_count_past_the_cap_is_refused_not_read(clerk_client, application):
    response = post(clerk_client, application, **{"shape-count": "1000000"})
    assert response.status_code == 400
    assert "The plan holds at most 60 shapes" in response.content.decode()


def _stored_far_away(application):
    post_ok = {
        "id": "S1",
        "kind": "structure",
        "form": "rect",
        "x": 1e9,
        "y": 1e9,
        "width_ft": 12,
        "depth_ft": 12,
        "rotation_deg": 0,
    }
    SitePlan.objects.create(application=application, shapes=[post_ok])
    application.refresh_from_db()
    return application


def test_a_plan_stored_far_away_before_the_check_prints_without_a_drawing(application):
    assert plan_svg(_stored_far_away(application)) == ""


@pytest.mark.perf
def test_a_plan_stored_far_away_is_set_aside_at_once(application):
    application = _stored_far_away(application)
    began = time.perf_counter()
    plan_svg(application)
    assert time.perf_counter() - began < 1


@pytest.mark.perf
def test_a_dashed_line_of_any_length_is_printed_in_bounded_time():
    svg = (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 80 60">'
        '<line x1="1" y1="1" x2="1e13" y2="5e12" stroke="black" stroke-dasharray="3 2"/></svg>'
    )
    began = time.perf_counter()
    png = raster.svg_to_png(svg, width_in=1, height_in=0.75, dpi=100)
    assert time.perf_counter() - began < 1
    assert Image.open(io.BytesIO(png)).size == (100, 75)
