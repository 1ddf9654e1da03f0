"""Real-browser journeys: Python Playwright driving Debian's Chromium against a live server.

They skip, saying why, where /usr/bin/chromium is missing; CI installs it, so there they run.
"""

from __future__ import annotations

import os
import shutil

import pytest

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
    context.set_default_timeout(15_000)
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
