"""The clerk draws the plan of a new application on its parcel: a stable 40 ft from the
abutting line fails §20-15(4)(a) with the measured figure; dragged back to 55 ft, it passes.
The permit PDF of a keeping with a plan shows the plan."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from django.urls import reverse
from playwright.sync_api import expect
from pypdf import PdfReader

from facilities import actions
from facilities.parcels.writer import write_layer
from tests import factories
from tests.browser.conftest import login, open_new_application
from tests.facilities.wide_lot import DRAWN_STABLE_55_FT, application_on_the_wide_lot
from tests.facilities.wide_lot import rows as wide_rows

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SCREENS = Path("/work/notes/screens/parcels")
LOT_DEPTH_FT = 60 / 0.3048
RULE = '#compliance-panel .finding[data-rule="20-15.4.a"]'


def screen_point(page, east_ft: float, north_ft: float) -> tuple[float, float]:
    """Where a point of the plan (feet from the lot's corner) is on the screen."""
    return page.evaluate(
        """([x, y]) => { const svg = document.querySelector('#plan-canvas svg');
        const p = svg.createSVGPoint(); p.x = x; p.y = -y;
        const q = p.matrixTransform(svg.getScreenCTM()); return [q.x, q.y]; }""",
        [east_ft, north_ft],
    )


def shot(page, name: str) -> None:
    SCREENS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENS / name), full_page=True)


@pytest.mark.parametrize(
    ("screen", "viewport"),
    [
        ("desktop-1280", {"width": 1280, "height": 900}),
        ("phone-390", {"width": 390, "height": 844}),
    ],
)
def test_the_clerk_draws_a_stable_sees_the_setback_fail_then_drags_it_back_until_it_passes(
    browser_page, live_server, clerk, tmp_path, screen, viewport
):
    page = browser_page
    page.set_viewport_size(viewport)
    application = application_on_the_wide_lot(tmp_path, clerk)
    login(page, live_server, clerk.username)
    page.goto(live_server.url + reverse("permits:application-detail", args=[application.pk]))
    page.get_by_role("link", name="Draw the site plan").click()
    page.wait_for_url(re.compile(r"/plan/$"))

    page.get_by_role("button", name="Add a structure").click()
    assert page.locator("#s0-id").input_value() == "S1"
    page.locator("#s0-width_ft").fill("12")
    page.locator("#s0-depth_ft").fill("12")
    page.locator("#s0-x").fill("98.4")
    page.locator("#s0-y").fill(str(round(LOT_DEPTH_FT - 40 - 6, 2)))  # 40 ft from the rear line
    page.locator(f'{RULE}[data-status="fail"]').wait_for()
    failing = page.locator(RULE).inner_text()
    assert "40" in failing and "50" in failing
    shot(page, f"editor-{screen}-fail.png")

    # Drag the stable 15 ft toward the street with the mouse.
    page.locator("#plan-canvas").scroll_into_view_if_needed()
    start = screen_point(page, 98.4, LOT_DEPTH_FT - 46)
    end = screen_point(page, 98.4, LOT_DEPTH_FT - 61)
    page.mouse.move(*start)
    page.mouse.down()
    page.mouse.move((start[0] + end[0]) / 2, (start[1] + end[1]) / 2, steps=4)
    page.mouse.move(*end, steps=4)
    page.mouse.up()
    page.locator(f'{RULE}[data-status="pass"]').wait_for(state="attached")
    measured = float(
        re.search(r"([\d.]+) ft", page.locator('[data-distance="property_line"]').inner_text())[1]
    )
    assert 54 <= measured <= 56
    shot(page, f"editor-{screen}-pass.png")

    page.get_by_role("button", name="Save the plan").click()
    page.wait_for_url(re.compile(rf"/applications/{application.pk}/$"))  # the application page
    assert page.locator("svg.site-plan-drawing").is_visible()
    assert page.get_by_text("measured on the plan").first.is_visible()


def test_the_clerk_opens_a_new_application_on_a_mapped_parcel_and_draws_on_it(
    browser_page, live_server, clerk, tmp_path
):
    """The lot is new to the Board: typed at intake after the map was imported, it opens on its
    parcel (by its map-block-lot), and the plan is drawn over it at once."""
    page = browser_page
    actions.import_parcel_layer(path=write_layer(tmp_path / "wide.zip", wide_rows()), by=clerk)
    login(page, live_server, clerk.username)
    page.goto(live_server.url + reverse("permits:application-new"))
    edit_url = open_new_application(
        page, name="Maria Costa", street="10 Ravine Road", parcel_id="8-2-1"
    )
    page.goto(edit_url.removesuffix("edit/"))
    page.get_by_role("link", name="Draw the site plan").click()
    page.wait_for_url(re.compile(r"/plan/$"))
    expect(page.locator("#plan-canvas svg")).to_be_visible()
    expect(page.get_by_text("not linked to a parcel on the map")).to_have_count(0)
    page.get_by_role("button", name="Add a structure").click()
    expect(page.locator("#s0-id")).not_to_have_value("")
    # The new structure is measured against the parcel's own lines at once.
    expect(page.locator('.measured-list [data-distance="property_line"]')).to_contain_text(" ft")
    expect(page.locator("#compliance-panel")).to_be_visible()


