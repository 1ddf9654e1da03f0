"""The docket's pages (hearings/views/docket.py): the docket and the hearing's scheduling.

The docket, meeting and public hearing screens say what is so (issue 17, items 7 and 8)."""

from __future__ import annotations

from datetime import date, datetime, time, timedelta

import pytest
import time_machine
from django.urls import reverse
from django.utils import timezone

from hearings import actions
from hearings.models import DocketItem, Meeting
from tests import factories
from tests.hearings import builders as b
from tests.hearings.builders import at

pytestmark = pytest.mark.django_db


def test_the_docket_lists_every_later_meeting_with_its_time_and_items(clerk, client):
    first = b.meeting(by=clerk, on=b.HEARING)
    b.docketed(by=clerk, the_meeting=first)
    for weeks in range(1, 7):
        b.meeting(by=clerk, on=b.HEARING + timedelta(weeks=weeks))
    b.meeting(by=clerk, on=b.HEARING + timedelta(weeks=2), at=time(9, 30))
    with at(date(2030, 2, 1), client, clerk):
        page = client.get(reverse("hearings:docket")).content.decode()
    later = page.split('class="list-unstyled later-meetings"')[1].split("</ul>")[0]
    assert later.count("<li") == 7
    # Two meetings on one day read apart by their times.
    assert "Tuesday, April 9, 2030, 9:30 AM" in later
    assert "Tuesday, April 9, 2030, 7:00 PM" in later
    assert "0 items" in later


def test_the_hearing_form_offers_no_meeting_whose_legal_notice_has_gone(clerk, client):
    item = b.noticed(by=clerk)
    later = b.meeting(by=clerk, on=b.HEARING + timedelta(weeks=4))
    with at(b.DEADLINE, client, clerk):
        page = client.get(reverse("hearings:schedule")).content.decode()
    assert f'value="{later.pk}"' in page
    assert f'value="{item.meeting.pk}"' not in page


def test_a_meeting_whose_notices_all_went_in_time_raises_no_alarm(clerk, client):
    item = b.noticed(by=clerk)
    with at(b.HEARING - timedelta(days=3), client, clerk):
        page = client.get(reverse("hearings:meeting-detail", args=[item.meeting.pk])).content
    page = page.decode()
    assert "every notice went out in time" in page
    assert ", passed." not in page


def test_the_public_page_counts_decided_hearings_and_drops_a_meeting_held_earlier_today(
    clerk, client, board_member
):
    item = b.noticed(by=clerk)
    b.decide(item, by=board_member)
    with at(b.HEARING, client, clerk):
        # 10 a.m. on the day of the 7 p.m. meeting: still coming, its decided hearing counted.
        page = client.get(reverse("hearings:public-hearings")).content.decode()
    assert "· 1 hearing</p>" in page
    late = timezone.make_aware(datetime.combine(b.HEARING, time(21, 30)))
    with time_machine.travel(late, tick=False):
        page = client.get(reverse("hearings:public-hearings")).content.decode()
    assert "No public hearing is scheduled" in page


def _docket_queries(client, user) -> tuple[int, str]:
    return b.page_queries(client, user, reverse("hearings:docket"))


# The docket's queries for a coming meeting of two hearings: the session and its user, the
# coming meetings, the items and what the rules read of them, and one for the last past
# meetings, the town closures the notice clocks skip (once per request, hearings.clocks) and
# the meeting's Open Meeting Law postings (the items added after posting are marked).
# Their outcomes, a page of them counted, sliced and read in two more, cost 19. And the town's
# settings, once a request (stoneham_boh/town/current.py).
DOCKET_QUERIES = 19


def test_scheduling_late_warns_that_notice_can_no_longer_be_given_in_time(clerk, client):
    application = b.new_hen_application(by=clerk)
    meeting = b.meeting(by=clerk)
    with at(date(2030, 3, 13), client, clerk):
        response = client.post(
            reverse("hearings:schedule"),
            {"application": application.pk, "meeting": meeting.pk},
            follow=True,
        )
    page = response.content.decode()
    assert DocketItem.objects.filter(application=application).exists()
    assert "The last day to give notice for the hearing of March 26, 2030 was March 12, 2030" in (
        page
    )


