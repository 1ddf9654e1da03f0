"""The resident's screens on a bad day (issue 26, points 7-12), at the widths they were found
at (1280 and 320 px): finding the online route, a document uploaded mid-edit, the clerk's
request for documents, the sign-up limit, a narrow phone, the site's own e-mails."""

from __future__ import annotations

import re

import pytest
from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from tests import factories
from tests.browser.conftest import open_page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NARROW = {"width": 320, "height": 640}


@pytest.fixture
def narrow_page(chromium):
    yield from open_page(chromium, NARROW)


def fits(page, width: int) -> bool:
    return page.evaluate("document.documentElement.scrollWidth") <= width


def test_the_home_page_and_the_menu_start_an_application_online(browser_page, live_server):
    page = browser_page
    page.goto(live_server.url + "/")
    menu = page.get_by_role("navigation")
    expect(menu.get_by_role("link", name="Apply for a permit")).to_be_visible()
    start = page.locator("main").get_by_role("link", name="Apply for a permit")
    expect(start).to_be_visible()
    expect(page.locator("main").get_by_role("link", name="Sign up")).to_be_visible()
    expect(page.locator("main")).not_to_contain_text("by the clerk's invitation")
    start.click()
    # Not logged in: the log-in page, with its way to sign up, and then the application.
    expect(page).to_have_url(re.compile(r"/accounts/login/\?next=.*apply"))
    expect(page.get_by_role("link", name="Sign up")).to_be_visible()


def test_the_pre_checks_timeline_sends_the_application_online(browser_page, live_server):
    page = browser_page
    page.goto(live_server.url + "/pre-check/")
    page.get_by_label("Lot area (acres)").fill("1.5")
    page.get_by_label("How will manure be handled?").select_option("receptacle")
    page.locator("[name=animals-0-species]").select_option("horse")
    page.locator("[name=animals-0-count]").fill("1")
    page.locator("[name=structures-0-kind]").select_option("stable")
    page.locator("[name=structures-0-area_sqft]").fill("200")
    page.get_by_role("button", name="Check my plan").last.click()
    timeline = page.locator("ol.usual-timeline")
    expect(timeline).to_contain_text("Send the application online")
    expect(timeline).not_to_contain_text("File the application and pay the fee at the")
    expect(page.get_by_role("button", name="Apply with these answers")).to_be_visible()


PASSWORD = "goats-and-gardens-2026"


def sign_up(page, live_server, email: str, repeat: str = PASSWORD) -> None:
    page.goto(f"{live_server.url}/accounts/signup/")
    page.locator("#id_email").fill(email)
    page.get_by_label("Your full name").fill("Jane Resident")
    page.locator("#id_password1").fill(PASSWORD)
    page.locator("#id_password2").fill(repeat)
    page.get_by_role("button", name="Sign up").click()


@pytest.fixture
def fresh_limits():
    from django.core.cache import cache

    cache.clear()
    yield
    cache.clear()


def test_typos_at_sign_up_do_not_count_towards_its_limit(
    narrow_page, live_server, fresh_limits, settings
):
    page = narrow_page
    settings.ACCOUNT_RATE_LIMITS = {**settings.ACCOUNT_RATE_LIMITS, "signup_sent": "2/10m/ip"}
    # Six mistyped repeats of the password, more than the sign-ups allowed...
    for _ in range(6):
        sign_up(page, live_server, "jane@example.org", repeat="goats-and-gardens-2062")
        expect(page.locator("#id_password2")).to_be_visible()
    # ...and the sign-up typed right still goes through.
    sign_up(page, live_server, "jane@example.org")
    expect(page.get_by_role("heading", name="Check your e-mail")).to_be_visible()


def test_the_sign_up_limit_answers_with_the_sites_own_page_the_wait_and_the_telephone(
    narrow_page, live_server, fresh_limits, settings
):
    page = narrow_page
    settings.ACCOUNT_RATE_LIMITS = {**settings.ACCOUNT_RATE_LIMITS, "signup_sent": "1/10m/ip"}
    sign_up(page, live_server, "jane@example.org")
    expect(page.get_by_role("heading", name="Check your e-mail")).to_be_visible()
    page.context.clear_cookies()
    sign_up(page, live_server, "john@example.org")
    expect(page.get_by_role("heading", name="Please wait before trying again")).to_be_visible()
    expect(page.locator("main")).to_contain_text("Wait 10 minutes, then try again.")
    expect(page.locator("main").locator("a[href^='tel:']")).to_be_visible()
    expect(page.get_by_role("banner")).to_be_visible()
    assert page.locator("meta[name=viewport]").count() == 1
    assert fits(page, 320)


