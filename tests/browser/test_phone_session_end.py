"""What the agent's phone keeps dies with the session, each way a session ends (issue 38, M1),
on a 390 px touch phone: the day's list, its inspections and a checklist in progress (a note
about a dog bite on a neighbour's child) are kept while the session lives, and once it has ended
nothing of them is shown or left on the phone, offline as online: after a log-out (even with a
keep still under way in another tab), when the browser was closed, after the session's
lifetime, after a password reset elsewhere, and when another user logs in."""

from __future__ import annotations

import re
import time
from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from inspections.models import Inspection
from stoneham_boh.accounts.roles import Role
from tests.browser.conftest import WAIT_MS, login
from tests.browser.test_offline_journey import (  # noqa: F401 (touch_phone is a fixture)
    kept_on_the_phone,
    open_the_day,
    serious_faults,
    todays_inspection,
    touch_phone,
)
from tests.conftest import make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def phone(request):
    """The 390 px touch phone of the offline journey."""
    return request.getfixturevalue("touch_phone")


BITE = "The dog bit the neighbour's child (Emma, 6) through the fence on Monday."
NOTHING = {"caches": [], "databases": []}


def drafted(page, live_server, inspection) -> None:
    """The checklist in progress, with the note, kept on the phone."""
    page.goto(f"{live_server.url}/inspections/{inspection.pk}/record/")
    item = page.locator("fieldset[data-item]").first
    item.locator("label", has_text="Violation").click()
    item.locator("textarea").fill(BITE)
    until(page, "async (note) => (await (" + READ_THE_DATABASE + ")()).includes(note)", BITE)


READ_THE_DATABASE = """async () => {
            if (!(await indexedDB.databases()).some((db) => db.name === "boh-phone")) return [];
            const db = await new Promise((ok, no) => {
                const r = indexedDB.open("boh-phone"); r.onsuccess = () => ok(r.result);
                r.onerror = () => no(r.error);
            });
            const names = Array.from(db.objectStoreNames);
            if (!names.length) { db.close(); return []; }
            const rows = await new Promise((ok) => {
                const tx = db.transaction(names, "readonly"); const all = [];
                names.forEach((n) => {
                    tx.objectStore(n).getAll().onsuccess = (e) => all.push(...e.target.result);
                });
                tx.oncomplete = () => ok(all);
            });
            db.close();
            return rows.flatMap((row) => (row.fields || []).map((pair) => pair[1]));
        }"""


NOTHING_KEPT = """async () => (await caches.keys()).every((n) => !n.startsWith("boh-pages-"))
    && !(await indexedDB.databases()).some((db) => db.name === "boh-phone")"""


def until(page, predicate: str, arg=None) -> None:
    """Wait for an async predicate of the page (Playwright's wait_for_function takes the
    promise it returns for a true value)."""
    deadline = time.monotonic() + WAIT_MS / 1000
    while not page.evaluate(predicate, arg):
        assert time.monotonic() < deadline, f"still false: {predicate}"
        page.wait_for_timeout(100)


def draft_notes(page) -> list[str]:
    """Every answer and note of every copy in the phone's database, read straight from it."""
    return page.evaluate(READ_THE_DATABASE)


def opened_offline(page, url) -> bool:
    """Open `url` without a signal: False when the browser has nothing for it at all (the
    log-out or the server's word on the ended session removed the phone's worker too)."""
    try:
        page.goto(url)
    except PlaywrightError as error:
        assert "ERR_INTERNET_DISCONNECTED" in str(error), error
        return False
    return True


def ended_offline(page, live_server, inspection, *, worker_removed=False) -> None:
    """Without a signal, neither the list nor the inspection shows anything kept: the phone's
    worker says the session has ended, or, once the server has told the browser to clear the
    site, there is no worker left and the browser has no page of the site at all."""
    for url, heading in (
        (f"{live_server.url}/inspections/", "Your session has ended"),
        # The copies were deleted as the first page was asked for: none is left to show.
        (f"{live_server.url}/inspections/{inspection.pk}/record/", "No signal"),
    ):
        assert opened_offline(page, url) is not worker_removed
        if not worker_removed:
            expect(page.get_by_role("heading", name=heading)).to_be_visible()
            expect(page.locator("main")).not_to_contain_text(BITE)
            expect(page.locator("main")).not_to_contain_text(inspection.lot.street_address)
    if worker_removed:
        return
    # Nothing is left to read either: the copies and the database are gone.
    until(page, NOTHING_KEPT)
    assert draft_notes(page) == []


