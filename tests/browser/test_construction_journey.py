"""§20-20(2)(a), issue 26 point 26: after the Board approves a new shed, the clerk records the
building inspector's sign-off (its date and document) on the application page, the agent on a
phone schedules and records the final inspection of construction, and the clerk issues."""

from __future__ import annotations

import os

import pytest
from axe_playwright_python.sync_playwright import Axe
from django.utils import timezone
from playwright.sync_api import expect

from permits.models import Permit
from tests import factories
from tests.browser.conftest import login

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

PDF = b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"
COMPLETE_QUESTION = (
    "Is the construction or remodelling complete, as in the plans the Board approved?"
)


@pytest.mark.django_db(transaction=True)
def test_the_clerk_and_the_agent_complete_a_new_shed_before_its_permit(
    browser_page, phone_page, live_server, clerk, agent
):
    today = timezone.localdate()
    application = factories.hen_renewal(by=clerk, received_on=today, construction="new")
    factories.board_approves(application, ["construction"], on=today)
    url = f"{live_server.url}/permits/applications/{application.pk}/"

    # The clerk: the Board's approval is on file, the inspector's and the completion are not.
    clerk_page = browser_page
    login(clerk_page, live_server, clerk.username)
    clerk_page.goto(url)
    steps = clerk_page.locator("[data-construction-steps]")
    expect(steps.locator('[data-step="board"]')).to_have_attribute("data-done", "true")
    expect(steps.locator('[data-step="building_inspector"]')).to_have_attribute(
        "data-done", "false"
    )
    expect(clerk_page.locator(".issue-refusal")).to_contain_text("final inspection")

    # The building inspector's sign-off arrives: its date and the letter itself.
    clerk_page.get_by_label("Date of the building inspector's approval").fill(today.isoformat())
    clerk_page.get_by_label("The approval as received").set_input_files(
        {"name": "sign-off.pdf", "mimeType": "application/pdf", "buffer": PDF}
    )
    clerk_page.get_by_label("Reference (optional)").fill("B-114")
    clerk_page.get_by_role("button", name="Record the inspector's approval").click()
    expect(clerk_page.get_by_text("The building inspector's approval is recorded.")).to_be_visible()
    expect(steps.locator('[data-step="building_inspector"]')).to_have_attribute("data-done", "true")
    expect(steps.get_by_role("link", name="Open the approval")).to_be_visible()
    serious = [
        violation["id"]
        for violation in Axe().run(clerk_page).response["violations"]
        if violation["impact"] in ("serious", "critical")
    ]
    assert not serious, serious
    if os.environ.get("JOURNEY_SCREENSHOTS"):
        clerk_page.locator("#construction").screenshot(
            path=os.path.join(os.environ["JOURNEY_SCREENSHOTS"], "construction-clerk.png")
        )

    # The agent, on a phone: the final inspection of construction, from the application.
    login(phone_page, live_server, agent.username)
    phone_page.goto(url)
    if os.environ.get("JOURNEY_SCREENSHOTS"):
        phone_page.locator("#construction").screenshot(
            path=os.path.join(os.environ["JOURNEY_SCREENSHOTS"], "construction-agent.png")
        )
    assert phone_page.evaluate("document.documentElement.scrollWidth") <= 375
    phone_page.get_by_role("link", name="Schedule the final inspection of construction").click()
    expect(phone_page.get_by_label("Kind")).to_have_value("final_construction")
    phone_page.get_by_role("button", name="Schedule").click()
    phone_page.get_by_role("link", name="Start the checklist").click()
    complete = phone_page.locator("fieldset", has_text=COMPLETE_QUESTION)
    complete.locator("label", has_text="Complies").click()
    phone_page.get_by_role("button", name="Mark the unanswered as complies").click()
    phone_page.get_by_role("button", name="Record the inspection").click()
    expect(phone_page.get_by_text("Inspection recorded.")).to_be_visible()

    # The clerk: every step recorded, the rule met, the permit issues.
    clerk_page.goto(url)
    expect(steps.locator('[data-step="completion"]')).to_have_attribute("data-done", "true")
    expect(clerk_page.locator('[data-rule="20-20.2"]')).to_have_attribute("data-status", "pass")
    clerk_page.get_by_role("button", name="Issue the permit").click()
    expect(clerk_page.get_by_text("issued, valid to")).to_be_visible()
    assert Permit.objects.filter(application=application).exists()
