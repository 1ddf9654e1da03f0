"""The Open Meeting Law and the notices' dates and words, enforced by the actions and stated
by the audit (issue 33, findings 5, 6, 7, 9, 10, 13; issue 38, L3)."""

from datetime import datetime, time, timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from hearings import actions
from hearings.actions.decisions import Ruling
from hearings.models import Decision, DocketItem
from permits import actions as permit_actions
from permits.audit import audit_register
from stoneham_boh.accounts.roles import Role
from stoneham_boh.lib.errors import ActionRefused
from tests.conftest import make_user
from tests.hearings import builders as b

pytestmark = pytest.mark.django_db


@pytest.fixture
def board(db):
    return [make_user(f"member{n}", Role.BOARD, last_name=f"Member{n}") for n in range(3)]


def refused(call) -> str:
    with pytest.raises(ActionRefused) as caught:
        call()
    return str(caught.value)


def noticed_not_posted(clerk, **fields):
    """A hearing noticed under §20-20(9) (letters, legal notice) whose meeting the Town
    Clerk has not posted under c.30A §20."""
    item = b.docketed(by=clerk, **fields)
    b.mail_all(item, by=clerk)
    b.publish(item.meeting, by=clerk)
    return item


def approve(item, board, **fields):
    votes = b.unanimous(item.meeting.date)
    b.attend_as_voting(item.meeting, votes, by=board[0])
    return actions.record_decision(
        item=item,
        ruling=Ruling(
            result="approved",
            decided_on=fields.pop("decided_on", item.meeting.date),
            approvals=["vermin_plan"],
            **fields,
        ),
        votes=votes,
        by=board[0],
        today=item.meeting.date + timedelta(days=3),
    )


def fresh(item):
    return DocketItem.objects.get(pk=item.pk)


def at(day, hour, minute=0):
    return timezone.make_aware(datetime.combine(day, time(hour, minute)))


def test_a_vote_is_refused_at_a_meeting_never_posted(clerk, board):
    item = noticed_not_posted(clerk)
    assert "never posted" in refused(lambda: approve(item, board))
    assert not Decision.objects.exists()


def test_a_vote_is_refused_when_the_notice_was_posted_two_hours_before_the_meeting(clerk, board):
    item = noticed_not_posted(clerk)
    start = at(item.meeting.date, 19)
    actions.record_meeting_posting(
        meeting=item.meeting, posted_at=start - timedelta(hours=2), now=start, by=clerk
    )
    assert "less than 48 hours" in refused(lambda: approve(item, board))


def test_48_hours_do_not_count_the_weekend_before_a_tuesday_meeting(clerk, board):
    # Tuesday March 26, 2030 at 7 p.m.: Saturday and Sunday do not count, so the notice is
    # due by Friday 7 p.m. (19 hours of Tuesday, 24 of Monday, 5 of Friday): 8 p.m. on
    # Friday is too late, though more than 48 clock hours ahead; 6 p.m. is in time.
    item = noticed_not_posted(clerk)
    friday = item.meeting.date - timedelta(days=4)
    actions.record_meeting_posting(
        meeting=item.meeting, posted_at=at(friday, 20), now=at(friday, 21), by=clerk
    )
    assert "less than 48 hours" in refused(lambda: approve(item, board))

    other = noticed_not_posted(clerk, on=b.HEARING + timedelta(days=7))
    friday = other.meeting.date - timedelta(days=4)
    actions.record_meeting_posting(
        meeting=other.meeting, posted_at=at(friday, 18), now=at(friday, 19), by=clerk
    )
    assert approve(other, board).result == "approved"


def test_an_item_docketed_after_the_posting_is_voted_only_on_an_amended_notice_in_time(
    clerk, board
):
    item = noticed_not_posted(clerk)
    meeting = item.meeting
    actions.record_meeting_posting(
        meeting=meeting,
        posted_at=at(meeting.date - timedelta(days=8), 9),
        by=clerk,
        now=at(meeting.date - timedelta(days=8), 10),
    )
    later = actions.request_board_approval(
        application=b.new_hen_application(by=clerk),
        meeting=meeting,
        subjects=["composting"],
        by=clerk,
    )
    votes = b.unanimous(meeting.date)
    b.attend_as_voting(meeting, votes, by=clerk)

    def vote():
        return actions.record_decision(
            item=later,
            ruling=Ruling(result="approved", decided_on=meeting.date, approvals=["composting"]),
            votes=votes,
            by=board[0],
            today=meeting.date,
        )

    assert "on no notice of the meeting" in refused(vote)
    # The amended notice posted the day before the meeting is less than 48 hours ahead.
    eve = meeting.date - timedelta(days=1)
    actions.record_meeting_posting(
        meeting=meeting, posted_at=at(eve, 9), now=at(eve, 10), reason="Added.", by=clerk
    )
    assert "less than 48 hours" in refused(vote)
    assert approve(item, board).result == "approved"


