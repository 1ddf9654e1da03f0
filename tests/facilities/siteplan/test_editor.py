"""The site-plan editor's pages: numbers in feet from the lot's corner, rechecked live."""

from __future__ import annotations

import pytest
from django.urls import reverse

from facilities.models import SitePlan, Structure
from tests.facilities.wide_lot import application_on_the_wide_lot

pytestmark = pytest.mark.django_db
LOT_DEPTH_FT = 60 / 0.3048  # the wide lot runs 196.9 ft north from the street


def stable_row(north_of_corner: float, **extra) -> dict:
    return {
        "shape-count": "1",
        "s0-id": "S1",
        "s0-kind": "structure",
        "s0-form": "rect",
        "s0-x": "98.4",
        "s0-y": str(north_of_corner),
        "s0-width_ft": "12",
        "s0-depth_ft": "12",
        "s0-rotation_deg": "0",
        "s0-points": "",
        **extra,
    }


def at_from_rear_line(feet: float) -> float:
    return round(LOT_DEPTH_FT - feet - 6, 2)


@pytest.fixture
def application(tmp_path, clerk):
    return application_on_the_wide_lot(tmp_path, clerk)


def test_the_editor_opens_over_the_lot_with_a_blank_row_to_add_a_shape(clerk_client, application):
    response = clerk_client.get(reverse("permits:site-plan", args=[application.pk]))
    assert response.status_code == 200
    html = response.content.decode()
    assert 'id="plan-canvas"' in html and 'name="s0-id"' in html
    assert "<script>" not in html and "style=" not in html


def test_the_panel_is_rechecked_from_the_plan_as_drawn_without_saving(clerk_client, application):
    url = reverse("permits:site-plan-measure", args=[application.pk])
    near = clerk_client.post(url, stable_row(at_from_rear_line(40))).content.decode()
    assert 'data-rule="20-15.4.a" data-status="fail"' in near and "40.0 ft" in near
    far = clerk_client.post(url, stable_row(at_from_rear_line(55))).content.decode()
    assert 'data-rule="20-15.4.a" data-status="pass"' in far and "55.0 ft" in far
    assert not SitePlan.objects.exists()


def test_saving_the_plan_makes_the_measured_distances_govern(clerk_client, application):
    url = reverse("permits:site-plan", args=[application.pk])
    response = clerk_client.post(url, stable_row(at_from_rear_line(55)))
    assert response.status_code == 302
    stable = Structure.objects.get(application=application, label="S1")  # beside the manure bin
    assert stable.measured_distances_ft["property_line"] == 55.0
    page = clerk_client.get(reverse("permits:application-detail", args=[application.pk]))
    html = page.content.decode()
    assert "measured on the plan" in html and 'class="site-plan-drawing"' in html
    assert "55 ft" in html  # the setback drawn on the plan


def test_a_number_that_is_not_a_number_is_refused_at_its_shape_and_kept_as_typed(
    clerk_client, application
):
    url = reverse("permits:site-plan", args=[application.pk])
    response = clerk_client.post(url, stable_row(at_from_rear_line(55), **{"s0-x": "ninety"}))
    assert response.status_code == 400
    html = response.content.decode()
    assert "S1, east: &#x27;ninety&#x27; is not a number of feet." in html
    assert 'value="ninety"' in html
    assert not SitePlan.objects.exists()
