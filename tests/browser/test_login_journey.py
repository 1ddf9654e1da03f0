"""A person logs in through the real form and lands on their own home page."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import login


@pytest.mark.django_db(transaction=True)
def test_a_clerk_logs_in_and_sees_the_clerks_desk(browser_page, live_server, clerk):
    login(browser_page, live_server, clerk.username)
    expect(browser_page.get_by_role("heading", name="Clerk's desk")).to_be_visible()
    expect(browser_page.get_by_text("No application is waiting.")).to_be_visible()


@pytest.mark.django_db(transaction=True)
def test_a_wrong_password_is_refused_with_a_message(browser_page, live_server, clerk):
    browser_page.goto(f"{live_server.url}/accounts/login/")
    browser_page.get_by_label("Username").fill(clerk.username)
    browser_page.get_by_label("Password").fill("not-the-password")
    browser_page.get_by_role("button", name="Log in").click()
    # Once in the error summary at the top (focused), once above the form.
    summary = browser_page.locator("[data-error-summary]")
    expect(summary).to_contain_text("Please enter a correct username and password")
    expect(browser_page).to_have_title(re.compile(r"^Error: "))


@pytest.mark.django_db(transaction=True)
def test_logging_out_says_you_are_logged_out(browser_page, live_server, clerk):
    page = browser_page
    login(page, live_server, clerk.username)
    page.get_by_role("button", name=f"Account of {clerk.username}").click()
    page.get_by_role("button", name="Log out").click()
    page.wait_for_url(f"{live_server.url}/")
    expect(page.get_by_text("You are logged out.")).to_be_visible()
    expect(page.get_by_role("link", name="Staff and applicant log-in")).to_be_visible()
