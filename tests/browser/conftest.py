"""Real-browser journeys: Python Playwright driving Debian's Chromium against a live server.

They skip, saying why, where /usr/bin/chromium is missing; CI installs it, so there they run.

No test waits for a length of time, and none reads the page at once after an action: each
waits for the state it needs (`expect(...)`, a URL, a download), up to WAIT_MS. That is
long, on purpose: on a machine busy with other work, a page may take seconds, and a waiting
test costs nothing once the state is there. Playwright's `expect` would give up after five
seconds by default, which a loaded machine exceeded once (issue 14, point 12).
"""

from __future__ import annotations

import os
import re
import shutil

import pytest
from playwright.sync_api import expect

# Playwright's sync API runs an event loop in this thread; Django's ORM calls made by the
# test itself (building state through actions) are still synchronous and safe.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
# How long any wait for the page's state may take before the test fails.
WAIT_MS = int(os.environ.get("BROWSER_WAIT_MS", "120000"))
expect.set_options(timeout=WAIT_MS)
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 375, "height": 812}


def pytest_collection_modifyitems(items):
    for item in items:
        if "tests/browser/" in str(item.fspath):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def chromium():
    if not (os.path.exists(CHROMIUM) or shutil.which("chromium")):
        pytest.skip(f"No Chromium at {CHROMIUM}: install Debian's chromium package to run this.")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
        )
        yield browser
        browser.close()


def _page(chromium, viewport):
    context = chromium.new_context(viewport=viewport, accept_downloads=True)
    context.set_default_timeout(WAIT_MS)
    context.set_default_navigation_timeout(WAIT_MS)
    page = context.new_page()
    return context, page


@pytest.fixture
def browser_page(chromium):
    """A desktop-sized page (1280 x 900)."""
    context, page = _page(chromium, DESKTOP)
    yield page
    context.close()


@pytest.fixture
def phone_page(chromium):
    """A phone-sized page (375 x 812), as an agent in the field holds it."""
    context, page = _page(chromium, PHONE)
    yield page
    context.close()


def login(page, live_server, username: str, password: str = "a-long-test-password") -> None:
    """Log in through the real form, as a person would."""
    page.goto(f"{live_server.url}/accounts/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(password)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(f"{live_server.url}/home/")


def open_new_application(page, *, name: str, street: str, parcel_id: str) -> str:
    """Type a new applicant and a new lot into the intake form, as the clerk does, and open the
    draft; the address of the draft's edit page."""
    page.locator("#id_applicant-name").fill(name)
    page.locator("#id_applicant-mailing_street").fill(street)
    page.locator("#id_applicant-mailing_zip").fill("02180")
    page.locator("#id_lot-parcel_id").fill(parcel_id)
    page.locator("#id_lot-street_address").fill(street)
    page.get_by_role("button", name="Open the draft and continue").click()
    page.wait_for_url(re.compile(r"/applications/\d+/edit/$"))
    return page.url
