"""Issue 26 point 5: a history reads in people's words. The labels are the forms', the values
as the pages show them (a choice's label, a moment on Stoneham's clock), never the bookkeeping
(tokens, ISO times in UTC); the many rows one action saves are one entry that counts them."""

from __future__ import annotations

import re
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
import time_machine
from django.urls import reverse

from inspections import actions
from tests.inspections import builders as b

pytestmark = pytest.mark.django_db

STONEHAM = ZoneInfo("America/New_York")
MORNING = datetime(2027, 6, 15, 8, 0, tzinfo=STONEHAM)
# The database keeps moments in UTC, written as ISO 8601 ("2027-06-15T14:30:00+00:00").
ISO_MOMENT = re.compile(r"\d{4}-\d\d-\d\d[T ]\d\d:\d\d")


def _recorded_with_one_violation(clerk, agent):
    """A hen coop inspected at 10:30 in the morning: vermin, with a photo; the rest complies.
    Each step an hour after the one before, as in a day's work."""
    with time_machine.travel(MORNING, tick=True) as clock:
        permit = b.hen_permit(by=clerk)
        clock.shift(timedelta(hours=1))
        inspection = b.scheduled(lot=permit.lot, by=agent, agent=agent)
        clock.shift(timedelta(hours=2))
        answers = b.answers_for(inspection, {b.VERMIN: b.vermin_violation(photos=[b.jpeg()])})
        actions.record_inspection(
            inspection=inspection,
            by=agent,
            answers=answers,
            performed_at=datetime(2027, 6, 15, 10, 30, tzinfo=STONEHAM),
            summary="Rats under the coop.",
        )
    return inspection, len(answers)


def _history(client, inspection) -> str:
    url = reverse("inspections:inspection-history", args=[inspection.pk])
    return client.get(url, headers={"HX-Request": "true"}).content.decode()


def test_recording_a_checklist_is_one_entry_counting_its_answers(client, clerk, agent):
    inspection, answered = _recorded_with_one_violation(clerk, agent)
    client.force_login(clerk)
    history = _history(client, inspection)
    # Two actions, two entries: scheduled, then recorded (not one row per answer).
    assert history.count("data-history-entry") == 2
    assert (
        f"Recorded</span> the inspection: {answered} checklist answers — "
        f"{answered - 1} complies, 1 violation; 1 photo" in history
    )
    assert "Scheduled</span> the inspection" in history
    # The answers themselves are under the entry, for whoever opens it.
    details = history.split("<details", 1)[1]
    assert "checklist answer §20-16(6): violation" in details
    assert details.count("Answered</span>") == answered


def test_the_history_shows_local_times_and_no_bookkeeping(client, clerk, agent):
    inspection, _ = _recorded_with_one_violation(clerk, agent)
    client.force_login(clerk)
    history = _history(client, inspection)
    assert "Performed at: — → June 15, 2027, 10:30 a.m." in history
    assert "Status: Scheduled → Completed" in history
    assert "June 15, 2027, 11:00 a.m. · Agent" in history  # when it was recorded, Stoneham's
    assert not ISO_MOMENT.search(history), ISO_MOMENT.search(history)
    for internal in ("token", "Token", "UTC", "+00:00", "Id:"):
        assert internal not in history


def test_the_days_changes_count_an_action_once(client, clerk, agent):
    inspection, answered = _recorded_with_one_violation(clerk, agent)
    client.force_login(clerk)
    page = client.get(reverse("day-changes"), {"on": "2027-06-15"}).content.decode()
    assert page.count("Answered</span>") == answered  # listed, under one entry
    assert f"(routine or annual): {answered} checklist answers — {answered - 1} complies" in page
    assert not ISO_MOMENT.search(page.split("<main", 1)[1])


def test_the_days_changes_cost_the_same_queries_for_one_action_or_many(client, clerk, agent):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    def queries() -> int:
        with CaptureQueriesContext(connection) as captured:
            page = client.get(reverse("day-changes"), {"on": "2027-06-15"})
        assert page.status_code == 200
        return len(captured)

    _recorded_with_one_violation(clerk, agent)
    client.force_login(clerk)
    one = queries()
    # Three more permits and inspections the same day: each a change to records already on
    # file, compared with its version before (once a query a change).
    for _ in range(3):
        _recorded_with_one_violation(clerk, agent)
    assert queries() == one
