"""Every page each role reaches, in a real browser: axe-core finds no serious or critical
violation, nothing scrolls sideways on a 375 px phone, and on the agent's and residents'
screens the menu button and every form control is at least 44 px tall to tap.

The pages come from the access matrix (tests/trust/test_access_matrix.py): each GET page a
role is admitted to (200), opened with the records of the matrix's world, so every detail page
has a real record behind it. One browser; one context per role, logged in by its session cookie.
"""

from __future__ import annotations

import time

import pytest
import time_machine
from axe_playwright_python.sync_playwright import Axe
from django.conf import settings
from django.test import Client

from tests.browser.conftest import DESKTOP, PHONE
from tests.trust.pages import url_for
from tests.trust.test_access_matrix import GET, MATRIX
from tests.trust.world import NOW, build_world

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# The administrator reaches the clerk's, agent's and Board's pages with the same templates, and
# the second applicant sees what the first does: these five roles meet every screen.
ROLES = ("anonymous", "applicant_a", "clerk", "agent", "board")
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
    names = [
        name
        for name, (method, expected) in MATRIX.items()
        if method == GET and expected[role] == 200
    ]
    if role != "anonymous":
        # The public pages are the same for everyone but the menu: open them once, anonymously.
        names = [name for name in names if name not in PUBLIC]
    return names


def _context_for(chromium, live_server, role, world):
    context = chromium.new_context(viewport=DESKTOP)
    context.set_default_timeout(15_000)
    if role != "anonymous":
        client = Client()
        client.force_login(world.users[role])
        session = client.cookies[settings.SESSION_COOKIE_NAME].value
        context.add_cookies(
            [{"name": settings.SESSION_COOKIE_NAME, "value": session, "url": live_server.url}]
        )
    return context


def _problems_on(page, url: str, role: str, axe: Axe) -> list[str]:
    # Ask first: a PDF or CSV is a download, not a screen, and the browser would not show it.
    head = page.request.get(url, max_redirects=0)
    if "text/html" not in head.headers.get("content-type", ""):
        return []
    page.set_viewport_size(DESKTOP)
    response = page.goto(url)
    if response.status != 200:
        return [f"answered {response.status}"]
    if page.locator("main").count() == 0:
        # An htmx fragment (the compliance panel, the intake search) is checked in its page.
        return []
    problems = []
    results = axe.run(page)
    for violation in results.response["violations"]:
        if violation["impact"] in BLOCKING_IMPACTS:
            targets = "; ".join(", ".join(node["target"]) for node in violation["nodes"][:4])
            problems.append(f"axe {violation['id']} ({violation['impact']}): {targets}")
    page.set_viewport_size(PHONE)
    wide = page.evaluate(OVERFLOW)
    if wide:
        problems.append(f"scrolls sideways at 375 px: {wide}")
    if role in TAPPED_BY:
        small = page.evaluate(SMALL_TARGETS, TAP_PX)
        if small:
            problems.append(f"tap targets under {TAP_PX} px: {small}")
    return problems


def test_no_page_any_role_reaches_has_a_serious_accessibility_fault(chromium, live_server):
    started = time.monotonic()
    with time_machine.travel(NOW, tick=True):
        world = build_world()
        axe = Axe()
        found: dict[str, list[str]] = {}
        visited = 0
        for role in ROLES:
            context = _context_for(chromium, live_server, role, world)
            page = context.new_page()
            for name in pages_for(role):
                url = live_server.url + url_for(name, world)
                problems = _problems_on(page, url, role, axe)
                visited += 1
                if problems:
                    found[f"{role} {name} {url_for(name, world)}"] = problems
            context.close()
    seconds = time.monotonic() - started
    print(f"\naccessibility: {visited} pages in {seconds:.0f} s")
    report = "\n".join(
        f"{page}:\n  " + "\n  ".join(problems) for page, problems in sorted(found.items())
    )
    assert not found, f"{len(found)} of {visited} pages have faults:\n{report}"
