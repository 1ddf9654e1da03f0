"""The meetings' pages (hearings/views/meetings.py, legal_notice.py): a meeting scheduled, the
past meetings, the legal notice's page.

The legal notice page marks a newspaper day that has passed, and marking the notice sent
after the newspaper's cut-off says so (issue 34.7)."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
import time_machine
from django.urls import reverse
from django.utils.html import strip_tags

from hearings import actions, clocks
from hearings.models import LegalNotice, Meeting
from tests import factories
from tests.hearings import builders as b
from tests.hearings.builders import at

pytestmark = pytest.mark.django_db


def test_a_passed_cut_off_is_marked_and_a_late_sending_is_said(clerk_client, clerk):
    item = b.docketed(by=clerk)
    meeting = item.meeting
    cutoff = clocks.newspaper_copy_deadline(meeting.date).when
    late = cutoff + timedelta(days=1)
    with time_machine.travel(factories.midday(late), tick=False):
        actions.draft_legal_notice(meeting=meeting, by=clerk)
        clerk_client.force_login(clerk)  # a session of that day
        page = clerk_client.get(reverse("hearings:legal-notice", args=[meeting.pk]))
        assert (
            "Passed: the newspaper&#x27;s cut-off for that issue is over" in (page.content.decode())
            or "Passed: the newspaper's cut-off for that issue is over" in page.content.decode()
        )
        sent = clerk_client.post(
            reverse("hearings:legal-notice-sent", args=[meeting.pk]),
            {"sent_on": late.isoformat()},
            follow=True,
        )
    said = sent.content.decode()
    assert "after its cut-off of" in said
    assert "ask the newspaper whether" in said


def test_a_legal_notice_cannot_be_sent_or_published_before_it_was_drafted(clerk, client):
    with at(date(2030, 3, 5), client, clerk):
        item = b.docketed(by=clerk)
        meeting = item.meeting
        client.post(reverse("hearings:legal-notice-draft", args=[meeting.pk]))
        early = client.post(
            reverse("hearings:legal-notice-sent", args=[meeting.pk]), {"sent_on": "2030-03-03"}
        )
        assert early.status_code == 400
        assert "drafted on March 5, 2030" in early.content.decode()
        assert LegalNotice.objects.get().sent_on is None
        client.post(
            reverse("hearings:legal-notice-sent", args=[meeting.pk]), {"sent_on": "2030-03-05"}
        )
        future = client.post(
            reverse("hearings:legal-notice-published", args=[meeting.pk]),
            {"published_on": "2030-03-07", "newspaper": "Stoneham Sun"},
        )
    assert future.status_code == 400
    assert "in the future" in future.content.decode()
    assert LegalNotice.objects.get().published_on is None


def _past_meetings_page(client, user, day=date(2030, 3, 1), page=1) -> tuple[int, str]:
    return b.page_queries(client, user, reverse("hearings:past-meetings") + f"?page={page}", day)


def test_the_clerk_schedules_a_meeting_and_is_told_the_notice_deadline(clerk, client):
    with at(date(2030, 2, 1), client, clerk):
        response = client.post(
            reverse("hearings:meeting-create"),
            {"date": "2030-03-26", "time": "19:00", "place": "Town Hall", "notes": ""},
            follow=True,
        )
    assert Meeting.objects.get().place == "Town Hall"
    assert "Notices for its hearings must go out by March 12, 2030" in response.content.decode()


def test_a_refused_meeting_is_shown_with_what_was_typed(clerk, client):
    with at(date(2030, 4, 1), client, clerk):
        response = client.post(
            reverse("hearings:meeting-create"),
            {"date": "2030-03-26", "time": "19:00", "place": "Annex", "notes": "typed"},
        )
    assert response.status_code == 400
    page = response.content.decode()
    assert "day that has passed" in page and 'value="Annex"' in page


def test_the_legal_notice_is_drafted_edited_sent_and_published_from_its_page(clerk, client):
    item = b.docketed(by=clerk)
    meeting = item.meeting
    with at(date(2030, 3, 5), client, clerk):
        client.post(reverse("hearings:legal-notice-draft", args=[meeting.pk]))
        page = client.get(reverse("hearings:legal-notice", args=[meeting.pk]))
        assert item.application.applicant.name in page.content.decode()
        client.post(
            reverse("hearings:legal-notice", args=[meeting.pk]),
            {"text": "NOTICE. Edited.", "newspaper": "Stoneham Sun"},
        )
        client.post(
            reverse("hearings:legal-notice-sent", args=[meeting.pk]), {"sent_on": "2030-03-05"}
        )
        refused = client.post(
            reverse("hearings:legal-notice", args=[meeting.pk]),
            {"text": "Changed.", "newspaper": "Stoneham Sun"},
        )
        assert refused.status_code == 400 and "no longer edited" in refused.content.decode()
        client.post(
            reverse("hearings:legal-notice-published", args=[meeting.pk]),
            {"published_on": "2030-03-05", "newspaper": "Stoneham Sun"},
        )
    notice = LegalNotice.objects.get()
    assert (notice.text, notice.newspaper, notice.published_on) == (
        "NOTICE. Edited.",
        "Stoneham Sun",
        date(2030, 3, 5),
    )


def test_the_past_meetings_page_lists_what_the_board_decided_at_each_hearing(
    decided, clerk, board_member, client
):
    """The approval with its variance at the March 26 meeting; a hearing continued on
    April 2 to April 23, still to come and so not a past meeting."""
    continued = b.docketed(by=clerk, on=b.HEARING + timedelta(days=7))
    later = b.meeting(by=clerk, on=b.HEARING + timedelta(days=28))
    b.decide(continued, by=board_member, result="continued", continue_to=later, today=later.date)
    _, page = _past_meetings_page(client, board_member, day=date(2030, 4, 10))
    assert "Past meetings and their outcomes" in page
    assert f'href="{reverse("hearings:docket")}">Docket</a>' in page  # the breadcrumb
    assert page.count('class="border-bottom py-2 past-meeting"') == 2
    march, april = (decided.meeting, continued.meeting)
    assert page.index("Tuesday, April 2, 2030") < page.index("Tuesday, March 26, 2030")
    for meeting in (march, april):
        assert f'href="{reverse("hearings:meeting-detail", args=[meeting.pk])}"' in page
    assert "Tuesday, April 23, 2030" not in page
    text = " ".join(strip_tags(page).split())
    for item, outcome in (
        (decided, "Approved {} · {} · variance of §20-15(4)(a)"),
        (continued, "Continued {} · {} · continued to Apr 23, 2030"),
    ):
        application = item.application
        assert outcome.format(application.applicant.name, application.lot.street_address) in text
    assert 'class="badge badge-status status-pass">Approved' in page


def test_the_past_meetings_page_goes_through_the_archive_a_page_at_a_time(
    clerk, board_member, client
):
    b.past_archive(clerk, 20)  # one meeting of twenty hearings
    one, page = _past_meetings_page(client, board_member)
    assert page.count('class="border-bottom py-2 past-meeting"') == 1
    assert page.count("Denied</span>") == 20
    assert 'aria-label="Pages"' not in page

    b.past_archive(clerk, 29 * 20)  # thirty meetings: twenty-five on the first page, five after
    first_count, first = _past_meetings_page(client, board_member)
    assert first.count('class="border-bottom py-2 past-meeting"') == 25
    assert "30 meetings, newest first" in first
    assert "Page 1 of 2" in first and 'rel="next"' in first
    _, second = _past_meetings_page(client, board_member, page=2)
    assert second.count('class="border-bottom py-2 past-meeting"') == 5
    assert "Page 2 of 2" in second
    assert first_count == one


def test_the_past_meetings_page_says_when_the_board_has_not_met(clerk_client):
    page = clerk_client.get(reverse("hearings:past-meetings")).content.decode()
    assert "No meeting has taken place yet." in page
    assert 'class="border-bottom py-2 past-meeting"' not in page
