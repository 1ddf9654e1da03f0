"""What a clerk, a Board member and an agent tripped on in the daily screens (issue 17),
each as the person meets it in the browser."""

from __future__ import annotations

import re

import pytest
import time_machine
from playwright.sync_api import expect

from tests import factories
from tests.browser.conftest import login
from tests.hearings import builders as b

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_letters_typed_into_a_distance_are_refused_at_the_field_and_kept(
    browser_page, live_server, clerk
):
    page = browser_page
    application = factories.hen_renewal(by=clerk)
    login(page, live_server, clerk.username)
    page.goto(f"{live_server.url}/permits/applications/{application.pk}/edit/")
    wetland = page.locator("#id_structures-0-distance_wetland_ft")
    # A blank distance says what it means, in the ruleset's own figure.
    expect(wetland).to_have_attribute("placeholder", "none within 300 ft")
    wetland.fill("4O")  # a letter O for a zero
    page.get_by_role("button", name="Save draft").click()
    expect(page.get_by_text("Nothing was saved: correct the marked fields.")).to_be_visible()
    expect(wetland).to_have_value("4O")
    error = page.locator("#id_structures-0-distance_wetland_ft").locator("xpath=..")
    expect(error).to_contain_text("Enter a number.")


def test_the_application_page_says_what_a_blank_distance_means(browser_page, live_server, clerk):
    page = browser_page
    application = factories.hen_renewal(by=clerk)
    login(page, live_server, clerk.username)
    page.goto(f"{live_server.url}/permits/applications/{application.pk}/")
    table = page.get_by_role("table", name=re.compile("Structures and their distances"))
    # The dwelling distance the manure rule checks is listed for every structure.
    expect(table).to_contain_text("Dwelling: 120.0 ft")
    expect(table.get_by_text("none within 300 ft").first).to_be_visible()


def test_on_the_hearing_day_the_panel_shows_the_date_and_notices_as_pending(
    browser_page, live_server, clerk
):
    page = browser_page
    with time_machine.travel(factories.midday(b.DEADLINE), tick=False):
        item = b.noticed(by=clerk)
    with time_machine.travel(factories.midday(b.HEARING), tick=True):
        login(page, live_server, clerk.username)
        page.goto(f"{live_server.url}/permits/applications/{item.application_id}/")
        schedule = page.locator("#compliance-panel [data-hearing-schedule]")
        expect(schedule).to_contain_text("Public hearing set for Tuesday, March 26, 2030")
        expect(schedule).to_contain_text("Notices are due by Tuesday, March 12, 2030")
        expect(schedule).to_contain_text("3 of 3 mailed, the last on Tuesday, March 12, 2030")
        expect(schedule).to_contain_text("Legal notice: published on Tuesday, March 12, 2030")
        expect(schedule).to_contain_text("in time")
        expect(page.locator("#compliance-panel")).not_to_contain_text("Actual: unknown")


def test_a_board_member_sees_which_abutters_were_noticed_read_only(
    browser_page, live_server, clerk, board_member
):
    page = browser_page
    with time_machine.travel(factories.midday(b.DEADLINE), tick=False):
        item = b.noticed(by=clerk)
    with time_machine.travel(factories.midday(b.DEADLINE), tick=True):
        login(page, live_server, board_member.username)
        page.get_by_role("link", name="Docket").first.click()
        page.get_by_role("link", name=re.compile("See the abutters")).first.click()
        expect(page).to_have_url(re.compile(rf"/hearings/items/{item.pk}/$"))
        expect(page.get_by_text("Owner 001").first).to_be_visible()
        expect(page.get_by_text("Mailed").first).to_be_visible()
        expect(page.get_by_text("Return receipt not yet back").first).to_be_visible()
        # Read-only: nothing to record or correct, and no link to the clerk's pages. The search
        # across records heads every staff page (issue 26.25): a search, not a record changed.
        expect(page.locator("main form:not([role=search])")).to_have_count(0)
        expect(page.get_by_role("link", name="Legal notice of the meeting")).to_have_count(0)
        # The item's history is the clerk's page (the access matrix): no card that would be refused.
        expect(page.get_by_role("heading", name="History of changes")).to_have_count(0)


def test_the_clerks_home_links_each_record_and_shows_online_renewal_requests(
    browser_page, live_server, clerk
):
    from datetime import date

    from permits.portal import actions as account_actions

    page = browser_page
    holder = factories.applicant_account(by=clerk, name="Karen Sullivan")
    with time_machine.travel(factories.midday(date(2030, 1, 10)), tick=False):
        permit = factories.issued_permit(
            by=clerk, applicant=holder, on=date(2030, 1, 10), received_on=date(2030, 1, 10)
        )
    with time_machine.travel(factories.midday(date(2030, 11, 5)), tick=False):
        account_actions.request_renewal(permit=permit, by=holder.user, unchanged=True)
    with time_machine.travel(factories.midday(date(2030, 11, 6)), tick=True):
        waiting = factories.hen_renewal(by=clerk, received_on=date(2030, 11, 6))
        login(page, live_server, clerk.username)
        requests = page.get_by_role("region", name="Online renewal requests waiting")
        expect(requests.get_by_role("link", name=f"Permit {permit.number}")).to_be_visible()
        applications = page.get_by_role("region", name="Applications needing attention")
        applications.get_by_role("link", name=str(waiting.applicant)).click()
        expect(page).to_have_url(re.compile(rf"/applications/{waiting.pk}/$"))


