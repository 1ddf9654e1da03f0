"""Minutes read from the meeting's record (hearings.minutes, c.30A §22): what the law lists,
the documents used, the approval's clock, drafts kept from the public, the PDF. Drafting,
editing, approving and releasing them are the actions' (tests/hearings/actions/test_minutes.py).
(The meeting held, `held`, is tests/hearings/conftest.py's.)"""

from __future__ import annotations

from datetime import date

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from hearings import actions, clocks
from hearings.minutes import approval_state, minutes_text, record_of
from hearings.models import DocketItem
from hearings.printing import minutes_pdf
from permits import actions as permit_actions
from tests import factories
from tests.hearings import builders as b
from tests.hearings.builders import at, pdf_text

PDF = b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"

pytestmark = pytest.mark.django_db


def test_the_draft_reads_attendance_items_motions_and_each_members_vote(clerk, held):
    minutes = actions.draft_minutes(meeting=held.meeting, by=clerk, today=date(2030, 3, 27))
    record = record_of(held.meeting, minutes)
    assert [(a.name, a.how, a.reason) for a in record.attendance] == [
        ("Anne Member", "in person", ""),
        ("Linda Member", "remotely", "travel for work"),
        ("Robert Member", "in person", ""),
    ]
    assert record.roll_call
    entry = record.items[0]
    assert held.application.applicant.name in entry.topic
    assert entry.abutters_noticed == 3
    assert entry.motion.startswith("Motion to approve") and entry.result == "Approved"
    assert entry.findings == "The lot is narrow; the neighbour spoke in favour."
    assert ("Robert Member", "No") in entry.votes and ("Linda Member", "Yes") in entry.votes


def test_draft_minutes_are_not_public(clerk, held, client):
    actions.draft_minutes(meeting=held.meeting, by=clerk, today=date(2030, 3, 27))
    url = reverse("hearings:public-minutes-detail", args=[held.meeting.pk])
    assert client.get(url).status_code == 404


def test_the_approval_clock_is_30_days_or_the_third_meeting_whichever_is_later(clerk, held):
    meeting = held.meeting
    assert clocks.minutes_approval_deadline(meeting).when == date(2030, 4, 25)
    for day in (date(2030, 4, 2), date(2030, 4, 16), date(2030, 5, 7)):
        b.later_meeting(clerk, on=day)
    clock = clocks.minutes_approval_deadline(meeting)
    assert clock.when == date(2030, 5, 7)
    assert "the third meeting after" in clock.rule


def test_unapproved_minutes_past_their_clock_are_marked_overdue(clerk, held, client):
    minutes = actions.draft_minutes(meeting=held.meeting, by=clerk, today=date(2030, 3, 27))
    for day in (date(2030, 4, 2), date(2030, 4, 9), date(2030, 4, 16)):
        b.later_meeting(clerk, on=day)
    # Three later meetings held before the 30th day (April 25): the 30th day is the later.
    assert not approval_state(minutes, held.meeting, date(2030, 4, 25)).overdue
    assert approval_state(minutes, held.meeting, date(2030, 4, 26)).overdue
    with at(date(2030, 4, 26), client, clerk):
        page = client.get(reverse("hearings:minutes", args=[held.meeting.pk])).content.decode()
    assert "Approval overdue" in page


def test_minutes_are_never_overdue_before_the_third_later_meeting_is_held(clerk, held, client):
    """940 CMR 29.11: the next three meetings or 30 days, whichever is later. A Board that
    meets monthly has three months, and a meeting only scheduled does not count as held."""
    minutes = actions.draft_minutes(meeting=held.meeting, by=clerk, today=date(2030, 3, 27))
    # No later meeting at all: the 30th day has passed, the third meeting has not been held.
    assert not approval_state(minutes, held.meeting, date(2030, 6, 1)).overdue
    for day in (date(2030, 4, 23), date(2030, 5, 28), date(2030, 6, 25)):
        b.later_meeting(clerk, on=day)
    # Two of the three held, the third only scheduled: not overdue, and the clock says when.
    state = approval_state(minutes, held.meeting, date(2030, 6, 10))
    assert not state.overdue
    assert state.clock.when == date(2030, 6, 25)
    # The third meeting's own evening is still in time; the day after is not.
    assert not approval_state(minutes, held.meeting, date(2030, 6, 25)).overdue
    assert approval_state(minutes, held.meeting, date(2030, 6, 26)).overdue
    with at(date(2030, 6, 10), client, clerk):
        page = client.get(reverse("hearings:minutes", args=[held.meeting.pk])).content.decode()
    assert "Approval overdue" not in page


def test_a_cancelled_meeting_is_not_one_of_the_three(clerk, held):
    minutes = actions.draft_minutes(meeting=held.meeting, by=clerk, today=date(2030, 3, 27))
    meetings = [b.later_meeting(clerk, on=day) for day in (date(2030, 4, 2), date(2030, 4, 9))]
    cancelled = b.later_meeting(clerk, on=date(2030, 4, 16))
    type(cancelled).objects.filter(pk=cancelled.pk).update(cancelled=True)
    assert meetings and not approval_state(minutes, held.meeting, date(2030, 5, 1)).overdue


def test_the_minutes_pdf_says_draft_and_lists_the_votes(clerk, held):
    minutes = actions.draft_minutes(meeting=held.meeting, by=clerk, today=date(2030, 3, 27))
    text = pdf_text(minutes_pdf(held.meeting, minutes))
    assert "MINUTES OF THE MEETING (DRAFT)" in text
    assert "Robert Member no" in text
    assert "Linda Member: remotely (travel for work)" in text
    assert "To be approved by Thursday, April 25, 2030" in text


def test_the_minutes_list_every_document_and_exhibit_the_hearing_used(clerk, held, client):
    """c.30A §22(a): the documents and other exhibits used at the meeting, the plan and the
    notices among them, and a paper the clerk records as handed in at the hearing."""
    permit_actions.upload_document(
        application=held.application,
        kind="hearing_exhibit",
        upload=SimpleUploadedFile("neighbour-letter.pdf", PDF, content_type="application/pdf"),
        by=clerk,
    )
    minutes = actions.draft_minutes(meeting=held.meeting, by=clerk, today=date(2030, 3, 27))
    (entry,) = record_of(held.meeting, minutes).items
    labels = [used.label for used in entry.records_used]
    assert any(label.startswith("Registered letters to 3 abutters") for label in labels)
    assert "The site plan as drawn, with its distances" in labels
    assert any(label.startswith("Legal notice, ") for label in labels) == bool(
        held.meeting.legal_notice.published_on
    )
    text = minutes_text(record_of(held.meeting, minutes))
    assert "Document handed in at the hearing (neighbour-letter.pdf)" in text
    with at(date(2030, 3, 27), client, clerk):
        page = client.get(reverse("hearings:minutes", args=[held.meeting.pk])).content.decode()
    assert "Documents and exhibits used" in page
    assert reverse("hearings:item-notices", args=[held.pk]) in page


def test_a_revocation_hearings_minutes_say_the_holders_notice(clerk):
    permit = factories.issued_permit(by=clerk, on=date(2027, 1, 14))
    factories.revoke_by_the_board(
        permit, by=clerk, revoked_on=date(2027, 6, 15), remove_by=date(2027, 7, 15)
    )
    item = DocketItem.objects.get(kind=DocketItem.Kind.REVOCATION)
    text = minutes_text(record_of(item.meeting))
    assert "Abutters notified by registered mail" not in text
    assert "The holder was sent written notice of the hearing on" in text
