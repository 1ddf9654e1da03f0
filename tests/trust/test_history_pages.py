"""Applications, permits, hearings and inspections each show who changed what, and when."""

from __future__ import annotations

import html
import re

import pytest
from django.urls import reverse

from stoneham_boh.lib.history import history_rows
from tests.universe import client_for

pytestmark = pytest.mark.django_db

PAGES = [
    ("permits:application-detail", "open_application_a", "the application"),
    ("permits:permit-detail", "permit_a", "permit"),
    ("hearings:meeting-detail", "meeting", "the legal notice"),
    ("hearings:item-notices", "item", "notice to"),
    ("inspections:inspection-detail", "inspection", "checklist answer"),
]


def _history_url(client, url_name: str, pk: int) -> str:
    """The address the page's history card loads its entries from."""
    page = client.get(reverse(url_name, kwargs={"pk": pk})).content.decode()
    card = page.split("History of changes", 1)
    assert len(card) == 2, f"{url_name} shows no history card"
    found = re.search(r'hx-get="([^"]+)"', card[1])
    assert found, f"{url_name}'s history card loads nothing"
    return html.unescape(found.group(1))


@pytest.mark.parametrize("url_name, record, what", PAGES)
def test_the_page_shows_the_history_naming_who_acted(url_name, record, what, world):
    client = client_for("clerk", world)
    history_url = _history_url(client, url_name, getattr(world, record).pk)
    history = client.get(history_url, headers={"HX-Request": "true"}).content.decode()
    assert "<html" not in history, "the card receives the list alone"
    assert what in history
    assert "Clerk1" in history, "the history names the user"
    # Every change names who made it; only the test factory's lots are made without a user.
    anonymous = [row for row in history.split("<li")[1:] if "the system" in row]
    assert all("Created</span> the lot " in row for row in anonymous), anonymous


@pytest.mark.parametrize("url_name, record, what", PAGES)
def test_without_javascript_the_history_link_opens_a_page_of_its_own(url_name, record, what, world):
    client = client_for("clerk", world)
    history_url = _history_url(client, url_name, getattr(world, record).pk)
    page = client.get(history_url).content.decode()
    assert "<html" in page and "History of changes" in page
    assert what in page.split("<main", 1)[-1]


def test_the_history_says_what_changed_from_what_to_what(world):
    entries = history_rows(world.scheduled_inspection.lot)
    assert entries and entries[-1].action == "Created"
    item_entries = history_rows(world.item)
    changed = [e for e in item_entries if e.action == "Changed"]
    assert changed, "the staff recommendation was changed after scheduling"
    assert any(
        label == "staff recommendation" and new == "Approve."
        for e in changed
        for label, _, new in e.changes
    )
    assert all(e.who == "Clerk1" for e in item_entries)
