"""The site plan as the abutters' letters print it: the drawing of the application page,
painted as an image at print resolution, its figures where the drawing puts them."""

from __future__ import annotations

import io
import re

import pytest
from PIL import Image, ImageChops

from facilities import actions
from facilities.siteplan.drawing import PRINT_DPI, plan_png, plan_svg
from facilities.siteplan.raster import svg_to_png
from tests import factories
from tests.facilities.wide_lot import DRAWN_STABLE_55_FT, application_on_the_wide_lot

pytestmark = pytest.mark.django_db
BOX_IN = (6.5, 3.2)  # the letters' plan: the page's width inside its margins, 3.2 in tall


@pytest.fixture
def application(tmp_path, clerk):
    application = application_on_the_wide_lot(tmp_path, clerk, paid=True)
    actions.save_site_plan(application=application, shapes=[DRAWN_STABLE_55_FT], by=clerk)
    return application


def painted(svg: str) -> Image.Image:
    width_in, height_in = BOX_IN
    png = svg_to_png(svg, width_in=width_in, height_in=height_in, dpi=PRINT_DPI)
    return Image.open(io.BytesIO(png)).convert("RGB")


def test_the_printed_plan_fills_its_box_at_print_resolution_in_the_drawings_proportions(
    application,
):
    image = Image.open(io.BytesIO(plan_png(application, width_in=6.5, height_in=3.2)))
    _, _, width, height = viewbox(plan_svg(application))
    assert image.height == 3.2 * PRINT_DPI
    assert image.width <= 6.5 * PRINT_DPI and image.height <= 3.2 * PRINT_DPI
    assert image.width / image.height == pytest.approx(width / height, rel=0.01)


@pytest.mark.parametrize(
    "label", ["55 ft", "100 ft", "N", "S1"], ids=["setback", "scale bar", "north", "stable"]
)
def test_each_figure_of_the_drawing_is_printed_where_the_drawing_puts_it(application, label):
    svg = str(plan_svg(application))
    text = re.search(rf'<text x="([-\d.]+)" y="([-\d.]+)"[^>]*>{label}</text>', svg)
    assert text, f"{label} is not on the drawing"
    without = svg.replace(text.group(0), "")
    left, top, width, _ = viewbox(svg)
    image = painted(svg)
    scale = image.width / width
    x, y = (float(text.group(1)) - left) * scale, (float(text.group(2)) - top) * scale
    size = 12 * scale  # a little more than the label's font size, all round its anchor
    ink = ImageChops.difference(image, painted(without)).crop(
        (round(x - 3 * size), round(y - size), round(x + 3 * size), round(y + size / 2))
    )
    assert ink.getbbox() is not None, f"{label} is not printed at its place"


def test_a_lot_without_a_drawn_plan_prints_no_image(clerk):
    application = factories.new_hen_application(by=clerk)
    assert plan_png(application, width_in=6.5, height_in=3.2) is None


def test_a_mark_of_a_kind_the_drawing_does_not_write_yet_is_printed_all_the_same():
    svg = (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">'
        '<ellipse cx="5" cy="5" rx="3" ry="2" fill="black"/></svg>'
    )
    image = Image.open(io.BytesIO(svg_to_png(svg, width_in=1, height_in=1, dpi=PRINT_DPI)))
    assert image.size == (PRINT_DPI, PRINT_DPI)
    assert image.info["dpi"] == pytest.approx((PRINT_DPI, PRINT_DPI), rel=0.001)
    assert image.convert("RGB").getpixel((PRINT_DPI // 2, PRINT_DPI // 2)) == (0, 0, 0)
    assert image.convert("RGB").getpixel((2, 2)) == (255, 255, 255)


def viewbox(svg: str) -> list[float]:
    return [float(n) for n in re.search(r'viewBox="([^"]+)"', svg).group(1).split()]
