"""The clerk brings a permit's violations before the Board; the Board votes on the docket; the
written decision orders the animals removed (§20-20(5)-(6)).

The clerk opens the proceeding from the permit page, citing the inspection's violation, and
records the notice of the hearing mailed to the holder. At the hearing a lone member cannot
decide for an absent Board; with a quorum the Board revokes, and its letter says so.
"""

from __future__ import annotations

import os
from datetime import datetime

import pytest
import time_machine
from django.utils import timezone
from playwright.sync_api import expect

from permits.models import Permit
from stoneham_boh.accounts.roles import Role
from tests import factories
from tests.browser.conftest import login
from tests.browser.test_hearings_journey import log_out, pdf_pages, record_attendance
from tests.conftest import make_user
from tests.hearings import board_builders as rb
from tests.hearings import builders as b

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


def moment(text: str):
    return timezone.make_aware(datetime.fromisoformat(text))


@pytest.mark.django_db(transaction=True)
def test_from_the_clerks_proceeding_to_the_boards_vote_to_the_removal_letter(
    browser_page, live_server
):
    page = browser_page
    with time_machine.travel(moment("2027-06-01 09:00"), tick=True) as traveller:
        clerk = make_user("clerk7", Role.CLERK, first_name="Maureen", last_name="Doherty")
        agent = make_user("agent7", Role.AGENT, first_name="Sam", last_name="Reyes")
        chair = make_user("chair7", Role.BOARD, first_name="Anne", last_name="Whitcomb")
        robert = make_user("member7", Role.BOARD, first_name="Robert", last_name="Nolan")
        linda = make_user("member8", Role.BOARD, first_name="Linda", last_name="Costa")
        permit = factories.issued_permit(by=clerk)
        finding = rb.violation(permit, agent=agent, clerk=clerk)
        rb.hearing(by=clerk)

        # The clerk brings the permit before the Board, citing the violation found.
        login(page, live_server, clerk.username)
        page.goto(f"{live_server.url}/permits/{permit.pk}/")
        expect(page.get_by_role("button", name="Revoke and order removal")).to_have_count(0)
        page.get_by_role("link", name="Bring before the Board for revocation").click()
        page.get_by_label(finding.question, exact=False).check()
        page.get_by_label("Grounds").fill("Rat burrows under the coop (§20-16(6)), not abated.")
        page.get_by_role("button", name="Put the revocation on the docket").click()
        expect(
            page.get_by_role("heading", name=f"Revocation of permit {permit.number}")
        ).to_be_visible()
        expect(page.get_by_text("Not mailed")).to_be_visible()
        notice = " ".join(pdf_pages(page, "Notice of hearing (PDF)"))
        assert "NOTICE OF HEARING ON THE REVOCATION OF YOUR PERMIT" in notice
        assert "Tuesday, June 22, 2027" in notice and "right to attend the hearing" in notice

        detail = page.url
        traveller.move_to(moment("2027-06-05 10:00"))
        log_out(page)
        login(page, live_server, clerk.username)
        page.goto(detail)
        page.get_by_label("Mailed to the holder on").fill("2027-06-05")
        page.get_by_role("button", name="Record the mailing").click()
        expect(
            page.get_by_text("The notice of the hearing to the holder is recorded.")
        ).to_be_visible()

        # The Town Clerk posts the meeting's notice in time (c.30A §20(b)).
        b.posted(permit.revocation_proceedings.get().docket_item.meeting, by=clerk)

        # The evening of the hearing: the Board reads the docket and votes.
        traveller.move_to(moment("2027-06-22 20:30"))
        log_out(page)
        login(page, live_server, chair.username)
        meeting = permit.revocation_proceedings.get().docket_item.meeting
        # Robert and Linda are not there: Anne alone is no quorum of a Board of three.
        record_attendance(
            page, live_server, meeting, {chair: "in_person", robert: "absent", linda: "absent"}
        )
        page.get_by_role("link", name="Docket").first.click()
        entry = page.locator(".docket-entry", has_text="Revocation proceeding")
        expect(entry.get_by_text(permit.number)).to_be_visible()
        entry.get_by_role("link", name="Record the decision").click()
        page.get_by_label("Permit revoked").check()
        page.get_by_label("Animals to be removed by").fill("2027-07-22")
        page.get_by_label("Anne Whitcomb", exact=True).select_option("yes")
        page.get_by_role("button", name="Record the decision").click()
        expect(page.get_by_text("There is no quorum").first).to_be_visible()
        assert Permit.objects.get(pk=permit.pk).status == Permit.Status.ACTIVE
        # They join: Robert in person, Linda by video. Every vote is then a roll call.
        decide_url = page.url
        record_attendance(
            page,
            live_server,
            meeting,
            {chair: "in_person", robert: "in_person", linda: "remote"},
            reasons={linda: "Away on family business"},
        )
        page.goto(decide_url)
        page.get_by_label("Permit revoked").check()
        page.get_by_label("Animals to be removed by").fill("2027-07-22")
        page.get_by_label("Anne Whitcomb", exact=True).select_option("yes")
        page.get_by_label("Robert Nolan", exact=True).select_option("yes")
        page.get_by_label("Linda Costa", exact=True).select_option("no")
        page.get_by_role("button", name="Record the decision").click()
        expect(page.get_by_text("Decision recorded: permit revoked.")).to_be_visible()
        letter = " ".join(pdf_pages(page, "Written decision (PDF)"))

    assert f"DECISION ON THE REVOCATION OF PERMIT {permit.number}" in letter
    assert "Rat burrows under the coop" in letter
    assert "ORDER TO REMOVE THE ANIMALS (§20-20(6))" in letter and "July 22, 2027" in letter
    assert "right to be heard" in letter and "appeal this decision" in letter
    assert "Anne Whitcomb Yes" in letter and "Linda Costa No" in letter
    assert "3 of the Board's 3 members present" in letter and "roll call" in letter
    permit.refresh_from_db()
    assert permit.status == Permit.Status.REVOKED
    assert permit.removal_ordered_by.isoformat() == "2027-07-22"
