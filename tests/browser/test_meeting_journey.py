"""A Board meeting from its Open Meeting Law notice to its approved minutes, as the clerk and
the Board.

The clerk reads when the notice must reach the Town Clerk, prints it, records its posting;
after the meeting drafts the minutes from the record and writes the summary; at the next
meeting the Board approves them by a vote, and the public reads them on the site.
"""

from __future__ import annotations

import os
from datetime import date, datetime, time

import pytest
import time_machine
from django.urls import reverse
from django.utils import timezone
from playwright.sync_api import expect

from hearings import actions
from hearings.models import BoardMember
from stoneham_boh.accounts.roles import Role
from stoneham_boh.town.models import Town
from tests.browser.conftest import login
from tests.browser.test_hearings_journey import log_out, pdf_pages
from tests.conftest import make_user
from tests.hearings import builders as b

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


def moment(text: str):
    return timezone.make_aware(datetime.fromisoformat(text))


@pytest.mark.django_db(transaction=True)
def test_from_the_meeting_notice_to_the_approved_minutes(browser_page, live_server):
    page = browser_page
    with time_machine.travel(moment("2030-03-05 09:00"), tick=True) as traveller:
        clerk = make_user("clerk6", Role.CLERK, first_name="Maureen", last_name="Doherty")
        chair = make_user("chair6", Role.BOARD, first_name="Anne", last_name="Whitcomb")
        make_user("member6", Role.BOARD, first_name="Robert", last_name="Nolan")
        # The hearing of Tuesday, March 26, 2030 at 7 p.m., noticed to the abutters and in the
        # newspaper; its meeting's notice is not yet posted (the clerk posts it below).
        item = b.docketed(by=clerk)
        b.mail_all(item, by=clerk)
        b.publish(item.meeting, by=clerk)
        meeting = item.meeting
        later = actions.schedule_meeting(
            on=date(2030, 4, 9), at=time(19), place="Town Hall", by=clerk, today=date(2030, 3, 5)
        )

        # Wednesday before the meeting: the clerk files the notice with the Town Clerk.
        traveller.move_to(moment("2030-03-20 09:00"))
        login(page, live_server, clerk.username)
        page.goto(f"{live_server.url}/hearings/meetings/{meeting.pk}/")
        page.get_by_role("link", name="Meeting notice").click()
        expect(page.locator("#filing-deadline")).to_contain_text("Friday, March 22, 2030, 12:00 PM")
        expect(page.locator("#posting-deadline")).to_contain_text("Friday, March 22, 2030, 7:00 PM")
        notice = " ".join(pdf_pages(page, "Notice (PDF)"))
        assert "NOTICE OF MEETING" in notice and item.application.applicant.name in notice
        page.get_by_label("Posted on").fill("2030-03-20")
        page.get_by_label("Time posted").fill("08:45")
        page.get_by_label("Remote access").fill("https://meet.example.org/stoneham-boh")
        page.get_by_role("button", name="Record the posting").click()
        expect(page.get_by_text("The notice is recorded as posted.")).to_be_visible()
        expect(page.locator("#posting-status")).to_contain_text("in time")

        # The meeting is held: one member joins by video, the Board decides by roll call (the
        # temporary relief still in force that day: no quorum need be in the room).
        Town.objects.filter(is_current=True).update(remote_relief_ends=date(2030, 12, 31))
        traveller.move_to(moment("2030-03-26 20:30"))
        members = {m.name: m for m in BoardMember.objects.all()}
        actions.record_attendance(
            meeting=meeting,
            attendance={
                members["Anne Whitcomb"]: "in_person",
                members["Robert Nolan"]: ("remote", "Recovering from surgery"),
            },
            by=clerk,
            today=meeting.date,
        )
        b.decide(item, by=chair)

        # The next morning the clerk drafts the minutes from the record.
        traveller.move_to(moment("2030-03-27 09:00"))
        log_out(page)
        login(page, live_server, clerk.username)
        page.goto(f"{live_server.url}/hearings/meetings/{meeting.pk}/")
        page.get_by_role("link", name="Minutes", exact=True).click()
        page.get_by_role("button", name="Draft the minutes").click()
        expect(page.get_by_text("Robert Nolan: remotely (Recovering from surgery)")).to_be_visible()
        expect(page.get_by_text("Votes (roll call)")).to_be_visible()
        page.get_by_label(item.application.applicant.name, exact=False).fill(
            "The applicant presented the plan; no abutter spoke."
        )
        page.get_by_role("button", name="Save the minutes").click()
        expect(page.get_by_text("The minutes are saved.")).to_be_visible()
        expect(page.get_by_text("Draft", exact=True)).to_be_visible()

        # At the next meeting the Board approves them by a vote.
        traveller.move_to(moment("2030-04-09 19:30"))
        b.posted(later, by=clerk)  # its notice posted in time, as every vote's meeting is
        b.attend_as_voting(later, b.unanimous(later.date), by=clerk)
        log_out(page)
        login(page, live_server, chair.username)
        page.goto(f"{live_server.url}/hearings/meetings/{meeting.pk}/minutes/")
        form = page.locator("form", has_text="The Board's approval")
        form.get_by_label("Approved at the meeting of").select_option(str(later.pk))
        form.get_by_label("Anne Whitcomb", exact=True).select_option("yes")
        form.get_by_label("Robert Nolan", exact=True).select_option("yes")
        page.get_by_role("button", name="Approve the minutes").click()
        expect(page.get_by_text("The minutes are approved and published.")).to_be_visible()

        # Anyone reads them on the site.
        log_out(page)
        page.goto(f"{live_server.url}/minutes/")
        page.get_by_role("link", name="Meeting of Tuesday, March 26, 2030").click()
        expect(page.get_by_text("no abutter spoke")).to_be_visible()
        expect(
            page.get_by_text("Approved by the Board at its meeting of April 9, 2030")
        ).to_be_visible()


