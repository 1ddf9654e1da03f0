"""A clerk's mistake undone in the browser (issue 26, point 27), at the clerk's 1280 px: a receipt
taken back, a parcel id corrected, a clerical error in a decision corrected. Each: the button
found, bad input answered at its field with nothing typed lost, the correction made, and its
who, when and why shown. A screenshot of each screen, at 1280 and 390 px, goes to CLERK_SCREENS
when set."""

from __future__ import annotations

import io
import os
from pathlib import Path
from urllib.parse import urljoin

import pytest
from django.urls import reverse
from playwright.sync_api import expect
from pypdf import PdfReader

from hearings.models import Decision
from permits.actions import record_payment
from tests import factories
from tests.browser.conftest import login
from tests.hearings import builders as b

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SCREENS = os.environ.get("CLERK_SCREENS")


def shot(page, name: str) -> None:
    if SCREENS:
        Path(SCREENS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SCREENS) / f"{name}.png"), full_page=True)


def shot_on_a_phone(chromium, live_server, clerk, path: str, name: str, open_summary: str):
    """The same screen at 390 px, its correction form opened, for the screenshots only."""
    if not SCREENS:
        return
    context = chromium.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    login(page, live_server, clerk.username)
    page.goto(f"{live_server.url}{path}")
    page.get_by_text(open_summary).click()
    shot(page, name)
    context.close()


def no_serious_faults(page) -> None:
    """axe-core finds nothing serious on the screen as it stands, its correction form open
    with its error (the crawl opens each page with its forms closed)."""
    from axe_playwright_python.sync_playwright import Axe

    from tests.browser.accessibility import BLOCKING_IMPACTS

    found = [
        f"{v['id']}: {[n['target'] for n in v['nodes'][:3]]}"
        for v in Axe().run(page).response["violations"]
        if v["impact"] in BLOCKING_IMPACTS
    ]
    assert not found, found


def received(clerk, **fields):
    return factories.hen_renewal(by=clerk, kind="new", paid=False, **fields)


def test_the_clerk_takes_back_a_receipt_marked_by_mistake(
    browser_page, live_server, clerk, chromium
):
    page = browser_page
    paid = received(clerk)
    record_payment(
        application=paid, amount=40, received_on=paid.received_on, method="check", by=clerk
    )
    application = received(clerk)
    login(page, live_server, clerk.username)

    # A payment stands on the first: refused, saying why and what to do, the reason kept.
    page.goto(live_server.url + reverse("permits:application-detail", args=[paid.pk]))
    page.get_by_text("Marked received by mistake? Take the receipt back").click()
    page.get_by_label("Why it was marked received by mistake").fill("The wrong file.")
    page.get_by_role("button", name="Take back the receipt").click()
    expect(page.locator("#unreceive")).to_contain_text("The application stays received.")
    expect(page.locator("#unreceive")).to_contain_text("void it first")
    expect(page.get_by_label("Why it was marked received by mistake")).to_have_value(
        "The wrong file."
    )

    # The second: no reason given is asked for at its field.
    page.goto(live_server.url + reverse("permits:application-detail", args=[application.pk]))
    page.get_by_text("Marked received by mistake? Take the receipt back").click()
    page.get_by_role("button", name="Take back the receipt").click()
    reason = page.get_by_label("Why it was marked received by mistake")
    expect(reason).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#error_1_id_unreceive-reason")).to_have_text(
        "Say why the receipt was a mistake."
    )
    no_serious_faults(page)
    shot(page, "27-unreceive-error-1280")

    reason.fill("Marked received on the wrong file.")
    page.get_by_role("button", name="Take back the receipt").click()
    expect(page.get_by_text("is taken back: the application is a draft again")).to_be_visible()
    expect(page.locator(".page-title + .badge, h1 ~ .badge").first).to_have_text("Draft")
    expect(page.locator("#unreceive")).to_have_count(0)
    # Its history says who, when and why.
    page.locator("#history-heading").scroll_into_view_if_needed()
    history = page.locator(".history-list")
    expect(history).to_contain_text(
        "(it was marked received January 10, 2027): Marked received on the wrong file."
    )
    expect(history).to_contain_text(clerk.get_full_name() or clerk.username)
    shot(page, "27-unreceive-done-1280")
    shot_on_a_phone(
        chromium,
        live_server,
        clerk,
        reverse("permits:application-detail", args=[paid.pk]),
        "27-unreceive-390",
        "Marked received by mistake? Take the receipt back",
    )


