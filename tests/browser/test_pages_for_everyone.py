"""What anyone meets on the site, resident or staff (issue 26, "Everyone"), in the browser at the
width it was found at."""

from __future__ import annotations

import re

import pytest
import time_machine
from django.urls import get_resolver
from playwright.sync_api import expect

from permits.verification.code import short_code
from tests import factories
from tests.browser.conftest import login
from tests.inspections import builders as ib

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("address", ["/permts/", "/regulations/20-99/"])
def test_a_mistyped_address_shows_the_sites_own_page_even_with_debug_on(
    browser_page, live_server, settings, address
):
    # The demo runs with DEBUG on: a resident there must not see Django's list of every URL.
    settings.DEBUG = True
    page = browser_page
    response = page.goto(f"{live_server.url}{address}")
    assert response.status == 404
    expect(page).to_have_title(re.compile("Page not found"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Page not found")
    expect(page.get_by_role("link", name="Go to the home page")).to_be_visible()
    expect(page.locator("body")).not_to_contain_text("URLconf")
    expect(page.locator("body")).not_to_contain_text("Using the URLconf")


def test_a_failing_page_shows_the_sites_own_500_even_with_debug_on(
    browser_page, live_server, settings, monkeypatch
):
    settings.DEBUG = True

    def broken(request):
        raise RuntimeError("the database went away")

    # The home page's URL pattern calls a view that fails.
    patterns = get_resolver().url_patterns
    home = next(p for p in patterns if getattr(p, "name", "") == "public-home")
    monkeypatch.setattr(home, "callback", broken)
    page = browser_page
    response = page.goto(f"{live_server.url}/")
    assert response.status == 500
    expect(page.get_by_role("heading", level=1)).to_have_text("Something went wrong on our side")
    expect(page.locator("body")).not_to_contain_text("Traceback")
    expect(page.locator("body")).not_to_contain_text("the database went away")


def test_verifying_a_permit_by_its_code_puts_no_csrf_token_in_the_address(
    browser_page, live_server, clerk
):
    permit = factories.issued_permit(by=clerk)
    page = browser_page
    page.goto(f"{live_server.url}/verify-a-permit/")
    requested = []
    page.on("request", lambda request: requested.append(request.url))
    page.get_by_label("Verification address or code").fill(short_code(permit.verify_token))
    page.get_by_role("button", name="Verify").click()
    page.wait_for_url(re.compile(r"/verify/[^/]+/$"))
    expect(page.get_by_text(permit.number).first).to_be_visible()
    assert requested, "the form should have been sent"
    assert not [url for url in requested if "csrf" in url.lower()]
    # The QR code on the printed permit opens the same page.
    page.goto(f"{live_server.url}/verify/{permit.verify_token}/")
    expect(page.get_by_text(permit.number).first).to_be_visible()


PHONE_390 = {"width": 390, "height": 844}


def _summary_has_focus(page) -> bool:
    # js/error-summary.js is deferred: it focuses the summary only once the page is parsed, after
    # its text is already there to wait for. Read the focus when the page's scripts have run.
    page.wait_for_load_state("domcontentloaded")
    return page.evaluate("() => document.activeElement?.matches('[data-error-summary]') ?? false")


def test_a_sign_up_sent_back_leads_with_its_errors_and_keeps_what_was_typed(chromium, live_server):
    context = chromium.new_context(viewport=PHONE_390)
    page = context.new_page()
    page.goto(f"{live_server.url}/accounts/signup/")
    page.locator("#id_email").fill("jane@example.org")
    page.locator("#id_password1").fill("goats-and-gardens-2026")
    page.locator("#id_password2").fill("goats-and-gardens-2026")
    page.get_by_role("button", name="Sign up").click()  # the name left out
    page.locator("#id_full_name.is-invalid").wait_for()
    assert page.title().startswith("Error: Sign up")
    summary = page.locator("[data-error-summary]")
    assert summary.count() == 1
    expect(summary).to_contain_text("Your full name: This field is required.")
    assert _summary_has_focus(page)
    # What can be kept is: the address and the accepted passwords.
    expect(page.locator("#id_email")).to_have_value("jane@example.org")
    expect(page.locator("#id_password1")).to_have_value("goats-and-gardens-2026")
    expect(page.locator("#id_password2")).to_have_value("goats-and-gardens-2026")
    # The link puts the caret in the field.
    summary.get_by_role("link", name=re.compile("Your full name")).click()
    expect(page.locator("#id_full_name")).to_be_focused()
    page.locator("#id_full_name").fill("Jane Resident")
    page.get_by_role("button", name="Sign up").click()
    expect(page.get_by_role("heading", name="Check your e-mail")).to_be_visible()
    context.close()


def test_a_refused_password_is_asked_for_again(chromium, live_server):
    context = chromium.new_context(viewport=PHONE_390)
    page = context.new_page()
    page.goto(f"{live_server.url}/accounts/signup/")
    page.locator("#id_email").fill("jane@example.org")
    page.get_by_label("Your full name").fill("Jane Resident")
    page.locator("#id_password1").fill("goats-and-gardens-2026")
    page.locator("#id_password2").fill("goats-and-gardens-2027")
    page.get_by_role("button", name="Sign up").click()
    page.locator("[data-error-summary]").wait_for()
    expect(page.locator("#id_password1")).to_have_value("")
    expect(page.get_by_label("Your full name")).to_have_value("Jane Resident")
    context.close()


def test_a_staff_form_sent_back_leads_with_a_summary_linking_each_row_field(
    browser_page, live_server, clerk
):
    page = browser_page
    application = factories.hen_renewal(by=clerk)
    login(page, live_server, clerk.username)
    page.goto(f"{live_server.url}/permits/applications/{application.pk}/edit/")
    page.locator("#id_structures-0-distance_wetland_ft").fill("4O")
    page.get_by_role("button", name="Save draft").click()
    page.get_by_text("Enter a number.").first.wait_for()
    assert page.title().startswith("Error: ")
    summary = page.locator("[data-error-summary]")
    assert summary.count() == 1
    assert _summary_has_focus(page)
    link = summary.get_by_role("link", name="Wetland (ft), structures row 1: Enter a number.")
    link.click()
    expect(page.locator("#id_structures-0-distance_wetland_ft")).to_be_focused()


def test_the_agents_order_steps_sent_back_lead_with_one_summary(
    phone_page, live_server, agent, clerk
):
    """Every form of the site, the agent's order steps too, without a page asking for it."""
    page = phone_page
    with time_machine.travel(factories.midday(ib.TODAY), tick=False):
        order = ib.vermin_order(clerk, agent)
    with time_machine.travel(factories.midday(ib.TODAY), tick=True):
        login(page, live_server, agent.username)
        page.goto(f"{live_server.url}/inspections/orders/{order.pk}/")
        page.get_by_text("Withdraw the order").click()
        page.get_by_role("button", name="Withdraw", exact=True).click()
        page.get_by_text("This field is required.").first.wait_for()
        assert page.title().startswith("Error: ")
        summary = page.locator("[data-error-summary]")
        assert summary.count() == 1
        expect(summary).to_contain_text("Why is it withdrawn?: This field is required.")
        assert _summary_has_focus(page)


def test_a_provision_quotes_the_regulation_beside_the_plain_words_without_staff_labels(
    chromium, live_server
):
    context = chromium.new_context(viewport=PHONE_390)
    page = context.new_page()
    page.goto(f"{live_server.url}/regulations/20-15-4-b/")
    quote = page.locator("figure.regs-official blockquote")
    quote.wait_for()
    # The original's words, as adopted (the line the typing broke is one sentence again).
    expect(quote).to_have_text(
        "(b) 100 feet from any wetlands or watercourse, unless otherwise authorized by the "
        "Conservation Committee, but in no event less than fifty (50) feet."
    )
    expect(page.get_by_text("In plain words")).to_be_visible()
    for staff_word in ("Automated", "Not decidable", "Workflow"):
        expect(page.locator("main")).not_to_contain_text(staff_word)
    page.goto(f"{live_server.url}/regulations/")
    expect(page.locator("main")).not_to_contain_text("Automated")
    expect(page.locator("main")).not_to_contain_text("Not decidable by software")
    context.close()


def test_every_section_has_a_page_and_the_regulation_prints_as_a_pdf(browser_page, live_server):
    from io import BytesIO

    from axe_playwright_python.sync_playwright import Axe
    from pypdf import PdfReader

    page = browser_page
    response = page.goto(f"{live_server.url}/regulations/20-15/")
    assert response.status == 200
    expect(page.get_by_role("heading", level=1)).to_have_text("§20-15 General requirements")
    text = page.locator("blockquote.regs-section-text")
    expect(text).to_contain_text("11. Roosters shall be prohibited within Town limits.")
    expect(page.locator("[data-citation='§20-15(11)']").first).to_be_visible()
    violations = [
        v["id"]
        for v in Axe().run(page).response["violations"]
        if v["impact"] in {"serious", "critical"}
    ]
    assert violations == []
    href = page.get_by_role("link", name="The whole regulation as a PDF").get_attribute("href")
    printed_pdf = page.request.get(f"{live_server.url}{href}")
    assert printed_pdf.headers["content-type"] == "application/pdf"
    pdf = PdfReader(BytesIO(printed_pdf.body()))
    printed = " ".join(" ".join(p.extract_text().split()) for p in pdf.pages)
    assert "Rules and Regulations for the Keeping of Animals" in printed
    assert "Sec. 20-18. Keeping of Pigeons" in printed
    assert "Roosters shall be prohibited within Town limits." in printed