@pytest.mark.django_db(transaction=True)
def test_an_emergency_meeting_called_and_noticed_two_hours_ahead(browser_page, live_server):
    """The clerk puts an emergency meeting on the calendar (a short reason is refused at its
    field, the text kept), posts its notice two hours before it, and the pages say what it
    may take up; the notice states the emergency."""
    page = browser_page
    emergency = "Avian influenza confirmed in a flock on Pond Street; the birds must go at once."
    with time_machine.travel(moment("2030-03-26 14:00"), tick=True) as traveller:
        clerk = make_user("clerk7", Role.CLERK, first_name="Maureen", last_name="Doherty")
        login(page, live_server, clerk.username)
        page.goto(f"{live_server.url}/hearings/meetings/new/")
        page.get_by_label("Date").fill("2030-03-26")
        page.get_by_label("Time").fill("18:00")
        page.get_by_label("Emergency meeting: the emergency").fill("Rats.")
        page.get_by_role("button", name="Schedule the meeting").click()
        expect(page.get_by_text("State the emergency in a sentence").first).to_be_visible()
        expect(page.get_by_label("Emergency meeting: the emergency")).to_have_value("Rats.")
        page.get_by_label("Emergency meeting: the emergency").fill(emergency)
        page.get_by_role("button", name="Schedule the meeting").click()
        expect(page.get_by_text("Emergency meeting scheduled")).to_be_visible()
        # The Town Clerk posts the notice at 3:55 p.m.; the clerk records it at four.
        traveller.move_to(moment("2030-03-26 16:00"))
        page.reload()
        expect(page.get_by_role("heading", name="Emergency meeting")).to_be_visible()
        expect(page.get_by_role("link", name="Schedule a hearing")).to_have_count(0)
        page.get_by_role("link", name="Meeting notice").click()
        expect(page.locator("#emergency-notice")).to_contain_text(emergency)
        expect(page.locator("#posting-deadline")).to_contain_text(
            "Tuesday, March 26, 2030, 6:00 PM"
        )
        expect(page.locator("pre.legal-notice-text")).to_contain_text(
            "EMERGENCY MEETING: " + emergency
        )
        page.get_by_label("Posted on").fill("2030-03-26")
        page.get_by_label("Time posted").fill("15:55")
        page.get_by_role("button", name="Record the posting").click()
        expect(page.get_by_text("The notice is recorded as posted.")).to_be_visible()
        expect(page.locator("#posting-status")).to_contain_text("before the emergency meeting")


