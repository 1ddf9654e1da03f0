"""Applications, permits, hearings and inspections each show who changed what, and when."""

from __future__ import annotations

import pytest
from django.urls import reverse

from stoneham_boh.lib.history import history_rows
from tests.trust.conftest import client_for

pytestmark = pytest.mark.django_db

PAGES = [
    ("permits:application-detail", "open_application_a", "Application"),
    ("permits:permit-detail", "permit_a", "Permit"),
    ("hearings:meeting-detail", "meeting", "Legal notice"),
    ("hearings:item-notices", "item", "Notice to"),
    ("inspections:inspection-detail", "inspection", "Finding"),
]


@pytest.mark.parametrize("url_name, record, what", PAGES)
def test_the_page_shows_the_history_naming_who_acted(url_name, record, what, world):
    path = reverse(url_name, kwargs={"pk": getattr(world, record).pk})
    page = client_for("clerk", world).get(path).content.decode()
    history = page.split("History of changes", 1)
    assert len(history) == 2, f"{url_name} shows no history"
    assert what in history[1]
    assert "Clerk1" in history[1] or "Agent1" in history[1], "the history names the user"
    # Every change names who made it; only the test factory's lots are made without a user.
    anonymous = [row for row in history[1].split("<li")[1:] if "the system" in row]
    assert all("Created</span> Lot " in row for row in anonymous), anonymous


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