def test_the_schedule_form_starts_with_the_failing_rules_as_relief_sought(clerk, client):
    application = b.new_hen_application(by=clerk, setback_ft="38")
    b.meeting(by=clerk)
    with at(date(2030, 2, 2), client, clerk):
        response = client.get(
            reverse("hearings:schedule") + f"?application={application.pk}&meeting=x"
        )
    form = response.context["form"]
    assert form.initial["relief_sought"] == ["20-15.4.a"]
    assert "notices by <strong>Mar 12</strong>" in response.content.decode()


def test_a_refused_scheduling_keeps_the_choices_and_gives_the_reason(clerk, client):
    renewal = factories.hen_renewal(by=clerk)
    meeting = b.meeting(by=clerk)
    with at(date(2030, 2, 2), client, clerk):
        response = client.post(
            reverse("hearings:schedule"),
            {"application": renewal.pk, "meeting": meeting.pk, "staff_recommendation": "Kept"},
        )
    assert response.status_code == 400
    page = response.content.decode()
    assert "only when it enlarges the keeping" in page
    assert "Kept" in page


def test_the_docket_costs_the_same_queries_for_2_or_40_items_and_5000_past(
    clerk, board_member, client
):
    first = b.docketed(by=clerk, relief=["20-15.4.a"], setback_ft="38")
    b.docketed(by=clerk, the_meeting=first.meeting)
    b.past_archive(clerk, 20)
    _docket_queries(client, board_member)  # the Board's amendments, read once per process
    few, page = _docket_queries(client, board_member)
    assert "relief needed from §20-15(4)(a)" in page

    for _ in range(38):
        b.docketed(by=clerk, the_meeting=first.meeting)
    b.past_archive(clerk, 5000 - 20)
    many, page = _docket_queries(client, board_member)
    assert page.count('class="card section-card mb-3 docket-entry"') == 40
    assert many == few
    assert many <= DOCKET_QUERIES


def test_the_docket_shows_each_item_for_the_board(clerk, board_member, client):
    item = b.docketed(by=clerk, relief=["20-15.4.a"], setback_ft="38")
    actions.update_docket_item(item=item, staff_recommendation="Recommend a fence.", by=clerk)
    with at(date(2030, 3, 1), client, board_member):
        page = client.get(reverse("hearings:docket")).content.decode()
    application = item.application
    for text in (
        application.applicant.name,
        application.lot.street_address,
        "6 chickens",
        "3 on the certified list",
        "Notices due by March 12, 2030",
        "relief needed from §20-15(4)(a)",
        "Coop C1 is 38 ft from the abutting property line",
        "Recommend a fence.",
        "Record the decision",
    ):
        assert text in page, text


def test_an_empty_docket_says_what_to_do(clerk_client):
    page = clerk_client.get(reverse("hearings:docket")).content.decode()
    assert "No meeting is scheduled. Schedule a meeting" in page
    assert "No meeting has taken place yet." in page


def test_the_docket_names_the_last_three_past_meetings_and_links_to_their_outcomes(
    clerk, board_member, client
):
    b.docketed(by=clerk)
    b.past_archive(clerk, 5 * 20)  # five meetings, January 1 to 5, 2029, every hearing denied
    _, page = _docket_queries(client, board_member)
    past = page.split('id="past-heading"')[1].split("</section>")[0]
    newest = Meeting.objects.get(date=date(2029, 1, 5))
    assert f'href="{reverse("hearings:meeting-detail", args=[newest.pk])}"' in past
    for shown in ("Friday, January 5, 2029", "Thursday, January 4, 2029", "January 3, 2029"):
        assert shown in past
    assert "January 2, 2029" not in page
    assert f'href="{reverse("hearings:past-meetings")}"' in past
    assert "All past meetings and their outcomes" in past
    # The outcomes are a link away: not one past hearing's decision is on the docket.
    assert "Denied" not in page