def test_the_clerk_corrects_a_parcel_id_typed_wrong(browser_page, live_server, clerk, chromium):
    page = browser_page
    lot = factories.lot(by=clerk, parcel_id="12-345-6", street_address="14 Elm Street")
    factories.lot(by=clerk, parcel_id="12-345-7", street_address="16 Elm Street")
    login(page, live_server, clerk.username)
    page.goto(live_server.url + reverse("facilities:lot-detail", args=[lot.pk]))
    page.get_by_text("Parcel id typed wrong? Correct it").click()
    parcel = page.get_by_label("Corrected parcel id")
    why = page.get_by_label("Why it was wrong")

    # No reason: asked at its field, the parcel id typed kept.
    parcel.fill("12-345-7")
    page.get_by_role("button", name="Correct the parcel id").click()
    expect(why).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#error_1_id_correct-reason")).to_have_text(
        "Say why the parcel id was wrong."
    )
    expect(parcel).to_have_value("12-345-7")

    # Another lot's parcel: one lot per parcel, refused with what to do.
    why.fill("Digits swapped at intake.")
    page.get_by_role("button", name="Correct the parcel id").click()
    expect(page.locator("#parcel-correct")).to_contain_text(
        "Parcel 12-345-7 is already the lot 16 Elm Street (12-345-7) (one lot per parcel)"
    )
    expect(why).to_have_value("Digits swapped at intake.")
    no_serious_faults(page)
    shot(page, "27-parcel-refused-1280")

    parcel.fill("12-345-9")
    page.get_by_role("button", name="Correct the parcel id").click()
    expect(page.get_by_text("Parcel id corrected from 12-345-6 to 12-345-9.")).to_be_visible()
    expect(page.locator("dl")).to_contain_text("12-345-9")
    corrections = page.locator("#parcel-corrections")
    expect(corrections).to_contain_text("12-345-6 → 12-345-9.")
    expect(corrections).to_contain_text("Digits swapped at intake.")
    expect(corrections).to_contain_text(clerk.get_full_name() or clerk.username)
    shot(page, "27-parcel-done-1280")
    shot_on_a_phone(
        chromium,
        live_server,
        clerk,
        reverse("facilities:lot-detail", args=[lot.pk]),
        "27-parcel-390",
        "Parcel id typed wrong? Correct it",
    )


def test_the_clerk_corrects_a_clerical_error_in_a_decision(
    browser_page, live_server, clerk, board_member, chromium
):
    page = browser_page
    item = b.noticed(by=clerk)
    b.decide(item, by=board_member, conditions="As shown on the plan.", reasons="Coop clena.")
    login(page, live_server, clerk.username)
    page.goto(live_server.url + reverse("hearings:decision-sent", args=[item.pk]))
    expect(page.locator("#corrections")).to_contain_text("None: the decision reads as recorded.")
    page.get_by_text("Correct a clerical error").click()
    findings = page.get_by_label("Findings and reasons")
    expect(findings).to_have_value("Coop clena.")
    # The result, the votes and the conditions (the Board's vote) are not offered at all.
    expect(page.locator("#corrections select, #corrections input[type=radio]")).to_have_count(0)
    expect(page.locator("#corrections").get_by_label("Conditions")).to_have_count(0)

    findings.fill("Coop clean.")
    page.get_by_role("button", name="Record the correction").click()
    why = page.get_by_label("What the clerical error was")
    expect(why).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#error_1_id_correct-reason")).to_have_text(
        "Say what the clerical error was."
    )
    expect(findings).to_have_value("Coop clean.")  # nothing typed lost
    no_serious_faults(page)
    shot(page, "27-decision-error-1280")

    why.fill("Misspelled at typing.")
    page.get_by_role("button", name="Record the correction").click()
    expect(page.get_by_text("The decision is corrected (findings and reasons)")).to_be_visible()
    corrections = page.locator("#corrections")
    expect(corrections).to_contain_text(
        "the findings and reasons read “Coop clena.”, corrected to “Coop clean.”"
    )
    expect(corrections).to_contain_text("Misspelled at typing.")
    expect(corrections).to_contain_text(clerk.get_full_name() or clerk.username)
    assert Decision.objects.get(docket_item=item).result == "approved"
    shot(page, "27-decision-done-1280")

    href = page.get_by_role("link", name="Written decision (PDF)").get_attribute("href")
    response = page.request.get(urljoin(page.url, href), timeout=0)
    printed = " ".join(
        " ".join(p.extract_text().split()) for p in PdfReader(io.BytesIO(response.body())).pages
    )
    assert "Conditions. As shown on the plan." in printed and "Coop clean." in printed
    assert "Corrected on" in printed and "Reason: Misspelled at typing." in printed
    shot_on_a_phone(
        chromium,
        live_server,
        clerk,
        reverse("hearings:decision-sent", args=[item.pk]),
        "27-decision-390",
        "Correct a clerical error",
    )
