"""The clerk's letters by post (issue 26, point 27): the firm mailing book of a hearing's
registered letters, and letters to an applicant without e-mail, each as the clerk meets them
in the browser at 1280 px; a screenshot of each screen goes to CLERK_SCREENS when set."""

from __future__ import annotations

import io
import os
from datetime import timedelta
from pathlib import Path
from urllib.parse import urljoin

import pytest
import time_machine
from django.urls import reverse
from playwright.sync_api import expect
from pypdf import PdfReader

from hearings import notice_timing
from stoneham_boh.town.current import current_town
from tests import factories
from tests.browser.conftest import login
from tests.hearings import builders as b

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SCREENS = os.environ.get("CLERK_SCREENS")


def shot(page, name: str) -> None:
    if SCREENS:
        Path(SCREENS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SCREENS) / f"{name}.png"), full_page=True)


def pdf_words(page, link_name: str) -> str:
    """The words of the PDF a link on the page serves, fetched with the page's session, one
    space between them wherever the print wrapped a line."""
    href = page.get_by_role("link", name=link_name).get_attribute("href")
    response = page.request.get(urljoin(page.url, href), timeout=0)
    assert response.ok and response.headers["content-type"] == "application/pdf"
    pages = (p.extract_text() for p in PdfReader(io.BytesIO(response.body())).pages)
    return " ".join(" ".join(pages).split())


def test_the_mailing_book_lists_the_registered_letters_as_recorded(
    browser_page, live_server, clerk
):
    page = browser_page
    mailed = b.DEADLINE - timedelta(days=3)
    with time_machine.travel(factories.midday(mailed - timedelta(days=5)), tick=False):
        item = b.docketed(by=clerk, abutters=3)
    abutters = notice_timing.abutters_in_letter_order(item)
    with time_machine.travel(factories.midday(mailed), tick=True):
        login(page, live_server, clerk.username)
        page.goto(f"{live_server.url}/hearings/items/{item.pk}/")
        page.get_by_label("Article numbers, one per line").fill(
            "\n".join(b.article(n) for n in (11, 12, 13))
        )
        page.get_by_role("button", name="Record 3 mailings").click()
        expect(page.get_by_text("3 mailings recorded.")).to_be_visible()
        shot(page, "27-mailing-book-link-1280")
        book = pdf_words(page, "Mailing book for the post office (PDF)")
    assert current_town().board_name in book
    for n, abutter in zip((11, 12, 13), abutters, strict=True):
        address = ", ".join(abutter.mailing_address_lines)
        assert f"{b.article(n)} {abutter.owner_names}, {address}" in book
    assert "3 letters, 3 with an article number recorded" in book


def test_the_decision_goes_by_letter_to_an_applicant_without_email(
    browser_page, live_server, clerk, board_member
):
    page = browser_page
    item = b.noticed(by=clerk)
    b.decide(item, by=board_member)
    applicant = item.application.applicant
    applicant.email = ""
    applicant.save()
    login(page, live_server, clerk.username)
    page.goto(f"{live_server.url}/hearings/items/{item.pk}/decision/sent/")
    expect(page.get_by_text(f"{applicant.name} gave no e-mail address")).to_be_visible()
    shot(page, "27-decision-letter-link-1280")
    letter = pdf_words(page, f"Letter to {applicant.name} with the decision (PDF)")
    address = " ".join(applicant.mailing_address_lines)
    assert f"{applicant.name} {address} Application #{item.application_id}" in letter
    assert f"Dear {applicant.name}:" in letter
    assert "APPROVED on March 26, 2030" in letter  # the written decision, after the letter


def test_the_clerk_writes_a_letter_that_stays_on_the_applications_file(
    browser_page, live_server, clerk
):
    page = browser_page
    application = factories.new_hen_application(by=clerk)
    login(page, live_server, clerk.username)
    page.goto(live_server.url + reverse("permits:application-detail", args=[application.pk]))
    page.get_by_role("link", name="Write a letter").click()
    page.get_by_label("Subject").fill("  ")  # blank to the server; the browser lets it through
    page.get_by_label("Letter").fill("Dear Applicant:\n\nPlease bring the fencing details.")
    page.get_by_role("button", name="Keep the letter on file").click()
    # Without a subject it is asked for at its field; the text typed stays.
    # (The error summary at the top repeats it as a link to the field.)
    expect(page.locator("#error_1_id_subject")).to_have_text("This field is required.")
    expect(page.get_by_label("Letter")).to_have_value(
        "Dear Applicant:\n\nPlease bring the fencing details."
    )
    page.get_by_label("Subject").fill("Fencing details")
    shot(page, "27-clerk-letter-write-1280")
    page.get_by_role("button", name="Keep the letter on file").click()
    expect(page.get_by_text("The letter is kept on the application's file")).to_be_visible()
    letters = page.locator("#letters")
    expect(letters).to_contain_text(f"by {clerk.get_full_name()}")
    shot(page, "27-clerk-letter-on-file-1280")
    text = pdf_words(page, "Fencing details (PDF)")
    assert f"Fencing details (application #{application.pk})" in text
    assert "Dear Applicant: Please bring the fencing details." in text
    assert current_town().board_name.upper() in text
