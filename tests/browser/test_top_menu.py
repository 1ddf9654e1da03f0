"""The top menu at a desktop's width: the administrator holds every staff role, so theirs is the
longest menu. It wraps onto a second line rather than widening the page past the screen (found
at 1280 px: every page was 1360 px wide for the administrator)."""

from __future__ import annotations

import os

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import login

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("who", ["admin_user", "clerk", "board_member", "agent"])
def test_the_top_menu_fits_a_desktop_screen_for_every_role(request, browser_page, live_server, who):
    user = request.getfixturevalue(who)
    page = browser_page
    login(page, live_server, user.username)
    width = page.evaluate("window.innerWidth")
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    links = page.locator("#main-nav .nav-link:visible")
    expect(links.first).to_be_visible()
    for index in range(links.count()):
        box = links.nth(index).bounding_box()
        assert box is not None and box["x"] + box["width"] <= width, links.nth(index).inner_text()
    page.screenshot(path=f"/tmp/top-menu-{who}.png")


def test_the_administrators_menu_is_one_line_at_1366_px_and_the_search_is_in_the_banner(
    chromium, live_server, admin_user
):
    """At 1366 px, the commonest office laptop, the longest menu fits one line; the search box
    belongs to the banner, so that each page's <main> starts with its title (issue 34.7)."""
    from tests.browser.conftest import open_page

    for page in open_page(chromium, {"width": 1366, "height": 768}):
        login(page, live_server, admin_user.username)
        links = page.locator("#main-nav .nav-link:visible")
        expect(links.first).to_be_visible()
        tops = {round(links.nth(i).bounding_box()["y"]) for i in range(links.count())}
        assert len(tops) == 1, tops
        expect(page.locator("header form[role=search]")).to_have_count(1)
        expect(page.locator("main form[role=search]")).to_have_count(0)