def test_the_renewals_list_fits_a_phone_without_scrolling_sideways(phone_page, live_server, clerk):
    from datetime import date

    page = phone_page
    with time_machine.travel(factories.midday(date(2030, 11, 2)), tick=True):
        for name in ("Karen Sullivan-Whitcombe", "Thomas Greene"):
            factories.issued_permit(
                by=clerk,
                applicant=factories.applicant(name=name),
                on=date(2030, 1, 10),
                received_on=date(2030, 1, 10),
            )
        login(page, live_server, clerk.username)
        page.goto(f"{live_server.url}/permits/renewals/")
        expect(
            page.get_by_role("button", name=re.compile("Start the renewal")).first
        ).to_be_visible()
        table = page.locator("table.table-stacked")
        overflow = table.evaluate(
            "t => { const box = t.closest('.table-responsive');"
            " return box.scrollWidth - box.clientWidth; }"
        )
        assert overflow <= 1
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_two_complaint_inspections_at_one_lot_say_which_complaint_each_answers(
    phone_page, live_server, clerk, agent
):
    from inspections import actions as inspection_actions
    from inspections.models import Inspection

    page = phone_page
    lot = factories.lot()
    for description in ("Rats by the coop.", "Manure piled at the fence."):
        complaint = inspection_actions.record_complaint(
            lot=lot,
            nature="vermin",
            description=description,
            complainant_name="A. Neighbour",
            by=clerk,
        )
        inspection_actions.schedule_inspection(
            lot=lot,
            kind=Inspection.Kind.COMPLAINT,
            scheduled_for=complaint.received_on,
            by=agent,
            agent=agent,
            complaint=complaint,
        )
    login(page, live_server, agent.username)
    page.goto(f"{live_server.url}/inspections/")
    expect(page.get_by_text("“Rats by the coop.”", exact=False)).to_be_visible()
    expect(page.get_by_text("“Manure piled at the fence.”", exact=False)).to_be_visible()


def test_a_grandfathered_renewal_shows_which_rules_rely_on_20_20_8(
    browser_page, live_server, clerk
):
    from datetime import date
    from decimal import Decimal

    from permits import actions

    page = browser_page
    # Hens permitted on paper in 1994 (a legacy permit), renewed unchanged: §20-20(8).
    legacy = factories.legacy_permit(
        by=clerk,
        first_permitted_on=date(1994, 5, 2),
        structure={"distance_property_line_ft": Decimal("18")},
    )
    application = actions.start_renewal(permit=legacy, by=clerk, today=date(2027, 11, 2))
    login(page, live_server, clerk.username)
    page.goto(f"{live_server.url}/permits/applications/{application.pk}/")
    panel = page.locator("#compliance-panel")
    # The 18 ft setback relies on §20-20(8); the six hens meet the count rule on their own.
    expect(
        panel.locator('.finding[data-rule="20-15.4.a"][data-status="grandfathered"]')
    ).to_have_count(1)
    met = panel.locator('.finding[data-status="pass"]')
    assert met.count() > 0
    expect(met.first).to_contain_text("Met without §20-20(8).")
    assert panel.locator('.finding[data-status="grandfathered"]').count() < 5


def test_a_checklist_sent_back_names_the_item_at_fault_and_takes_the_agent_there(
    phone_page, live_server, clerk, agent
):
    from django.utils import timezone

    from inspections import actions as inspection_actions
    from inspections.models import Inspection
    from tests.browser.test_agent_journey import VERMIN_QUESTION, camera_photo

    page = phone_page
    today = timezone.localdate()
    permit = factories.issued_permit(by=clerk, on=today, received_on=today)
    inspection = inspection_actions.schedule_inspection(
        lot=permit.lot,
        kind=Inspection.Kind.ROUTINE,
        scheduled_for=today,
        by=clerk,
        agent=agent,
        permit=permit,
    )
    login(page, live_server, agent.username)
    page.goto(f"{live_server.url}/inspections/{inspection.pk}/record/")
    vermin = page.locator("fieldset", has_text=VERMIN_QUESTION)
    vermin.locator("label", has_text="Violation").click()
    vermin.locator("input[type=file]").set_input_files(camera_photo())
    page.get_by_role("button", name="Mark the unanswered as complies").click()
    page.get_by_role("button", name="Record the inspection").click()  # no note for the violation
    summary = page.locator("#form-errors")
    expect(summary).to_contain_text("Describe the violation you found.")
    expect(summary.get_by_role("link", name=re.compile(VERMIN_QUESTION[:20]))).to_be_visible()
    expect(summary).to_contain_text("choose them again")
    # The page opens at the item at fault, its note box ready to type in.
    fault = page.locator("fieldset[data-fault]")
    expect(fault).to_have_count(1)
    expect(fault.locator("textarea")).to_be_focused()
    expect(fault).to_be_in_viewport()
