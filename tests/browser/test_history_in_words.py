"""Issue 26 point 5, on the agent's phone (390 px): the inspection's history card reads in
people's words, one entry for recording the checklist, its answers under "The details"."""

from __future__ import annotations

import os
import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from django.utils import timezone
from playwright.sync_api import expect

from inspections import actions
from tests.browser.conftest import login, open_page
from tests.inspections import builders as b

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ISO_MOMENT = re.compile(r"\d{4}-\d\d-\d\d[T ]\d\d:\d\d")


@pytest.fixture
def phone_390(chromium):
    yield from open_page(chromium, {"width": 390, "height": 844})


def test_the_inspection_history_is_one_entry_for_the_checklist_with_its_answers_inside(
    phone_390, live_server, clerk, agent
):
    today = timezone.localdate()
    permit = b.hen_permit(by=clerk, on=today)
    inspection = b.scheduled(lot=permit.lot, by=agent, agent=agent, day=today)
    answers = b.answers_for(inspection, {b.VERMIN: b.vermin_violation(photos=[b.jpeg()])})
    actions.record_inspection(inspection=inspection, by=agent, answers=answers)
    answered = len(answers)

    page = phone_390
    login(page, live_server, agent.username)
    page.goto(f"{live_server.url}/inspections/{inspection.pk}/")
    card = page.locator("section[aria-labelledby=history-heading]")
    card.scroll_into_view_if_needed()
    entries = card.locator("[data-history-entry]")
    expect(entries.first).to_be_visible()
    # Scheduling and recording, a moment apart, are one action of the agent's: one entry.
    expect(entries).to_have_count(1)
    entry = entries.first
    expect(entry).to_contain_text(
        f"Recorded the inspection: {answered} checklist answers — "
        f"{answered - 1} complies, 1 violation; 1 photo"
    )
    expect(entry).to_contain_text("Status: Scheduled → Completed")
    text = card.inner_text()
    assert "token" not in text.lower() and "Created Finding" not in text
    assert not ISO_MOMENT.search(text), ISO_MOMENT.search(text)
    # The answers, one by one, for whoever opens the details.
    answer = entry.get_by_text("checklist answer §20-16(6): violation")
    expect(answer).to_be_hidden()
    entry.get_by_text("The details").click()
    expect(answer).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    serious = [
        violation["id"]
        for violation in Axe().run(page).response["violations"]
        if violation["impact"] in ("serious", "critical")
    ]
    assert not serious, serious
    if os.environ.get("JOURNEY_SCREENSHOTS"):
        card.screenshot(
            path=os.path.join(os.environ["JOURNEY_SCREENSHOTS"], "history-inspection-390.png")
        )
