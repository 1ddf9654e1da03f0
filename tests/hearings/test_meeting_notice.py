"""The meeting's notice under the Open Meeting Law: drafted from the docket, the last moment
to file and post it, each posting and amendment kept, items added after posting marked."""

from __future__ import annotations

from datetime import date, datetime, time

import pytest
from django.urls import reverse
from django.utils import timezone

from hearings import actions, clocks
from hearings.meeting_notice import notice_text, posting_state
from hearings.models import MeetingPosting
from hearings.printing import meeting_notice_pdf
from stoneham_boh.town.models import Town
from tests.hearings import builders as b
from tests.hearings.builders import at, pdf_text, refused

pytestmark = pytest.mark.django_db

NOW = timezone.make_aware(datetime(2030, 3, 25, 9))


def _post(item, clerk, when=datetime(2030, 3, 20, 10), **extra):
    return actions.record_meeting_posting(
        meeting=item.meeting, posted_at=when, by=clerk, now=NOW, **extra
    )


def test_the_notice_names_each_topic_with_applicant_address_request_and_sections(clerk):
    item = b.docketed(by=clerk, relief=["20-15.4.a"], setback_ft="38")
    text = notice_text(item.meeting, [item], "https://meet.example.org/boh")
    application = item.application
    assert "Date and time: Tuesday, March 26, 2030 at 7:00 p.m." in text
    assert "Place: Stoneham Town Hall, 35 Central Street" in text
    assert "Remote access: https://meet.example.org/boh" in text
    assert application.applicant.name in text and application.lot.street_address in text
    assert "public hearing on the application for a permit to keep 6 chickens" in text
    assert "§20-15(4)(a)" in text


def test_a_tuesday_7_pm_meeting_is_posted_by_friday_7_pm_and_filed_by_the_clerks_cut_off(clerk):
    item = b.docketed(by=clerk)
    state = posting_state(item.meeting)
    assert state.posting_clock.iso() == "2030-03-22T19:00"
    # Town Hall closes at 12:30 on Fridays: the clerk's cut-off that day is noon.
    assert state.filing_clock.iso() == "2030-03-22T12:00"
    assert "Friday, March 22, 2030 (12:00 p.m." in state.filing_clock.rule
    Town.objects.filter(is_current=True).update(town_clerk_short_day="")
    assert posting_state(item.meeting).filing_clock.iso() == "2030-03-22T16:00"
    Town.objects.filter(is_current=True).update(town_clerk_filing_cutoff=time(20))
    assert posting_state(item.meeting).filing_clock.iso() == "2030-03-22T19:00"


def test_a_thursday_meeting_is_filed_by_monday_at_the_usual_cut_off(clerk):
    # Thursday April 4, 2030, 7 p.m.: posted by Tuesday 7 p.m.; the clerk's cut-off that
    # Tuesday is the usual 4 p.m., the short Friday plays no part.
    when = datetime(2030, 4, 4, 19)
    assert clocks.oml_posting_deadline(when).iso() == "2030-04-02T19:00"
    assert clocks.clerk_filing_deadline(when).iso() == "2030-04-02T16:00"


def test_a_monday_meeting_posted_by_the_thursday_before_is_filed_before_the_short_friday(clerk):
    # Monday, April 8, 2030, 7 p.m.: 48 hours not counting the weekend is Thursday 7 p.m.,
    # after Thursday's 4 p.m. cut-off: filed by Thursday at 4 p.m.
    assert clocks.clerk_filing_deadline(datetime(2030, 4, 8, 19)).iso() == "2030-04-04T16:00"
    # Monday 10 a.m.: posted by Thursday 10 a.m., in office hours.
    assert clocks.clerk_filing_deadline(datetime(2030, 4, 8, 10)).iso() == "2030-04-04T10:00"
    # Tuesday 10 a.m.: posted by Friday 10 a.m., before the short day's noon cut-off.
    assert clocks.clerk_filing_deadline(datetime(2030, 4, 9, 10)).iso() == "2030-04-05T10:00"
    # Tuesday 3 p.m.: posted by Friday 3 p.m., after the Friday cut-off: Friday noon.
    assert clocks.clerk_filing_deadline(datetime(2030, 4, 9, 15)).iso() == "2030-04-05T12:00"


