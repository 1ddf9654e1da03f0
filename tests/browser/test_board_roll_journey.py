"""The administrator keeps the Board's roll (issue 22 finding 2, issue 23 point 6).

The administrator records a new appointment from its appointing document and ends a member's
term with its reason, never back-dated; each member is e-mailed; the clerk reads the roll but
changes nothing; a quorum stays a majority of the Board's seats.
"""

from __future__ import annotations

import os
from datetime import datetime

import pytest
import time_machine
from django.contrib.auth.models import Group
from django.core import mail
from django.utils import timezone
from playwright.sync_api import expect

from hearings.models import BoardMember
from stoneham_boh.accounts.roles import Role
from tests.browser.conftest import login
from tests.browser.test_hearings_journey import log_out
from tests.conftest import make_user

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


def moment(text: str):
    return timezone.make_aware(datetime.fromisoformat(text))


@pytest.mark.django_db(transaction=True)
def test_the_administrator_appoints_a_member_and_ends_a_term_and_the_members_are_told(
    browser_page, live_server
):
    page = browser_page
    with time_machine.travel(moment("2030-05-04 10:00"), tick=True):
        clerk = make_user("clerk3", Role.CLERK, first_name="Maureen", last_name="Doherty")
        admin = make_user("admin3", Role.ADMIN, first_name="Site", last_name="Administrator")
        anne = make_user("anne3", Role.BOARD, first_name="Anne", last_name="Whitcomb")
        robert = make_user("robert3", Role.BOARD, first_name="Robert", last_name="Nolan")
        for user in (anne, robert):
            user.email = f"{user.username}@example.org"
            user.save()
        nora = make_user("nora3", None, first_name="Nora", last_name="Quinn")
        nora.email = "nora3@example.org"
        nora.save()
        nora.groups.add(Group.objects.get(name=Role.BOARD.value))
        mail.outbox.clear()

        # The clerk reads the roll but has nothing to change on it.
        login(page, live_server, clerk.username)
        page.goto(f"{live_server.url}/hearings/board/")
        expect(page.get_by_role("heading", name="Members of the Board")).to_be_visible()
        expect(page.get_by_role("button", name="End the term")).to_have_count(0)
        expect(page.get_by_role("button", name="Record the appointment")).to_have_count(0)
        log_out(page)

        login(page, live_server, admin.username)
        page.goto(f"{live_server.url}/hearings/board/")
        # The Board grows to three seats, then Nora fills the third.
        page.get_by_label("Seats on the Board").fill("3")
        page.get_by_label("In force from").fill("2030-05-04")
        page.get_by_label("Authority").fill("Town Meeting vote, Article 12 of May 2030")
        page.get_by_role("button", name="Record the number of seats").click()
        expect(page.get_by_text("The Board has 3 seats from May 4, 2030.")).to_be_visible()
        page.get_by_label("Log-in").select_option(value=str(nora.pk))
        page.locator("#id_name").fill("Nora Quinn")
        page.get_by_label("Appointed on").fill("2030-05-04")
        page.get_by_label("Appointing document").fill("Select Board vote of May 4, 2030")
        page.get_by_label("Term begins").fill("2030-05-04")
        page.locator("#id_term_end").fill("2033-05-03")
        page.get_by_role("button", name="Record the appointment").click()
        expect(page.get_by_text("Nora Quinn is appointed to the Board")).to_be_visible()
        expect(page.get_by_text("Select Board vote of May 4, 2030")).to_be_visible()

        # Ending Robert's term yesterday is refused; from today, with its reason, it is done.
        row = page.locator("li", has_text="Robert Nolan")
        row.get_by_label("Term ends on").fill("2030-05-03")
        row.get_by_label("Why").fill("Resigned.")
        row.get_by_role("button", name="End the term").click()
        expect(page.get_by_text("cannot be back-dated before today")).to_be_visible()
        row = page.locator("li", has_text="Robert Nolan")
        row.get_by_label("Term ends on").fill("2030-05-04")
        row.get_by_label("Why").fill("Resigned: moved out of town.")
        row.get_by_role("button", name="End the term").click()
        expect(
            page.get_by_text("Robert Nolan's term is ended; the members are told.")
        ).to_be_visible()
        expect(page.get_by_text("The Board has 3 seats")).to_be_visible()
        expect(page.get_by_text("2 members must be present")).to_be_visible()

    robert_term = BoardMember.objects.get(user=robert)
    assert robert_term.term_end.isoformat() == "2030-05-04"
    assert robert_term.history.first().history_user == admin
    told = [m for m in mail.outbox if "Robert Nolan's term" in m.body]
    assert told and {"anne3@example.org", "robert3@example.org", "nora3@example.org"} <= set(
        told[0].to
    )
    assert any(
        "Nora Quinn is appointed" in m.body and "nora3@example.org" in m.to for m in mail.outbox
    )
