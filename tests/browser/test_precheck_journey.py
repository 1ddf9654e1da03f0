"""A visitor on a phone pre-checks two horses on 1.5 acres and sees §20-17(1) fail, explained."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect


@pytest.mark.django_db(transaction=True)
def test_a_visitor_pre_checks_two_horses_on_one_and_a_half_acres(phone_page, live_server):
    page = phone_page
    page.goto(live_server.url + "/")
    page.get_by_role("link", name="Pre-check a planned keeping").click()
    expect(
        page.get_by_role("heading", name="Pre-check a planned keeping of animals")
    ).to_be_visible()

    page.get_by_label("Lot area (acres)").fill("1.5")
    page.get_by_label("How will manure be handled?").select_option("receptacle")
    page.locator("[name=animals-0-species]").select_option("horse")
    page.locator("[name=animals-0-count]").fill("2")

    page.locator("[name=structures-0-kind]").select_option("stable")
    page.locator("[name=structures-0-area_sqft]").fill("200")
    page.locator("[name=structures-0-distance_property_line_ft]").fill("80")
    # Only a corral's questions show for a corral (a stable's window does not).
    page.locator("[name=structures-1-kind]").select_option("corral")
    expect(page.locator("[name=structures-1-fence_height_ft]")).to_be_visible()
    expect(page.locator("[name=structures-1-screened_window]")).to_be_hidden()
    page.locator("[name=structures-1-area_sqft]").fill("1500")
    page.locator("[name=structures-1-fence_height_ft]").fill("6")

    # A fourth row, for the manure storage, keeps what was typed.
    page.get_by_role("button", name="Add another structure").click()
    expect(page.locator("[name=structures-3-kind]")).to_be_visible()
    expect(page.locator("[name=lot-area_acres]")).to_have_value("1.5")
    page.locator("[name=structures-3-kind]").select_option("manure_storage")
    page.locator("[name=structures-3-distance_dwelling_ft]").fill("120")

    page.get_by_role("button", name="Check my plan").last.click()
    card = page.locator("li.card", has_text="§20-17(1)")
    expect(card.get_by_text("Would not comply", exact=True)).to_be_visible()
    expect(card.get_by_text("One acre is needed for the first horse")).to_be_visible()
    expect(
        card.get_by_text("The lot's area is 1.5 acres; at least 2 acres is required.")
    ).to_be_visible()
    expect(page.get_by_role("heading", name="What your application will need")).to_be_visible()

    # Nothing spills sideways on a 375 px phone.
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