def test_the_clerk_records_the_posting_and_the_page_shows_it_in_time(clerk, client):
    item = b.docketed(by=clerk)
    url = reverse("hearings:meeting-notice", args=[item.meeting.pk])
    with at(date(2030, 3, 20), client, clerk):
        page = client.get(url).content.decode()
        assert "Friday, March 22, 2030, 12:00 PM" in page  # file by
        assert "Not yet posted" in page
        response = client.post(
            reverse("hearings:meeting-notice-posted", args=[item.meeting.pk]),
            {"posted_on": "2030-03-20", "posted_time": "09:30", "remote_access": ""},
            follow=True,
        )
    page = response.content.decode()
    assert "The notice is recorded as posted." in page
    assert "Wednesday, March 20, 2030, 9:30 AM" in page and "in time" in page
    posting = MeetingPosting.objects.get()
    assert posting.item_ids == [item.pk] and posting.history.first().history_user == clerk


def test_a_notice_posted_less_than_48_hours_ahead_is_marked_late(clerk, client):
    item = b.docketed(by=clerk)
    _post(item, clerk, when=datetime(2030, 3, 25, 8))  # Monday morning: 35 hours ahead
    with at(date(2030, 3, 25), client, clerk):
        page = client.get(reverse("hearings:meeting-notice", args=[item.meeting.pk]))
        docket = client.get(reverse("hearings:meeting-detail", args=[item.meeting.pk]))
    assert "less than 48 hours ahead" in page.content.decode()
    assert "Posted less than 48 hours ahead" in docket.content.decode()


def test_an_item_added_after_posting_is_warned_of_and_marked_on_the_docket(clerk, client):
    first = b.docketed(by=clerk)
    _post(first, clerk)
    added = b.docketed(by=clerk, the_meeting=first.meeting)
    with at(date(2030, 3, 21), client, clerk):
        page = client.get(reverse("hearings:meeting-notice", args=[first.meeting.pk]))
        docket = client.get(reverse("hearings:meeting-detail", args=[first.meeting.pk]))
    text = page.content.decode()
    assert "1 item added after the notice was posted" in text
    assert added.application.applicant.name in text
    assert docket.content.decode().count("Not on the posted notice") == 1


def test_an_amendment_needs_a_reason_and_then_lists_the_added_item(clerk):
    first = b.docketed(by=clerk)
    _post(first, clerk)
    added = b.docketed(by=clerk, the_meeting=first.meeting)
    assert "say why it is amended" in refused(
        lambda: _post(first, clerk, when=datetime(2030, 3, 21, 9))
    )
    amended = _post(
        first, clerk, when=datetime(2030, 3, 21, 9), reason="Added the Main Street hearing."
    )
    assert amended.item_ids == [first.pk, added.pk]
    assert posting_state(first.meeting).marks() == {}
    assert [p.reason for p in first.meeting.postings.all()] == [
        "",
        "Added the Main Street hearing.",
    ]


def test_a_posting_in_the_future_or_after_the_meeting_is_refused(clerk):
    item = b.docketed(by=clerk)
    assert "cannot be in the future" in refused(
        lambda: _post(item, clerk, when=datetime(2030, 3, 25, 12))
    )
    late = actions.record_meeting_posting
    assert "gives no notice" in refused(
        lambda: late(
            meeting=item.meeting,
            posted_at=datetime(2030, 3, 26, 19, 30),
            by=clerk,
            now=timezone.make_aware(datetime(2030, 3, 27)),
        )
    )


def test_a_bad_posting_form_answers_400_at_the_field(clerk, client):
    item = b.docketed(by=clerk)
    with at(date(2030, 3, 20), client, clerk):
        response = client.post(
            reverse("hearings:meeting-notice-posted", args=[item.meeting.pk]),
            {"posted_on": "soon", "posted_time": "25:99"},
        )
    assert response.status_code == 400
    assert not MeetingPosting.objects.exists()


def test_the_notice_pdf_is_the_docket_with_the_clerks_deadlines(clerk):
    item = b.docketed(by=clerk, relief=["20-15.4.a"], setback_ft="38")
    text = pdf_text(meeting_notice_pdf(item.meeting))
    assert "NOTICE OF MEETING" in text
    assert item.application.applicant.name in text
    assert "Friday, March 22, 2030, 7:00 PM" in text  # posted by
    assert "Friday, March 22, 2030, 12:00 PM" in text  # filed by
    assert "Received and posted by the Town Clerk" in text