# What sticks out past the right edge of the page, outside a container that scrolls on its own
# (the drawing's own shapes count by the drawing, which clips them).
WIDER_THAN_THE_PAGE = """
() => {
  const width = document.documentElement.clientWidth;
  const wide = [];
  for (const element of document.querySelectorAll('body *')) {
    const box = element.getBoundingClientRect();
    if (box.right > width + 1 && !element.parentElement.closest('.table-responsive, svg')) {
      wide.push(`${element.tagName.toLowerCase()}#${element.id}.${[...element.classList].join('.')}`
                + ` (right edge ${Math.round(box.right)} px)`);
    }
  }
  return [document.documentElement.scrollWidth, wide.slice(0, 5)];
}
"""
# The editor's controls a thumb presses, shorter or narrower than 44 px, as "tag#id (w x h)".
SMALL_CONTROLS = """
() => [...document.querySelectorAll('#plan-form input:not([type=hidden]), #plan-form select,'
    + ' #plan-form button')].flatMap(control => {
  const target = control.type === 'checkbox' ? control.closest('label') || control : control;
  const box = target.getBoundingClientRect();
  return box.width && (box.height < 43.5 || box.width < 43.5)
    ? [`${control.tagName.toLowerCase()}#${control.id} (${Math.round(box.width)} x `
       + `${Math.round(box.height)})`] : [];
})
"""


@pytest.mark.parametrize("width", [390, 375])
def test_the_editor_fits_a_phone_without_scrolling_sideways(
    phone_page, live_server, clerk, tmp_path, width
):
    page = phone_page
    page.set_viewport_size({"width": width, "height": 844})
    application = application_on_the_wide_lot(tmp_path, clerk)
    login(page, live_server, clerk.username)
    page.goto(live_server.url + reverse("permits:site-plan", args=[application.pk]))
    page.get_by_role("button", name="Add a structure").click()
    page.get_by_role("button", name="Add a dwelling").click()
    expect(page.locator("#compliance-panel")).to_be_visible()
    shot(page, f"editor-phone-{width}.png")
    page_width, sticking_out = page.evaluate(WIDER_THAN_THE_PAGE)
    assert (page_width, sticking_out) == (width, [])
    box = page.locator("#plan-canvas svg").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= width and box["height"] > 200
    assert page.evaluate(SMALL_CONTROLS) == []
    # Each number is still labelled where a thumb types it.
    expect(page.get_by_label("North (ft)").first).to_be_visible()


def test_the_permit_pdf_shows_the_plan_drawn_to_scale(clerk, tmp_path):
    application = application_on_the_wide_lot(tmp_path, clerk, build=factories.hen_renewal)

    actions.save_site_plan(application=application, shapes=[DRAWN_STABLE_55_FT], by=clerk)
    from permits import actions as permit_actions
    from permits.printing import render_permit_pdf

    # Issued once the Board has voted the vermin plan (§20-19): its session falls on the next
    # weekday evening after the renewal was received, not on the Sunday it came in.
    approved_on = application.board_approvals.get(subject="vermin_plan").granted_on
    permit = permit_actions.issue_permit(application=application, by=clerk, on=approved_on)
    pdf = tmp_path / "permit.pdf"
    pdf.write_bytes(render_permit_pdf(permit))
    text = " ".join(page.extract_text() for page in PdfReader(pdf).pages)
    text = " ".join(text.split())
    assert "site plan (§20-20(1)), drawn to scale: 10 ravine road" in text.lower()
    assert "S1 55.0 ft from the abutting property line" in text
    if not shutil.which("pdftoppm"):  # the picture to look at needs poppler-utils
        return
    SCREENS.mkdir(parents=True, exist_ok=True)
    subprocess.run(
        [
            "pdftoppm",
            "-png",
            "-r",
            "60",
            "-f",
            "2",
            "-l",
            "2",
            str(pdf),
            str(SCREENS / "permit-plan"),
        ],
        check=True,
    )