def test_a_log_out_clears_the_phone_and_a_keep_under_way_writes_nothing_after_it(
    phone, live_server, clerk, agent
):
    inspection = todays_inspection(clerk=clerk, agent=agent)
    page = phone.new_page()
    open_the_day(page, live_server, agent)
    drafted(page, live_server, inspection)
    assert BITE in draft_notes(page)

    # The service worker's keep of the list is under way (its answer held on the wire) ...
    held = []

    def hold(route):
        held.append((route, route.fetch()))

    phone.route(re.compile(r".*/inspections/$"), hold)
    page.evaluate(
        """() => { window.keeping = fetch("/inspections/", { credentials: "same-origin",
            headers: { Accept: "text/html" } }).then((r) => r.status); }"""
    )
    # ... while the agent logs out in another tab.
    other = phone.new_page()
    other.goto(f"{live_server.url}/home/")
    other.get_by_role("button", name="Open the menu").click()
    expect(other.locator("#main-nav")).to_have_class(re.compile(r"(^| )show( |$)"))
    other.get_by_role("button", name=f"Account of {agent.username}").click()
    expect(other.get_by_role("button", name="Log out")).to_be_visible()
    other.get_by_role("button", name="Log out").click()
    expect(other.get_by_text("You are logged out.")).to_be_visible()
    assert kept_on_the_phone(other) == NOTHING

    # The keep's answer arrives after the log-out: it is not written.
    for _ in range(600):
        if held:
            break
        other.wait_for_timeout(50)
    route, response = held[0]
    route.fulfill(response=response)
    assert page.evaluate("window.keeping") == 200
    phone.unroute(re.compile(r".*/inspections/$"))
    # The page left open goes on saving the note as the agent types: nothing is written.
    page.locator("fieldset[data-item]").first.locator("textarea").fill(BITE + " Again.")
    page.locator("fieldset[data-item]").first.locator("textarea").blur()
    for _ in range(10):  # the worker's write, and the page's, would land within this
        other.wait_for_timeout(200)
        assert kept_on_the_phone(other) == NOTHING
    assert draft_notes(other) == []


def test_a_closed_browser_ends_the_session_and_nothing_kept_is_shown_offline(
    phone, live_server, clerk, agent
):
    inspection = todays_inspection(clerk=clerk, agent=agent)
    page = phone.new_page()
    open_the_day(page, live_server, agent)
    drafted(page, live_server, inspection)
    # Closing the browser forgets its session cookies, the session's and the phone's tag.
    session_cookies = [c for c in phone.cookies() if c["expires"] == -1]
    assert {"sessionid", "boh_phone"} <= {c["name"] for c in session_cookies}
    phone.clear_cookies()
    phone.set_offline(True)
    ended_offline(page, live_server, inspection)
    page.screenshot(path="/tmp/phone-session-ended.png", full_page=True)
    assert serious_faults(page) == []


def test_a_session_past_its_lifetime_shows_nothing_kept_offline(
    phone, live_server, clerk, agent, settings
):
    inspection = todays_inspection(clerk=clerk, agent=agent)
    page = phone.new_page()
    open_the_day(page, live_server, agent)
    drafted(page, live_server, inspection)
    # Nine hours later, in the barn, with the browser never closed.
    later = timezone.now() + timedelta(seconds=settings.SESSION_COOKIE_AGE + 3600)
    page.clock.set_fixed_time(later)
    phone.set_offline(True)
    page.goto(f"{live_server.url}/inspections/{inspection.pk}/record/")
    expect(page.get_by_role("heading", name="Your session has ended")).to_be_visible()
    expect(page.locator("main")).not_to_contain_text(BITE)
    until(page, NOTHING_KEPT)
    assert draft_notes(page) == []


def test_a_password_reset_elsewhere_ends_the_session_and_the_phone_drops_its_copies(
    phone, live_server, clerk, agent
):
    inspection = todays_inspection(clerk=clerk, agent=agent)
    page = phone.new_page()
    open_the_day(page, live_server, agent)
    phone.set_offline(True)
    drafted(page, live_server, inspection)
    page.get_by_role("button", name="Mark the unanswered as complies").click()
    page.get_by_role("button", name="Record the inspection").click()
    expect(page.locator("[data-queue-count]")).to_have_text("1")

    # The agent's password is reset from the office's computer: every session of hers ends.
    agent.set_password("a-new-password-after-the-reset")
    agent.save()
    # The signal returns: the phone's sending learns the session has ended and drops it all.
    phone.set_offline(False)
    page.evaluate("window.dispatchEvent(new Event('online'))")
    expect(page.get_by_role("heading", name="Your session has ended")).to_be_visible()
    expect(page.locator("main")).not_to_contain_text(BITE)
    until(page, NOTHING_KEPT)
    assert draft_notes(page) == []
    assert Inspection.objects.get(pk=inspection.pk).is_scheduled  # nothing sent in her name
    phone.set_offline(True)
    ended_offline(page, live_server, inspection, worker_removed=True)


def test_another_users_log_in_finds_nothing_of_the_first_ones(phone, live_server, clerk, agent):
    inspection = todays_inspection(clerk=clerk, agent=agent)
    colleague = make_user("agent2", Role.AGENT, first_name="Dana", last_name="Reyes")
    page = phone.new_page()
    open_the_day(page, live_server, agent)
    drafted(page, live_server, inspection)
    phone.clear_cookies()
    login(page, live_server, colleague.username)
    page.goto(f"{live_server.url}/inspections/{inspection.pk}/record/")
    expect(page.locator("[data-progress]")).to_have_text(re.compile(r"^0 of \d+ answered$"))
    expect(page.locator("main")).not_to_contain_text(BITE)
    assert draft_notes(page) == []
    assert f"boh-pages-{agent.pk}" not in kept_on_the_phone(page)["caches"]