def resident_with_draft(clerk, name="Jane Resident"):
    from permits.online import actions as online

    resident = factories.applicant_account(by=clerk, name=name)
    application = online.start_online_application(
        by=resident.user, details={}, address={"street_address": "12 Pond Street"}
    )
    return resident, application


def log_in_resident(page, live_server, resident):
    page.goto(f"{live_server.url}/accounts/login/")
    page.get_by_label("Username").fill(resident.user.username)
    page.get_by_label("Password").fill(factories.ACCOUNT_PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(f"{live_server.url}/home/**")


def test_the_application_form_fits_320_px_and_names_its_fields_for_autofill(
    narrow_page, live_server, clerk
):
    page = narrow_page
    resident, application = resident_with_draft(clerk)
    log_in_resident(page, live_server, resident)
    page.goto(f"{live_server.url}/my/applications/{application.pk}/edit/")
    expect(page.locator("[name=structures-0-screened_window]")).to_be_attached()
    assert fits(page, 320)
    for field, token in {
        "you-name": "name",
        "you-phone": "tel",
        "you-mailing_street": "address-line1",
        "you-mailing_city": "address-level2",
        "you-mailing_zip": "postal-code",
    }.items():
        expect(page.locator(f"[name='{field}']")).to_have_attribute("autocomplete", token)


def test_the_sites_emails_speak_its_own_words_and_say_how_long_a_link_lasts(
    browser_page, live_server, fresh_limits, settings
):
    from django.core import mail

    page = browser_page
    sign_up(page, live_server, "jane@example.org")
    expect(page.get_by_role("heading", name="Check your e-mail")).to_be_visible()
    confirmation = mail.outbox[-1]
    assert (
        confirmation.subject == "Stoneham Board of Health: Your code to confirm your e-mail address"
    )
    minutes = settings.ACCOUNT_EMAIL_VERIFICATION_BY_CODE_TIMEOUT // 60
    assert f"It works for {minutes} minutes." in confirmation.body
    assert "has given your email address" not in confirmation.body

    page.context.clear_cookies()
    user = get_user_model().objects.get(email="jane@example.org")
    EmailAddress.objects.filter(user=user).update(verified=True)
    page.goto(f"{live_server.url}/accounts/login/")
    page.get_by_role("link", name="Forgot your password?").click()
    page.locator("#id_email").fill("jane@example.org")
    page.get_by_role("button", name="Send me the link").click()
    page.wait_for_url(re.compile(r"/password/reset/done/"))
    reset = mail.outbox[-1]
    assert reset.subject == "Stoneham Board of Health: Set a new password for your account"
    days = settings.PASSWORD_RESET_TIMEOUT // 86400
    assert f"The link works once, for {days} days." in reset.body
    assert "You're receiving this email" not in reset.body


def test_an_empty_draft_asks_for_its_animals_and_a_bad_count_is_refused_in_plain_words(
    browser_page, live_server, clerk
):
    page = browser_page
    resident, application = resident_with_draft(clerk)
    log_in_resident(page, live_server, resident)
    page.goto(f"{live_server.url}/my/applications/{application.pk}/edit/")
    summary = page.locator("#compliance-panel .compliance-summary")
    expect(summary).to_contain_text("No animals yet")
    expect(summary).not_to_contain_text("No permit needed")
    page.locator("[name=animals-0-species]").select_option("goat")
    page.locator("[name=animals-0-count]").fill("-2")
    page.get_by_role("button", name="Save").first.click()
    count = page.locator("[name=animals-0-count]")
    expect(count).to_have_value("-2")
    expect(page.locator("main")).to_contain_text("Enter 0 or more.")
    expect(page.locator("main")).not_to_contain_text("Ensure this value")
