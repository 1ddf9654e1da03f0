"""Issue 26 point 26, the whole path of §20-20(2)(a) in Chromium: a new application for hens in
a shed yet to be built goes before the Board, which approves its plans (a Board member, 1280
px); the clerk records the building inspector's approval with its date and document (1280 px);
the agent, on a phone (390 px), schedules and records the final inspection of the completed
construction; the clerk issues the permit. Each step is first sent with a mistake, which is
named at its field with nothing typed lost."""

from __future__ import annotations

import os
from datetime import date

import pytest
import time_machine
from playwright.sync_api import expect

from hearings import actions as hearing_actions
from permits.models import Permit
from stoneham_boh.accounts.roles import Role
from tests.browser.conftest import login, open_page
from tests.browser.test_hearings_journey import moment, record_attendance
from tests.conftest import make_user
from tests.hearings import builders as b

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

PDF = b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"
COMPLETE_QUESTION = (
    "Is the construction or remodelling complete, as in the plans the Board approved?"
)
HEARING = date(2030, 3, 26)


def shot(page, name: str) -> None:
    if os.environ.get("JOURNEY_SCREENSHOTS"):
        page.screenshot(
            path=os.path.join(os.environ["JOURNEY_SCREENSHOTS"], f"{name}.png"), full_page=True
        )


@pytest.fixture
def phone_390(chromium):
    yield from open_page(chromium, {"width": 390, "height": 844})


def a_new_shed_before_the_board(clerk):
    """A new application for hens in a shed to be built, its plans before the Board at the
    hearing of March 26, 2030, noticed in time to the abutters, in the newspaper and at the
    Town Clerk's."""
    application = b.new_hen_application(by=clerk, construction="new")
    b.certify_abutters(application, by=clerk)
    item = hearing_actions.schedule_hearing(
        application=application,
        meeting=b.meeting(by=clerk, on=HEARING),
        approvals_sought=["vermin_plan", "construction"],
        by=clerk,
        today=date(2030, 3, 5),
    )
    b.mail_all(item, by=clerk)
    b.publish(item.meeting, by=clerk)
    # The meeting's notice posted with the Town Clerk in time (c.30A §20(b)).
    b.posted(item.meeting, by=clerk)
    return application, item


