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
import threading
import time
import warnings

import pytest
from django.core.signals import request_finished, request_started
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


class _RequestsBeingServed:
    """Which of the live server's threads are inside a request now, read from Django's own
    signals.

    A test may end while a request its last action set off is still being served: an htmx
    fragment the test did not need to wait for. If the server is still inside that request when
    the test's database is flushed, the two lock each other's tables and the flush fails, which
    leaves the rows behind for the next test (CI, stop 31). So no test's database is flushed
    until the server is done (`served_before_the_flush`). `request_finished` is sent when the
    response is closed, after Django's own receivers have released the request's connection.

    The test's own thread is left out: the test client sends `request_finished` for a file only
    once its content is read, and a test that reads a PDF's status alone never reads it. A
    thread that has ended is done, whatever it sent."""

    def __init__(self):
        self._serving: set[threading.Thread] = set()
        self._changed = threading.Condition()

    def started(self, **kwargs):
        if threading.current_thread() is not threading.main_thread():
            with self._changed:
                self._serving.add(threading.current_thread())

    def finished(self, **kwargs):
        with self._changed:
            self._serving.discard(threading.current_thread())
            self._changed.notify_all()

    def busy(self) -> list[threading.Thread]:
        return [thread for thread in self._serving if thread.is_alive()]

    def wait_until_idle(self, seconds: float) -> None:
        deadline = time.monotonic() + seconds
        with self._changed:
            while self.busy() and time.monotonic() < deadline:
                self._changed.wait(timeout=0.05)


REQUESTS_BEING_SERVED = _RequestsBeingServed()
request_started.connect(REQUESTS_BEING_SERVED.started)
request_finished.connect(REQUESTS_BEING_SERVED.finished)
# How long a page's last requests may take to be answered once its test is over: far more than
# any of ours takes, and short enough that one that never ends cannot stall the run.
SETTLE_SECONDS = 30


@pytest.fixture(autouse=True)
def served_before_the_flush():
    """Every journey's last requests are served before its database is flushed.

    Autouse, it is set up after pytest-django's database fixture and before the pages the test
    asks for, so it is torn down after they are closed and before the flush."""
    yield
    REQUESTS_BEING_SERVED.wait_until_idle(SETTLE_SECONDS)
    if busy := REQUESTS_BEING_SERVED.busy():
        warnings.warn(
            f"The live server was still serving after {SETTLE_SECONDS} s: {busy}", stacklevel=1
        )


def open_page(chromium, viewport):
    """A page for one test (a fixture's body: `yield from open_page(...)`). Once the test is
    over, the requests the browser has sent are answered before the page closes, so that none
    reaches the server after `served_before_the_flush` has looked. They are read from the
    context's events (the service worker's included), which Playwright delivers while the page
    waits."""
    context = chromium.new_context(viewport=viewport, accept_downloads=True)
    context.set_default_timeout(WAIT_MS)
    context.set_default_navigation_timeout(WAIT_MS)
    page = context.new_page()
    in_flight = set()
    context.on("request", lambda request: in_flight.add(request))
    context.on("requestfinished", lambda request: in_flight.discard(request))
    context.on("requestfailed", lambda request: in_flight.discard(request))
    yield page
    deadline = time.monotonic() + SETTLE_SECONDS
    while in_flight and time.monotonic() < deadline and not page.is_closed():
        page.wait_for_timeout(20)
    if in_flight:
        unanswered = sorted(request.url for request in in_flight)
        warnings.warn(
            f"Unanswered after {SETTLE_SECONDS} s, the page closed: {unanswered}", stacklevel=1
        )
    context.close()


@pytest.fixture
def browser_page(chromium):
    """A desktop-sized page (1280 x 900)."""
    yield from open_page(chromium, DESKTOP)


@pytest.fixture
def phone_page(chromium):
    """A phone-sized page (375 x 812), as an agent in the field holds it."""
    yield from open_page(chromium, PHONE)


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
