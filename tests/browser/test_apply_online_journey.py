"""A new resident pre-checks two goats, signs up, confirms the e-mail, completes and sends the
application with a plan PDF; the clerk asks for the fencing details; the resident adds them and
sends again; the clerk marks it received. At desktop and phone width, a screenshot of each
screen (tests/browser/test_signup_journey.py covers the password reset)."""

from __future__ import annotations

import os
import re
from pathlib import Path
from urllib.parse import urlparse

import pytest
from django.core import mail
from django.core.cache import cache
from playwright.sync_api import expect

from permits.models import Application
from stoneham_boh.accounts.roles import Role
from tests import factories
from tests.browser.conftest import WAIT_MS, login
from tests.conftest import make_user

SCREENS = Path(os.environ.get("APPLY_SCREENS", "/work/notes/screens/apply-online"))
WIDTHS = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 390, "height": 844}}
PASSWORD = "goats-and-gardens-2026"
PDF = b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"


def _context(chromium, width_name):
    context = chromium.new_context(viewport=WIDTHS[width_name])
    context.set_default_timeout(WAIT_MS)
    context.set_default_navigation_timeout(WAIT_MS)
    page = context.new_page()
    page.width_name = width_name
    return context, page


@pytest.fixture(params=sorted(WIDTHS))
def two_people(request, chromium):
    """The resident's browser and the clerk's, both at the width of the run."""
    cache.clear()
    resident_context, resident = _context(chromium, request.param)
    clerk_context, clerk = _context(chromium, request.param)
    yield resident, clerk
    resident_context.close()
    clerk_context.close()
    cache.clear()


def shot(page, name: str) -> None:
    if SCREENS.parent.exists():
        SCREENS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENS / f"{name}-{page.width_name}.png"), full_page=True)


def link_in_last_mail(pattern: str) -> str:
    found = re.search(rf"https?://\S*{pattern}\S*", mail.outbox[-1].body)
    assert found, mail.outbox[-1].body
    return found.group(0)


def upload(page, kind: str, name: str) -> None:
    page.locator("[name=doc-kind]").select_option(kind)
    page.locator("[name=doc-file]").set_input_files(
        {"name": name, "mimeType": "application/pdf", "buffer": PDF}
    )
    page.get_by_role("button", name="Upload").click()