def test_a_new_shed_from_the_boards_approval_to_its_permit(browser_page, phone_390, live_server):
    with time_machine.travel(moment("2030-03-05 09:00"), tick=True) as clock:
        clerk = make_user("clerk9", Role.CLERK, first_name="Maureen", last_name="Doherty")
        chair = make_user("chair9", Role.BOARD, first_name="Anne", last_name="Whitcomb")
        member = make_user("member9", Role.BOARD, first_name="Robert", last_name="Nolan")
        agent = make_user("agent9", Role.AGENT, first_name="Paul", last_name="Ricci")
        application, item = a_new_shed_before_the_board(clerk)
        url = f"{live_server.url}/permits/applications/{application.pk}/"

        # The evening of the hearing: the Board approves the plans, after one slip.
        clock.move_to(moment("2030-03-26 20:30"))
        page = browser_page
        login(page, live_server, chair.username)
        record_attendance(
            page, live_server, item.meeting, {chair: "in_person", member: "in_person"}
        )
        page.goto(f"{live_server.url}/hearings/items/{item.pk}/decision/")
        page.get_by_label("Approved").check()
        page.get_by_label("Plans for construction or remodelling (§20-20(2))").check()
        page.get_by_label("Vermin control plan (§20-19)").check()
        page.get_by_label("Conditions", exact=True).fill("The shed as drawn on the plan.")
        page.get_by_role("button", name="Record the decision").click()  # no votes
        expect(page.locator("[data-error-summary], .invalid-feedback").first).to_be_visible()
        expect(
            page.get_by_label("Plans for construction or remodelling (§20-20(2))")
        ).to_be_checked()
        expect(page.get_by_label("Conditions", exact=True)).to_have_value(
            "The shed as drawn on the plan."
        )
        page.get_by_label("Anne Whitcomb", exact=True).select_option("yes")
        page.get_by_label("Robert Nolan", exact=True).select_option("yes")
        page.get_by_role("button", name="Record the decision").click()
        expect(page.get_by_text("Decision recorded: approved.")).to_be_visible()
        b.pay_notice_cost(application, on=HEARING, by=clerk)

        # The next morning the building inspector's approval arrives at the clerk's counter.
        clock.move_to(moment("2030-04-02 10:00"))
        page.context.clear_cookies()
        login(page, live_server, clerk.username)
        page.goto(url)
        steps = page.locator("[data-construction-steps]")
        expect(steps.locator('[data-step="board"]')).to_have_attribute("data-done", "true")
        expect(steps.locator('[data-step="board"]')).to_contain_text("Voted March 26, 2030")
        expect(page.locator(".issue-refusal")).to_contain_text("building inspector")
        approved_on = page.get_by_label("Date of the building inspector's approval")
        document = page.get_by_label("The approval as received")
        # A date after today, and a letter that is no PDF: each named at its field.
        approved_on.fill("2030-04-09")
        document.set_input_files(
            {"name": "sign-off.txt", "mimeType": "text/plain", "buffer": b"approved"}
        )
        page.get_by_label("Reference (optional)").fill("B-114")
        page.get_by_role("button", name="Record the inspector's approval").click()
        form = page.locator("form", has=page.get_by_label("The approval as received"))
        expect(form).to_contain_text("The approval cannot be dated after today.")
        expect(page.get_by_label("Reference (optional)")).to_have_value("B-114")
        # The PDF chosen, the date still after today: the letter is kept while the date is
        # put right, not to be chosen again.
        document.set_input_files(
            {"name": "sign-off.pdf", "mimeType": "application/pdf", "buffer": PDF}
        )
        page.get_by_role("button", name="Record the inspector's approval").click()
        expect(form).to_contain_text("The approval cannot be dated after today.")
        expect(form).to_contain_text("Kept from your last try: sign-off.pdf.")
        shot(page, "construction-path-1-inspector-error-1280")
        approved_on.fill("2030-04-01")
        page.get_by_role("button", name="Record the inspector's approval").click()
        expect(page.get_by_text("The building inspector's approval is recorded.")).to_be_visible()
        expect(steps.locator('[data-step="building_inspector"]')).to_contain_text(
            "Dated April 1, 2030; sign-off.pdf (B-114)."
        )
        expect(page.locator(".issue-refusal")).to_contain_text("final inspection")

        # The agent, at the shed with a phone: the final inspection of construction.
        phone = phone_390
        login(phone, live_server, agent.username)
        phone.goto(url)
        phone.get_by_role("link", name="Schedule the final inspection of construction").click()
        expect(phone.get_by_label("Kind")).to_have_value("final_construction")
        phone.get_by_label("Date").fill("2030-04-01")  # yesterday
        phone.get_by_role("button", name="Schedule", exact=True).click()
        expect(phone.get_by_text("Choose today or a later day.", exact=True)).to_be_visible()
        expect(phone.get_by_label("Kind")).to_have_value("final_construction")
        phone.get_by_label("Date").fill("2030-04-02")
        phone.get_by_role("button", name="Schedule", exact=True).click()
        phone.get_by_role("link", name="Start the checklist").click()
        # The phone's own clock is not the test's (March 2030): the time, as the agent types it.
        phone.get_by_label("Inspected at").fill("2030-04-02T10:00")
        complete = phone.locator("fieldset", has_text=COMPLETE_QUESTION)
        complete.locator("label", has_text="Complies").click()
        phone.get_by_role("button", name="Record the inspection").click()  # the rest unanswered
        expect(phone.locator("#form-errors")).to_be_visible()
        expect(complete.locator("input[value=complies]")).to_be_checked()
        shot(phone, "construction-path-2-checklist-error-390")
        phone.get_by_role("button", name="Mark the unanswered as complies").click()
        phone.get_by_role("button", name="Record the inspection").click()
        expect(phone.get_by_text("Inspection recorded.")).to_be_visible()
        assert phone.evaluate("document.documentElement.scrollWidth") <= 390

        # The clerk: the three steps recorded, §20-20(2) met, the permit issues.
        page.goto(url)
        expect(steps.locator('[data-step="completion"]')).to_have_attribute("data-done", "true")
        expect(steps.locator('[data-step="completion"]')).to_contain_text(
            "Found complete on April 2, 2030."
        )
        expect(page.locator('[data-rule="20-20.2"]')).to_have_attribute("data-status", "pass")
        shot(page, "construction-path-3-ready-1280")
        page.get_by_role("button", name="Issue the permit").click()
        expect(page.get_by_text("issued, valid to")).to_be_visible()
        assert Permit.objects.filter(application=application).exists()

        # The history says each step in the clerk's words, on Stoneham's clock.
        page.goto(f"{url}history/")
        history = page.locator("main")
        expect(history).to_contain_text(
            "the Board's approval: Plans for construction or remodelling (§20-20(2))"
        )
        expect(history).to_contain_text("Approved by the building inspector on: — → April 1, 2030")
        expect(history).to_contain_text("Issued permit 2030-")
        assert "token" not in history.inner_text().lower()
        shot(page, "construction-path-4-history-1280")
