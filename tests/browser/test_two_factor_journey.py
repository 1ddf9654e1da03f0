"""A clerk turns on two-factor authentication at first log-in, as production requires."""

from base64 import b32decode

import pytest
from django_otp.oath import totp
from playwright.sync_api import expect

from tests.browser.conftest import login


def code_from_key(typed_key: str) -> str:
    """What an authenticator app shows for the key typed from the page."""
    key = "".join(typed_key.split())
    key += "=" * (-len(key) % 8)
    return f"{totp(b32decode(key)):06d}"


@pytest.mark.django_db(transaction=True)
def test_a_clerk_sets_up_the_app_saves_recovery_codes_and_reaches_the_desk(
    browser_page, live_server, clerk, settings
):
    settings.REQUIRE_STAFF_2FA = True
    page = browser_page
    page.goto(f"{live_server.url}/accounts/login/")
    page.get_by_label("Username").fill(clerk.username)
    page.get_by_label("Password").fill("a-long-test-password")
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url("**/accounts/two-factor/**")
    expect(page.get_by_role("heading", name="Set up two-factor authentication")).to_be_visible()
    expect(
        page.get_by_role("img", name="QR code to scan with your authenticator app")
    ).to_be_visible()

    key = page.locator(".two-factor-secret").inner_text()
    page.get_by_label("Code").fill(code_from_key(key))
    page.get_by_role("button", name="Turn on two-factor authentication").click()
    page.wait_for_url("**/recovery-codes/**")
    expect(page.get_by_role("heading", name="Your recovery codes")).to_be_visible()
    expect(page.locator(".recovery-codes li")).to_have_count(10)

    page.get_by_role("link", name="I have saved my codes").click()
    page.wait_for_url(f"{live_server.url}/home/")
    expect(page.get_by_role("heading", name="Clerk's desk")).to_be_visible()


@pytest.mark.django_db(transaction=True)
def test_the_demo_log_in_asks_for_no_code_when_two_factor_is_optional(
    browser_page, live_server, clerk
):
    login(browser_page, live_server, clerk.username)
    expect(browser_page.get_by_role("heading", name="Clerk's desk")).to_be_visible()