def test_a_posting_cannot_be_typed_before_its_meeting_was_put_on_the_calendar(clerk):
    item = noticed_not_posted(clerk)
    recorded = item.meeting.history.earliest("history_date").history_date
    message = refused(
        lambda: actions.record_meeting_posting(
            meeting=item.meeting,
            posted_at=recorded - timedelta(days=30),
            now=recorded + timedelta(minutes=1),
            by=clerk,
        )
    )
    assert "cannot have been posted before that" in message


def test_the_notice_page_shows_when_a_posting_was_recorded_beside_its_typed_time(
    clerk, clerk_client
):
    item = b.noticed(by=clerk)
    posting = item.meeting.postings.get()
    page = clerk_client.get(reverse("hearings:meeting-notice", args=[item.meeting.pk]))
    recorded = timezone.localtime(posting.recorded_at)
    assert f"recorded {recorded:%A, %B} {recorded.day}, {recorded.year}" in page.content.decode()


def test_letters_dated_before_the_hearing_was_docketed_are_refused_by_the_action(clerk):
    item = b.docketed(by=clerk)
    before = timezone.localdate() - timedelta(days=1)
    message = refused(lambda: b.mail_all(item, by=clerk, mailed_on=before))
    assert "put on the docket on" in message


def test_a_legal_notice_sent_before_it_was_drafted_is_refused(clerk):
    item = b.docketed(by=clerk)
    actions.draft_legal_notice(meeting=item.meeting, by=clerk)
    before = timezone.localdate() - timedelta(days=1)
    message = refused(
        lambda: actions.send_legal_notice(
            meeting=item.meeting, sent_on=before, by=clerk, today=before
        )
    )
    assert "was drafted on" in message


def two_hearings_in_one_notice(clerk, edit):
    meeting = b.meeting(by=clerk)
    items = []
    for count, prefix in ((6, "North"), (4, "South")):
        application = b.new_hen_application(by=clerk)
        permit_actions.set_animals(application=application, by=clerk, animals={"chicken": count})
        b.certify_abutters(application, by=clerk, prefix=prefix)
        items.append(actions.schedule_hearing(application=application, meeting=meeting, by=clerk))
    for item in items:
        b.mail_all(item, by=clerk)
    notice = actions.draft_legal_notice(meeting=meeting, by=clerk)
    actions.edit_legal_notice(
        meeting=meeting, text=edit(notice.text), newspaper=notice.newspaper, by=clerk
    )
    return items


def test_two_applications_counts_swapped_in_one_legal_notice_notice_neither(clerk):
    def swap(text):
        return (
            text.replace("6 chickens", "#")
            .replace("4 chickens", "6 chickens")
            .replace("#", "4 chickens")
        )

    first, second = two_hearings_in_one_notice(clerk, swap)
    from hearings.notice_timing import timing_for

    # Each paragraph names the other's count: neither hearing is noticed (both counts
    # appear in the text, which is all a reading of the whole text would ask).
    assert "6 chickens" in "; ".join(timing_for(fresh(first)).legal_notice_gaps)
    assert "4 chickens" in "; ".join(timing_for(fresh(second)).legal_notice_gaps)


def test_a_legal_notice_silent_on_the_variance_sought_does_not_notice_it(clerk, board):
    item = b.docketed(by=clerk, relief=["20-15.4.a"], setback_ft="38")
    b.mail_all(item, by=clerk)
    notice = actions.draft_legal_notice(meeting=item.meeting, by=clerk)
    assert "§20-15(4)(a)" in notice.text
    silent = notice.text.split(", with a variance")[0] + "."
    actions.edit_legal_notice(
        meeting=item.meeting, text=silent, newspaper=notice.newspaper, by=clerk
    )
    from hearings.notice_timing import timing_for

    assert any("variance sought" in gap for gap in timing_for(fresh(item)).legal_notice_gaps)


def test_letters_printed_for_six_hens_do_not_notice_forty_whenever_the_mailing_is_recorded(
    clerk, board
):
    item = b.docketed(by=clerk)
    actions.record_letters_printed(items=[item], by=clerk)
    permit_actions.set_animals(application=item.application, by=clerk, animals={"chicken": 40})
    b.mail_all(item, by=clerk)
    b.publish(item.meeting, by=clerk)
    b.posted(item.meeting, by=clerk)
    assert "request was enlarged" in refused(lambda: approve(item, board))


def test_the_audit_reports_a_vote_at_a_meeting_the_law_did_not_allow(clerk, board):
    """A decision on file from before the refusal (or written around it) is reported."""
    item = b.noticed(by=clerk)
    approve(item, board)
    assert not [a for a in audit_register().anomalies if a.family == "open_meeting"]
    item.meeting.postings.all().delete()
    Decision.objects.filter(docket_item=item).update(decided_on=item.meeting.date + timedelta(1))
    found = [a.sentence for a in audit_register().anomalies if a.family == "open_meeting"]
    assert any("never posted" in s for s in found)
    assert any("the Board met on" in s for s in found)
