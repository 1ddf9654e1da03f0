"""A permit of the town's paper register, entered by the clerk and accepted by the Board
(issue 22 finding 1).

The clerk enters the paper permit on a draft with its number, dates and scan; the rules it
does not meet are shown; the public verification page calls it provisional; the clerk puts it
before the Board; at the meeting the chair records the attendance and the Board's vote
accepting it; the public page then shows it in force.
"""

from __future__ import annotations

import os
from datetime import date, datetime
from decimal import Decimal

import pytest
import time_machine
from django.utils import timezone
from playwright.sync_api import expect

from permits import actions
from permits.models import Permit
from stoneham_boh.accounts.roles import Role
from tests import factories
from tests.browser.conftest import login
from tests.browser.test_hearings_journey import log_out, record_attendance
from tests.conftest import make_user
from tests.hearings import builders as b

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


def moment(text: str):
    return timezone.make_aware(datetime.fromisoformat(text))


@pytest.mark.django_db(transaction=True)
def test_a_paper_permit_entered_by_the_clerk_comes_into_force_when_the_board_accepts_it(
    browser_page, live_server, tmp_path
):
    page = browser_page
    scan = tmp_path / "permit-94-17.pdf"
    scan.write_bytes(factories.REGISTER_SCAN)
    with time_machine.travel(moment("2027-01-14 09:00"), tick=True) as traveller:
        clerk = make_user("clerk4", Role.CLERK, first_name="Maureen", last_name="Doherty")
        chair = make_user("chair4", Role.BOARD, first_name="Anne", last_name="Whitcomb")
        factories.fee_schedule()
        application = actions.create_application(
            applicant=factories.applicant(by=clerk, name="Anthony DiCarlo"),
            lot=factories.lot(by=clerk, area_acres=Decimal("0.25")),
            by=clerk,
            manure_method="receptacle",
            securely_fenced=True,
            vermin_licensed_operator=True,
        )
        actions.set_animals(application=application, by=clerk, animals={"rooster": 2})
        actions.add_structure(application=application, by=clerk, **factories.GOOD_COOP)
        meeting = b.meeting(by=clerk, on=date(2027, 2, 9), today=date(2027, 1, 14))

        login(page, live_server, clerk.username)
        page.goto(f"{live_server.url}/permits/applications/{application.pk}/")
        page.get_by_text("Enter it from the paper register").click()
        page.get_by_label("Number on the paper permit").fill("94-17")
        page.get_by_label("Year of the paper permit in force").fill("2027")
        page.get_by_label("Keeping first permitted on").fill("1994-05-02")
        page.get_by_label("Paper permit in force issued on").fill("2027-01-02")
        page.get_by_label("Scan of the paper permit").set_input_files(str(scan))
        page.get_by_role("button", name="Enter the paper permit").click()
        expect(page.get_by_text("Paper permit 94-17 entered as")).to_be_visible()
        expect(page.get_by_text("Rules the keeping did not meet when entered")).to_be_visible()
        expect(page.get_by_text("§20-15(11)").first).to_be_visible()
        permit = Permit.objects.get(application=application)
        assert permit.status == Permit.Status.PROVISIONAL

        # To the public it is not a permit in force.
        log_out(page)
        page.goto(f"{live_server.url}/verify/{permit.verify_token}/")
        expect(page.get_by_text("is not in force until the Board accepts it")).to_be_visible()

        # The clerk puts it before the Board.
        login(page, live_server, clerk.username)
        page.goto(f"{live_server.url}/permits/applications/{application.pk}/")
        page.get_by_role("link", name="Put it before the Board").click()
        page.get_by_label(f"{permit.number} (paper permit 94-17)", exact=False).check()
        page.get_by_role("button", name="Put before the Board").click()
        expect(page.get_by_text("1 entry of the paper register on the docket")).to_be_visible()
        # The meeting's notice, listing the entry, posted with the Town Clerk (c.30A §20(b)).
        b.posted(meeting, by=clerk)

        # The evening of the meeting: the chair records who attended, then the vote.
        traveller.move_to(moment("2027-02-09 20:00"))
        log_out(page)
        login(page, live_server, chair.username)
        record_attendance(page, live_server, meeting, {chair: "in_person"})
        entry = page.locator(".docket-entry", has_text="Acceptance of a paper-register permit")
        expect(entry.get_by_text("Rules not met when entered")).to_be_visible()
        entry.get_by_role("link", name="Record the decision").click()
        page.get_by_label("Approved").check()
        page.get_by_label("Anne Whitcomb", exact=True).select_option("yes")
        page.get_by_role("button", name="Record the decision").click()
        expect(page.get_by_text("Decision recorded: approved.")).to_be_visible()

        log_out(page)
        page.goto(f"{live_server.url}/verify/{permit.verify_token}/")
        expect(page.get_by_text("This permit to keep animals is in force")).to_be_visible()

    permit.refresh_from_db()
    assert permit.status == Permit.Status.ACTIVE
    assert permit.register_accepted_on.isoformat() == "2027-02-09"
