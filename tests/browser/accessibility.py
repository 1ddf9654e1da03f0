"""Every page each role reaches, in a real browser: axe-core finds no serious or critical
violation, nothing scrolls sideways on a 375 px phone, and on the agent's and residents'
screens the menu button and every form control is at least 44 px tall to tap.

The pages come from the access matrix (tests/trust/test_access_matrix.py): each GET page a
role is admitted to (200), opened with the records of the matrix's world, so every detail page
has a real record behind it. Each role's pages are one test module (test_accessibility_*.py),
one test a page, so a fault names its page and the roles share the work between pytest-xdist's
workers; a module builds the world once, serves it from a live server of its own, and opens
every page in one browser context logged in as the role.

Why not pytest-django's `live_server`: a test that uses it is transactional, and the database
is emptied after each one, so the world would be built again for every page. The tests are
marked plain `django_db` instead (for the test database to be made, and each in a transaction
of its own that is rolled back, changing nothing): the world they read is committed before them.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest
import time_machine
from axe_playwright_python.sync_playwright import Axe
from django.conf import settings
from django.core.servers.basehttp import ThreadedWSGIServer
from django.test import override_settings
from django.test.utils import modify_settings
from pytest_django.live_server_helper import LiveServer

from tests.browser.conftest import DESKTOP, PHONE
from tests.trust.pages import url_for
from tests.trust.test_access_matrix import GET, MATRIX
from tests.world import NOW

# The administrator reaches the clerk's, agent's and Board's pages with the same templates, and
# the second applicant sees what the first does: these roles meet every screen (the
# administrator is visited on the pages only the administrator opens).
ROLES = ("anonymous", "applicant_a", "clerk", "agent", "board", "admin")
STAFF_ROLES = ("clerk", "agent", "board")
# Screens held in one hand in the field or at home: tap targets are checked on these.
TAPPED_BY = ("anonymous", "applicant_a", "agent")
PUBLIC = {name for name, (method, expected) in MATRIX.items() if expected["anonymous"] == 200}
BLOCKING_IMPACTS = {"serious", "critical"}
TAP_PX = 44

# Each visible control too small to tap, as "tag#id (w x h)". A checkbox or radio counts by its
# label, which is what a thumb presses.
SMALL_TARGETS = """
(min) => {
  const small = [];
  const controls = document.querySelectorAll(
    'main input:not([type=hidden]), main select, main textarea, main button, .navbar-toggler'
  );
  for (const control of controls) {
    let target = control;
    if (control.type === 'checkbox' || control.type === 'radio') {
      target = control.closest('label, .form-check') || control.labels[0] || control;
    }
    const box = target.getBoundingClientRect();
    // Not shown at this width, or visually hidden.
    if (box.width <= 1 || box.height <= 1) continue;
    if (box.height < min - 0.5) {
      const name = control.id || control.name || control.textContent.trim().slice(0, 30);
      small.push(`${control.tagName.toLowerCase()}#${name} `
                 + `(${Math.round(box.width)} x ${Math.round(box.height)})`);
    }
  }
  return small;
}
"""

OVERFLOW = """
() => {
  const width = document.documentElement.clientWidth;
  if (document.documentElement.scrollWidth <= width) return [];
  const wide = [];
  for (const element of document.querySelectorAll('body *')) {
    const box = element.getBoundingClientRect();
    if (box.right > width + 1 && !element.closest('.table-responsive, [data-scrolls]')) {
      wide.push(`${element.tagName.toLowerCase()}${element.id ? '#' + element.id : ''}`
                + `.${[...element.classList].join('.')} (right edge ${Math.round(box.right)} px)`);
    }
  }
  return wide.slice(0, 5);
}
"""


def pages_for(role: str) -> list[str]:
    """The URL names of the pages `role` is checked on, known without a database (the
    matrix's table), so they can be the tests' parameters."""
    names = [
        name
        for name, (method, expected) in MATRIX.items()
        if method == GET and expected[role] == 200
    ]
    if role != "anonymous":
        # The public pages are the same for everyone but the menu: open them once, anonymously.
        names = [name for name in names if name not in PUBLIC]
    if role == "admin":
        # The administrator's own pages (the town's settings, the letters' wording, the Board's
        # amendments, the register's import, the records out): the rest are the staff's.
        names = [n for n in names if all(MATRIX[n][1][staff] != 200 for staff in STAFF_ROLES)]
    return names


@dataclass
class Crawl:
    """One role's browser page on the module's live server and world."""

    role: str
    world: object
    base_url: str
    page: object
    axe: Axe

    def check(self, name: str) -> None:
        """Open the page named `name` and fail, naming it, if it has any fault; skip it, saying
        why, where it is no screen of its own (a download, an htmx fragment)."""
        path = url_for(name, self.world)
        # Each test has an uploads folder of its own (tests/conftest.py): the server reads the
        # world's, where its documents and photos are.
        with override_settings(MEDIA_ROOT=self.world.media_root):
            problems = self._problems_on(self.base_url + path)
        assert not problems, f"{self.role} {name} {path}:\n  " + "\n  ".join(problems)

    def _problems_on(self, url: str) -> list[str]:
        page = self.page
        # Ask first: a PDF or CSV is a download, not a screen, and the browser would not show it.
        head = page.request.get(url, max_redirects=0)
        if "text/html" not in head.headers.get("content-type", ""):
            pytest.skip("a download, not a screen")
        page.set_viewport_size(DESKTOP)
        response = page.goto(url)
        if response.status != 200:
            return [f"answered {response.status}"]
        if page.locator("main").count() == 0:
            pytest.skip("an htmx fragment: checked in the page that shows it")
        problems = []
        results = self.axe.run(page)
        for violation in results.response["violations"]:
            if violation["impact"] in BLOCKING_IMPACTS:
                targets = "; ".join(", ".join(node["target"]) for node in violation["nodes"][:4])
                problems.append(f"axe {violation['id']} ({violation['impact']}): {targets}")
        page.set_viewport_size(PHONE)
        wide = page.evaluate(OVERFLOW)
        if wide:
            problems.append(f"scrolls sideways at 375 px: {wide}")
        if self.role in TAPPED_BY:
            small = page.evaluate(SMALL_TARGETS, TAP_PX)
            if small:
                problems.append(f"tap targets under {TAP_PX} px: {small}")
        return problems


class _ServerThatWaitsForItsRequests(ThreadedWSGIServer):
    """Django's test server, but stopping waits for the requests still open (the browser's
    kept-alive connections, closed with its context): on SQLite the server shares the test's
    connection, and a request ending after the server stopped sharing it fails in its thread."""

    daemon_threads = False


def crawl_as(role: str):
    """The module-scoped fixture `crawl` of `role`'s module: the universe's world committed,
    a live server reading it, and a browser context logged in as `role`. The database is emptied
    when the module is done."""

    @pytest.fixture(scope="module")
    def crawl(chromium, universe, django_db_blocker):
        with (
            time_machine.travel(NOW, tick=True),
            django_db_blocker.unblock(),
            universe.committed() as world,
            modify_settings(ALLOWED_HOSTS={"append": "localhost"}),
        ):
            # An unused port of the system's choosing: each pytest-xdist worker has its own.
            server = LiveServer("localhost", start=False)
            server.thread.server_class = _ServerThatWaitsForItsRequests
            server.start()
            context = chromium.new_context(viewport=DESKTOP)
            context.set_default_timeout(15_000)
            try:
                if role != "anonymous":
                    context.add_cookies(
                        [
                            {
                                "name": settings.SESSION_COOKIE_NAME,
                                "value": world.sessions[role],
                                "url": server.url,
                            }
                        ]
                    )
                yield Crawl(role, world, server.url, context.new_page(), Axe())
            finally:
                context.close()
                # After the context (its connections end the server's requests), before the
                # database is emptied (the server's connections close with it).
                server.stop()

    return crawl
