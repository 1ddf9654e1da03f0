"""A resident signs up, confirms the address with the e-mailed code in the same window, logs
in; a new code can be asked for; and a forgotten password is reset by e-mail. At desktop and
phone width, with a screenshot of each screen."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from django.core import mail
from django.core.cache import cache

from stoneham_boh.accounts.roles import Role
from tests.conftest import make_user

SCREENS = Path(os.environ.get("APPLY_SCREENS", "/work/notes/screens/apply"))
WIDTHS = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 390, "height": 844}}
PASSWORD = "goats-and-gardens-2026"


@pytest.fixture(params=sorted(WIDTHS))
def sized_page(request, chromium):
    context = chromium.new_context(viewport=WIDTHS[request.param])
    context.set_default_timeout(15_000)
    page = context.new_page()
    page.width_name = request.param
    cache.clear()
    yield page
    context.close()
    cache.clear()


def shot(page, name: str) -> None:
    if SCREENS.parent.exists():
        SCREENS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENS / f"{name}-{page.width_name}.png"), full_page=True)


def code_from_outbox() -> str:
    found = re.search(r"Your code is:\s+(\S+)", mail.outbox[-1].body)
    assert found, mail.outbox[-1].body
    return found.group(1)


def link_from_outbox(live_server, pattern: str) -> str:
    found = re.search(rf"https?://\S*{pattern}\S*", mail.outbox[-1].body)
    assert found, mail.outbox[-1].body
    return found.group(0)


@pytest.mark.django_db(transaction=True)
def test_a_resident_signs_up_confirms_the_address_and_logs_in(sized_page, live_server):
    page = sized_page
    page.goto(f"{live_server.url}/accounts/login/")
    shot(page, "login")
    page.get_by_role("link", name="Sign up").click()
    page.locator("#id_email").fill("jane@example.org")
    page.get_by_label("Your full name").fill("Jane Resident")
    page.locator("#id_password1").fill(PASSWORD)
    page.locator("#id_password2").fill(PASSWORD)
    shot(page, "signup")
    page.get_by_role("button", name="Sign up").click()
    page.get_by_role("heading", name="Check your e-mail").wait_for()
    shot(page, "verification-sent")

    assert "/confirm-email/" not in mail.outbox[-1].body  # a code, not a link
    page.get_by_label("Code").fill(code_from_outbox())
    page.get_by_role("button", name="Confirm").click()
    # Confirmed in the window that signed up: the account is open.
    page.wait_for_url(f"{live_server.url}/home/**")
    shot(page, "home-after-signup")

    page.context.clear_cookies()  # a new browser session: log in with the password
    page.goto(f"{live_server.url}/accounts/login/")
    page.get_by_label("Username").fill("jane@example.org")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(f"{live_server.url}/home/**")


@pytest.mark.django_db(transaction=True)
def test_a_resident_asks_for_a_new_code_and_confirms_with_it(sized_page, live_server):
    page = sized_page
    page.goto(f"{live_server.url}/accounts/signup/")
    page.locator("#id_email").fill("jane@example.org")
    page.get_by_label("Your full name").fill("Jane Resident")
    page.locator("#id_password1").fill(PASSWORD)
    page.locator("#id_password2").fill(PASSWORD)
    page.get_by_role("button", name="Sign up").click()
    page.get_by_role("heading", name="Check your e-mail").wait_for()
    sent = len(mail.outbox)
    page.get_by_role("button", name="Send me a new code").click()
    page.get_by_role("heading", name="Check your e-mail").wait_for()
    assert len(mail.outbox) == sent + 1
    shot(page, "verification-code-resent")
    page.get_by_label("Code").fill("WRONG1")
    page.get_by_role("button", name="Confirm").click()
    page.get_by_role("link", name="Code: Incorrect code.").wait_for()
    page.get_by_label("Code").fill(code_from_outbox())
    page.get_by_role("button", name="Confirm").click()
    page.wait_for_url(f"{live_server.url}/home/**")


@pytest.mark.django_db(transaction=True)
def test_a_forgotten_password_is_reset_by_e_mail(sized_page, live_server):
    page = sized_page
    make_user("resident", Role.APPLICANT, email="resident@example.org")
    page.goto(f"{live_server.url}/accounts/login/")
    page.get_by_role("link", name="Forgot your password?").click()
    page.locator("#id_email").fill("resident@example.org")
    shot(page, "password-reset")
    page.get_by_role("button", name="Send me the link").click()
    page.get_by_role("heading", name="Check your e-mail").wait_for()
    shot(page, "password-reset-done")

    page.goto(link_from_outbox(live_server, "/accounts/password/reset/key/"))
    new = "a-brand-new-passphrase-99"
    page.locator("#id_password1").fill(new)
    page.locator("#id_password2").fill(new)
    shot(page, "password-reset-from-key")
    page.get_by_role("button", name="Change my password").click()
    page.get_by_role("heading", name="Your password is changed").wait_for()
    shot(page, "password-reset-from-key-done")
    page.get_by_role("link", name="Log in").click()
    page.get_by_label("Username").fill("resident")
    page.get_by_label("Password").fill(new)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(f"{live_server.url}/home/**")