@pytest.mark.django_db(transaction=True)
def test_a_resident_applies_online_and_the_clerk_receives_it(two_people, live_server):
    resident, clerk_page = two_people
    factories.fee_schedule()
    clerk = make_user("clerk", Role.CLERK)

    # The pre-check: two goats in a pen, manure in a bin.
    resident.goto(f"{live_server.url}/pre-check/")
    resident.locator("[name=lot-area_acres]").fill("0.5")
    resident.locator("[name=lot-securely_fenced]").check()
    resident.get_by_label("How will manure be handled?").select_option("receptacle")
    resident.locator("[name=animals-0-species]").select_option("goat")
    resident.locator("[name=animals-0-count]").fill("2")
    resident.locator("[name=structures-0-kind]").select_option("pen")
    resident.locator("[name=structures-0-area_sqft]").fill("120")
    resident.locator("[name=structures-0-distance_property_line_ft]").fill("40")
    resident.locator("[name=structures-1-kind]").select_option("manure_storage")
    resident.locator("[name=structures-1-distance_dwelling_ft]").fill("120")
    resident.get_by_role("button", name="Check my plan").last.click()
    apply = resident.get_by_role("button", name="Apply with these answers")
    expect(apply).to_be_visible()
    shot(resident, "01-precheck-result")
    apply.click()

    # Not logged in: the log-in page, whose "Sign up" opens an account.
    resident.wait_for_url(re.compile(r".*/accounts/login/.*"))
    expect(resident.get_by_text("Your answers are kept")).to_be_visible()
    resident.get_by_role("link", name="Sign up").click()
    resident.locator("#id_email").fill("jane@example.org")
    resident.get_by_label("Your full name").fill("Jane Resident")
    resident.locator("#id_password1").fill(PASSWORD)
    resident.locator("#id_password2").fill(PASSWORD)
    resident.get_by_role("button", name="Sign up").click()
    expect(resident.get_by_role("heading", name="Check your e-mail")).to_be_visible()
    code = re.search(r"Your code is:\s+(\S+)", mail.outbox[-1].body).group(1)
    resident.get_by_label("Code").fill(code)
    resident.get_by_role("button", name="Confirm").click()

    # The answers waited through sign-up and log-in.
    resident.wait_for_url(re.compile(r".*/home/.*"))
    shot(resident, "02-home-answers-waiting")
    resident.get_by_role("link", name="Start my application").click()
    expect(resident.get_by_text("2 × Goat")).to_be_visible()
    resident.get_by_label("Street address where the animals will be kept").fill("12 Pond Street")
    resident.get_by_label("Phone number").fill("781-555-0100")
    resident.get_by_label("Mailing street").fill("12 Pond Street")
    resident.get_by_label("Mailing zip").fill("02180")
    shot(resident, "03-apply-start")
    resident.get_by_role("button", name="Open my application").click()

    # The form, with the pre-check's answers and the compliance check beside it.
    expect(resident.get_by_text("opened with your pre-check answers")).to_be_visible()
    expect(resident.locator("[name=animals-0-count]")).to_have_value("2")
    expect(resident.locator("#compliance-panel")).to_be_visible()
    resident.locator("[name=structures-0-potable_water]").check()
    resident.get_by_role("button", name="Save", exact=True).click()
    expect(resident.get_by_text("Draft saved")).to_be_visible()
    upload(resident, "site_plan", "plan.pdf")
    expect(resident.get_by_text("Site plan uploaded.")).to_be_visible()
    shot(resident, "04-application-form")
    resident.get_by_role("button", name="Save and send to the Board").click()
    expect(resident.get_by_text("Your application was sent")).to_be_visible()
    shot(resident, "05-sent")
    application = Application.objects.get(applicant__user__email="jane@example.org")
    assert application.status == Application.Status.SUBMITTED

    # The clerk's queue, and a request for the fencing details.
    login(clerk_page, live_server, clerk.username)
    queue = clerk_page.get_by_role("region", name="Submitted online")
    queue.get_by_role("link", name="Jane Resident").click()
    expect(clerk_page.get_by_role("heading", name="Is it complete?")).to_be_visible()
    clerk_page.get_by_label("Documents: the plan and the §20-20(1) papers").check()
    clerk_page.get_by_label("What is missing").fill(
        "Please upload the fencing details: type, location and dimensions (§20-20(1))."
    )
    shot(clerk_page, "06-clerk-review")
    clerk_page.get_by_role("button", name="Send the request").click()
    expect(clerk_page.get_by_text("The request was sent to the applicant")).to_be_visible()

    # The resident answers from the e-mail, changing only what was asked.
    assert "More information needed" in mail.outbox[-1].subject
    # The e-mail's link names the site's configured address; its path is what matters here.
    resident.goto(live_server.url + urlparse(link_in_last_mail("/my/applications/")).path)
    asked = resident.get_by_role("region", name="The clerk asks for more information")
    expect(asked.get_by_text("Please upload the fencing details")).to_be_visible()
    # The timeline keeps the question too, with its day (issue 26.9).
    expect(resident.locator("ol.timeline")).to_contain_text("The clerk asked for more information")
    resident.get_by_role("link", name="Answer the clerk").click()
    expect(resident.locator("[name=animals-0-count]")).to_have_count(0)
    upload(resident, "fencing_details", "fence.pdf")
    expect(resident.get_by_text("Fencing details uploaded.")).to_be_visible()
    shot(resident, "07-answer-the-clerk")
    resident.get_by_role("button", name="Send my answers").click()
    expect(resident.get_by_text("Your application was sent")).to_be_visible()

    # The clerk marks it received: the normal workflow follows.
    clerk_page.reload()
    clerk_page.get_by_role("button", name="Mark received").click()
    expect(clerk_page.get_by_role("alert").get_by_text("marked received")).to_be_visible()
    shot(clerk_page, "08-clerk-received")
    assert "is received" in mail.outbox[-1].subject

    resident.reload()
    expect(resident.get_by_text("Application received", exact=True)).to_be_visible()
    shot(resident, "09-timeline")
    application.refresh_from_db()
    assert application.status == Application.Status.RECEIVED
    assert application.doc_site_plan and application.doc_fencing_details
    # Nothing spills sideways at this width.
    width = resident.viewport_size["width"]
    assert resident.evaluate("document.documentElement.scrollWidth") <= width
