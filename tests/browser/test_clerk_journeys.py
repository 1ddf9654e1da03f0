"""The clerk's two daily journeys in a real browser: a renewal to the downloaded PDF, and a
new application whose failing setback the clerk corrects while the panel rechecks live."""

from __future__ import annotations

import re
from datetime import date
from pathlib import Path

import pytest
from django.utils import timezone
from playwright.sync_api import expect
from pypdf import PdfReader

from stoneham_boh.town.models import Town
from tests import factories
from tests.browser.conftest import login, open_new_application

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PAPER_DOCUMENTS = (
    "Plan of the property and structures",
    "Certified abutter list",
    "Maintenance plan (clean, no stagnant water)",
    "Fly and vermin control",
    "Construction and drainage details",
    "Fencing type, location and dimensions",
)


BLOCKING_STATUSES = ("fail", "missing", "pending")


def blocking_except(*rules: str) -> str:
    """The panel's findings that block the permit, other than those of `rules`."""
    others = "".join(f':not([data-rule="{rule}"])' for rule in rules)
    return ", ".join(
        f'#compliance-panel .finding[data-status="{status}"]{others}'
        for status in BLOCKING_STATUSES
    )


def blocking_only(rule: str) -> str:
    return ", ".join(
        f'#compliance-panel .finding[data-status="{status}"][data-rule="{rule}"]'
        for status in BLOCKING_STATUSES
    )


def test_a_clerk_renews_a_permit_from_the_expiring_list_to_the_downloaded_pdf(
    browser_page, live_server, clerk, tmp_path, settings
):
    # Whatever the day the suite runs, next year's renewal is open (one year at a time).
    Town.objects.filter(is_current=True).update(renewal_window_month=1, renewal_window_day=1)
    page = browser_page
    year = timezone.localdate().year
    holder = factories.applicant(name="Karen Sullivan")
    permit = factories.issued_permit(
        by=clerk, applicant=holder, on=date(year, 1, 1), received_on=date(year, 1, 1)
    )
    login(page, live_server, clerk.username)

    page.get_by_role("link", name="Renewals").first.click()
    page.get_by_role("button", name=f"Start the renewal of permit {permit.number}").click()
    page.wait_for_url(re.compile(r"/applications/\d+/edit/$"))
    expect(page.get_by_text(f"Pre-filled from permit {permit.number}")).to_be_visible()
    expect(page.locator("#id_animals-0-count")).to_have_value("6")

    page.get_by_role("button", name="Save and mark received").click()
    page.wait_for_url(re.compile(r"/applications/\d+/$"))
    expect(page.get_by_label("Amount")).to_have_value("40.00")
    page.get_by_label("Method").select_option("check")
    page.get_by_label("Reference").fill("#1042")
    page.get_by_role("button", name="Record the payment").click()
    expect(page.get_by_text("Payment of $40.00 recorded.")).to_be_visible()
    page.get_by_role("button", name="Issue the permit").click()
    page.wait_for_url(re.compile(r"/permits/\d+/$"))
    new_number = f"{year + 1}-0001"
    expect(page.get_by_role("heading", name=f"Permit {new_number}")).to_be_visible()

    with page.expect_download() as download_info:
        page.get_by_role("link", name="Download the permit (PDF)").click()
    pdf_path = Path(tmp_path) / "permit.pdf"
    download_info.value.save_as(pdf_path)
    text = "\n".join(p.extract_text() for p in PdfReader(pdf_path).pages)
    assert new_number in text
    assert "Karen Sullivan" in text
    assert "6 Chickens (hens)" in text
    assert f"Expires December 31, {year + 1}" in text


def test_a_clerk_corrects_a_failing_setback_until_only_the_hearing_is_pending(
    browser_page, live_server, clerk
):
    page = browser_page
    factories.fee_schedule()
    login(page, live_server, clerk.username)

    page.get_by_role("link", name="Applications").first.click()
    page.get_by_role("link", name="New application").click()
    edit_url = open_new_application(
        page, name="Maria Costa", street="12 Pond Street", parcel_id="14-220-3"
    )
    # The six §20-20(1) documents came on paper: the clerk records each original as on file.
    application_url = edit_url.removesuffix("edit/")
    page.goto(application_url)
    for label in PAPER_DOCUMENTS:
        page.get_by_label("Or record that the paper original is on file").select_option(label=label)
        page.get_by_role("button", name="Paper original is on file").click()
        page.get_by_text("the paper original is recorded as on file").wait_for()
    # Each record says who holds the paper and since when; nothing can be ticked instead.
    assert page.get_by_text(re.compile(r"recorded by Clerk1, ")).count() == 6
    page.goto(application_url + "edit/")
    assert page.locator("#id_app-doc_site_plan").count() == 0

    page.locator("#id_structures-0-label").fill("C1")
    page.locator("#id_structures-0-kind").select_option("coop")
    page.locator("#id_structures-0-area_sqft").fill("48")
    page.locator("#id_structures-0-potable_water").check()
    page.locator("#id_animals-0-species").select_option("chicken")
    page.locator("#id_animals-0-count").fill("6")
    page.locator("#id_app-manure_method").select_option("receptacle")
    for fact in ("securely_fenced", "vermin_licensed_operator"):
        page.locator(f"#id_app-{fact}").check()
    page.locator("#id_structures-0-distance_property_line_ft").fill("30")

    failing = page.locator('#compliance-panel .finding[data-rule="20-15.4.a"][data-status="fail"]')
    expect(failing).to_contain_text("Actual: 30 ft")

    page.locator("#id_structures-0-distance_property_line_ft").fill("62")
    # Met rules sit in a folded group: present in the panel, not necessarily shown.
    expect(
        page.locator('#compliance-panel .finding[data-rule="20-15.4.a"][data-status="pass"]')
    ).to_be_attached()
    # What still blocks the permit is the Board's: the hearing (§20-20(9)) and its vote on the
    # vermin control plan (§20-19); and the manure bin (§20-16(2)), not yet on this draft.
    expect(page.locator(blocking_except("20-20.9", "20-19", "20-16.2"))).to_have_count(0)
    expect(page.locator(blocking_only("20-20.9")).first).to_be_attached()

    page.get_by_role("button", name="Save draft").click()
    expect(page.get_by_text("Draft saved.")).to_be_visible()
    expect(page.locator("#id_structures-0-distance_property_line_ft")).to_have_value("62.0")