@pytest.mark.django_db(transaction=True)
def test_an_executive_session_from_the_vote_to_its_released_minutes(browser_page, live_server):
    """The chair records the roll call to enter executive session on the meeting's minutes
    page (a vague purpose refused at its field); the clerk keeps its minutes, withheld; at a
    later meeting the Board releases them, and anyone reads them with the public minutes."""
    page = browser_page
    statement = (
        "To discuss strategy in Doe v. Stoneham Board of Health, an open meeting harming it."
    )
    with time_machine.travel(moment("2030-03-05 09:00"), tick=True) as traveller:
        clerk = make_user("clerk8", Role.CLERK, first_name="Maureen", last_name="Doherty")
        chair = make_user("chair8", Role.BOARD, first_name="Anne", last_name="Whitcomb")
        make_user("member8", Role.BOARD, first_name="Robert", last_name="Nolan")
        meeting = actions.schedule_meeting(
            on=date(2030, 3, 26), at=time(19), place="Town Hall", by=clerk, today=date(2030, 3, 5)
        )
        later = actions.schedule_meeting(
            on=date(2030, 4, 9), at=time(19), place="Town Hall", by=clerk, today=date(2030, 3, 5)
        )
        traveller.move_to(moment("2030-03-26 20:30"))
        b.posted(meeting, by=clerk)
        b.attend_as_voting(meeting, b.unanimous(meeting.date), by=clerk)

        login(page, live_server, chair.username)
        page.goto(f"{live_server.url}/hearings/meetings/{meeting.pk}/minutes/")
        form = page.locator("#executive-sessions")
        form.get_by_label("Purpose (M.G.L. c.30A §21(a))").select_option("3")
        form.get_by_label("The purpose as the chair stated it in open session").fill("Litigation.")
        form.get_by_label("Anne Whitcomb", exact=True).select_option("yes")
        form.get_by_label("Robert Nolan", exact=True).select_option("yes")
        form.get_by_role("button", name="Record the vote").click()
        expect(
            page.get_by_text("State the purpose as the chair stated it in open session,")
        ).to_have_count(2)
        form = page.locator("#executive-sessions")
        expect(
            form.get_by_label("The purpose as the chair stated it in open session")
        ).to_have_value("Litigation.")
        form.get_by_label("The purpose as the chair stated it in open session").fill(statement)
        form.get_by_role("button", name="Record the vote").click()
        expect(page.get_by_text("The vote to enter executive session is recorded.")).to_be_visible()
        expect(page.locator("#session-roll")).to_contain_text("Anne Whitcomb yes; Robert Nolan yes")
        session_url = page.url

        log_out(page)
        login(page, live_server, clerk.username)
        page.goto(session_url)
        page.get_by_label("Minutes of the executive session").fill("Town counsel reported.")
        page.get_by_role("button", name="Save the minutes").click()
        expect(page.locator("#minutes-state")).to_have_text("Withheld")

        # At the next meeting the Board approves the open session's minutes, then releases the
        # closed session's.
        traveller.move_to(moment("2030-04-09 19:30"))
        b.posted(later, by=clerk)
        b.attend_as_voting(later, b.unanimous(later.date), by=clerk)
        minutes = actions.draft_minutes(meeting=meeting, by=clerk, today=date(2030, 3, 27))
        actions.approve_minutes(
            minutes=minutes,
            at_meeting=later,
            votes=b.unanimous(later.date),
            by=chair,
            today=later.date,
        )
        log_out(page)
        page.goto(f"{live_server.url}/minutes/{meeting.pk}/")
        expect(page.get_by_text("Motion to enter executive session")).to_be_visible()
        expect(page.get_by_text("Town counsel reported.")).to_have_count(0)
        login(page, live_server, chair.username)
        # The later meeting's minutes page lists the minutes still withheld, for the review.
        page.goto(f"{live_server.url}{reverse('hearings:minutes', args=[later.pk])}")
        page.get_by_role(
            "link", name="March 26, 2030: executive session under c.30A §21(a)(3)"
        ).click()
        assert page.url == session_url
        page.get_by_label("Determined at the meeting of").select_option(str(later.pk))
        page.get_by_label("What the Board determined").fill("The appeal is settled.")
        page.get_by_role("button", name="Release the minutes").click()
        expect(page.locator("#minutes-state")).to_contain_text("Released April 9, 2030")
        log_out(page)
        page.goto(f"{live_server.url}/minutes/{meeting.pk}/")
        expect(page.get_by_text("Town counsel reported.")).to_be_visible()
