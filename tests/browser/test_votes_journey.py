"""Every vote in a member's name is the member's own (issue 38 M3; issue 33 findings 3, 14).

A member disputes the vote the chair recorded on a 2-1 decision from their own page; the clerk
sees the dispute hold the permit and the minutes' approval waits for the chair's roll call; the
chair records the roll call approving the minutes, settles the dispute at a later meeting and
records an amendment of a figure by roll call; the member's page then lists every kind of vote.
Screenshots go to VOTES_SCREENS (default /tmp/votes-screens).
"""

from __future__ import annotations

import os
from datetime import date, datetime, time
from pathlib import Path

import pytest
import time_machine
from django.utils import timezone
from playwright.sync_api import expect

from hearings import actions
from hearings.models import BoardMember, Minutes, VoteSettlement
from permits.amendments.models import Amendment
from stoneham_boh.accounts.roles import Role
from stoneham_boh.lib import history
from tests.browser.conftest import login
from tests.browser.test_hearings_journey import log_out
from tests.conftest import make_user
from tests.hearings import builders as b

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
SCREENS = Path(os.environ.get("VOTES_SCREENS", "/tmp/votes-screens"))
LATER = date(2030, 4, 9)


def shot(page, name: str) -> None:
    SCREENS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENS / f"{name}.png"), full_page=True)


@pytest.mark.django_db(transaction=True)
def test_a_member_disputes_the_chair_settles_and_every_kind_of_vote_is_the_members_own(
    browser_page, live_server
):
    page = browser_page
    with time_machine.travel(timezone.make_aware(datetime(2030, 4, 9, 10)), tick=True):
        clerk = make_user("clerk7", Role.CLERK, first_name="Maureen", last_name="Doherty")
        anne, robert, linda = (
            make_user(f"{name.lower()}7", Role.BOARD, first_name=name, last_name=last)
            for name, last in (("Anne", "Whitcomb"), ("Robert", "Nolan"), ("Linda", "Park"))
        )
        BoardMember.objects.filter(user=anne).update(chair=True)
        # The hearing noticed and decided as the records say it was, weeks before this morning.
        with history.recorded_at(timezone.make_aware(datetime(2030, 2, 1, 10))):
            item = b.noticed(by=clerk)
        decision = b.decide(item, by=anne, votes={anne: "yes", robert: "yes", linda: "no"})
        actions.draft_minutes(meeting=item.meeting, by=clerk, today=date(2030, 3, 27))
        with history.recorded_at(timezone.make_aware(datetime(2030, 3, 27, 10))):
            later = actions.schedule_meeting(
                on=LATER, at=time(9), place="Town Hall", by=clerk, today=date(2030, 3, 27)
            )
        b.posted(later, by=clerk)  # noticed in time, as every vote's meeting is
        actions.record_attendance(
            meeting=later,
            attendance=dict.fromkeys(BoardMember.objects.all(), "in_person"),
            by=clerk,
            today=LATER,
        )

        # 1. Robert disputes the vote recorded in his name, from his own page.
        login(page, live_server, robert.username)
        page.goto(f"{live_server.url}/hearings/board/my-votes/")
        row = page.locator("li", has_text="decision (approved)")
        row.get_by_label("How you voted, or what is wrong with the record").fill(
            "I voted no: the meeting's recording will show it."
        )
        row.get_by_role("button", name="Dispute this vote").click()
        expect(page.get_by_text("Your dispute is recorded")).to_be_visible()
        expect(page.get_by_text("Awaiting the Board's settlement")).to_be_visible()
        shot(page, "1-member-disputes")
        log_out(page)

        # 2. The clerk sees the dispute hold the permit; the approval is the chair's to record.
        login(page, live_server, clerk.username)
        page.goto(f"{live_server.url}/hearings/board/disputes/")
        expect(page.get_by_text("Could change the result", exact=True)).to_be_visible()
        shot(page, "2-clerk-disputes")
        page.goto(f"{live_server.url}/hearings/meetings/{item.meeting.pk}/minutes/")
        expect(page.get_by_text("The chair, or the member presiding, records")).to_be_visible()
        shot(page, "3-clerk-minutes")
        log_out(page)

        # 3. The chair records the roll call approving the minutes at the later meeting.
        login(page, live_server, anne.username)
        page.goto(f"{live_server.url}/hearings/meetings/{item.meeting.pk}/minutes/")
        form = page.locator("form", has_text="The Board's approval")
        form.get_by_label("Approved at the meeting of").select_option(str(later.pk))
        for member in ("Anne Whitcomb", "Robert Nolan", "Linda Park"):
            form.get_by_label(member).select_option("yes")
        form.get_by_role("button", name="Approve the minutes").click()
        expect(page.get_by_text("The minutes are approved and published.")).to_be_visible()
        shot(page, "4-chair-minutes-approved")

        # 4. The chair settles Robert's dispute: the record confirmed, by the Board's roll call.
        page.goto(f"{live_server.url}/hearings/board/disputes/")
        page.get_by_text("Record the Board's settlement").click()
        settle = page.locator("form", has_text="Settled at the meeting of")
        settle.get_by_label("Settled at the meeting of").select_option(str(later.pk))
        settle.get_by_label("The record is confirmed").check()
        settle.get_by_label("What the Board found").fill("The recording has Robert's yes.")
        shot(page, "5-chair-settles-form")
        for member in ("Anne Whitcomb", "Robert Nolan", "Linda Park"):
            settle.get_by_label(member).select_option("yes")
        settle.get_by_role("button", name="Record the settlement").click()
        expect(page.get_by_text("The Board's settlement is recorded")).to_be_visible()
        shot(page, "6-chair-settled")

        # 5. The chair records an amendment of a figure by roll call.
        page.goto(f"{live_server.url}/settings/amendments/")
        page.get_by_label("The figure amended").select_option("20-15.4.a:minimum_ft")
        page.get_by_label("Its new value").fill("60")
        page.get_by_label("Voted at the meeting of").select_option(str(later.pk))
        for member, vote in (("Anne Whitcomb", "yes"), ("Robert Nolan", "yes")):
            page.get_by_label(member, exact=True).select_option(vote)
        page.get_by_label("Linda Park", exact=True).select_option("no")
        page.get_by_label("Effective on").fill("2030-06-01")
        page.get_by_label("Summary published on").fill("2030-04-09")
        shot(page, "7-chair-amendment-form")
        page.get_by_role("button", name="Record the amendment").click()
        expect(page.get_by_text("The amendment is recorded.")).to_be_visible()
        log_out(page)

        # 6. Robert's page lists every kind of vote in his name.
        login(page, live_server, robert.username)
        page.goto(f"{live_server.url}/hearings/board/my-votes/")
        main = page.locator("main")
        expect(main).to_contain_text("the amendment of rule 20-15.4.a")
        expect(main).to_contain_text("the approval of the minutes")
        expect(main).to_contain_text("settling Robert Nolan")
        expect(main).to_contain_text("the record is confirmed")
        shot(page, "8-member-every-vote")

    assert Minutes.objects.get(meeting=item.meeting).approval_roll.count() == 3
    assert VoteSettlement.objects.get().disputed.decision == decision
    assert Amendment.objects.get().roll.get(member=linda).vote == "no"
