"""Scheduling meetings and hearings: the docket, the 14-day warning, continuing, withdrawing."""

from datetime import date, time, timedelta

import pytest

from hearings import actions, notice_timing
from hearings.models import DocketItem, Meeting
from hearings.notice_timing import scheduling_warning
from permits import actions as permit_actions
from permits.models import Application
from stoneham_boh.lib.errors import ActionRefused
from tests import factories
from tests.hearings import builders as b

pytestmark = pytest.mark.django_db


def refused(call) -> str:
    with pytest.raises(ActionRefused) as caught:
        call()
    return str(caught.value)


def test_a_meeting_is_scheduled_with_its_last_notice_day_and_a_history_row(clerk):
    meeting = b.meeting(by=clerk)
    assert meeting.last_notice_day == date(2030, 3, 12)
    assert meeting.history.first().history_user == clerk


def test_a_meeting_cannot_be_scheduled_on_a_past_day_without_a_place_or_twice(clerk):
    b.meeting(by=clerk)
    message = refused(
        lambda: actions.schedule_meeting(
            on=b.HEARING, at=time(19, 0), place=" ", by=clerk, today=b.HEARING + timedelta(days=1)
        )
    )
    assert "day that has passed" in message
    assert "Say where" in message
    assert "already meets" in message
    assert Meeting.objects.count() == 1


def test_scheduling_puts_a_new_application_on_the_docket_awaiting_its_hearing(clerk):
    item = b.docketed(by=clerk, relief=["20-15.4.a"])
    item.application.refresh_from_db()
    assert item.kind == DocketItem.Kind.NEW_APPLICATION
    assert item.relief_sought == ["20-15.4.a"]
    assert item.application.status == Application.Status.AWAITING_HEARING
    assert item.history.first().history_user == clerk
    assert item.application.history.first().history_user == clerk


def test_a_second_item_goes_after_the_first(clerk):
    first = b.docketed(by=clerk)
    second = b.docketed(by=clerk, the_meeting=first.meeting)
    assert (first.position, second.position) == (1, 2)


def test_a_draft_application_cannot_be_scheduled(clerk):
    draft = permit_actions.create_application(
        applicant=factories.applicant(), lot=factories.lot(), by=clerk
    )
    meeting = b.meeting(by=clerk)
    message = refused(
        lambda: actions.schedule_hearing(
            application=draft,
            meeting=meeting,
            relief_sought=["20-15.4.a"],
            by=clerk,
            today=date(2030, 2, 1),
        )
    )
    assert "Only a received application" in message


def test_an_application_already_on_a_docket_cannot_be_scheduled_again(clerk):
    item = b.docketed(by=clerk)
    later = b.meeting(by=clerk, on=b.HEARING + timedelta(days=28))
    message = refused(
        lambda: actions.schedule_hearing(
            application=item.application, meeting=later, by=clerk, today=date(2030, 2, 1)
        )
    )
    assert "already on the docket of the meeting of March 26, 2030" in message


def test_a_renewal_is_heard_only_for_a_variance_request(clerk):
    renewal = factories.hen_renewal(by=clerk)
    meeting = b.meeting(by=clerk)
    message = refused(
        lambda: actions.schedule_hearing(
            application=renewal, meeting=meeting, by=clerk, today=date(2030, 2, 1)
        )
    )
    assert "only when it enlarges the keeping" in message
    item = actions.schedule_hearing(
        application=renewal,
        meeting=meeting,
        relief_sought=["20-17.1"],
        by=clerk,
        today=date(2030, 2, 1),
    )
    assert item.kind == DocketItem.Kind.VARIANCE_REQUEST


def test_the_hearing_rule_itself_and_unknown_rules_cannot_be_sought(clerk):
    application = b.new_hen_application(by=clerk)
    meeting = b.meeting(by=clerk)
    message = refused(
        lambda: actions.schedule_hearing(
            application=application,
            meeting=meeting,
            relief_sought=["20-20.9", "99-1"],
            by=clerk,
            today=date(2030, 2, 1),
        )
    )
    assert "§20-20(9) cannot be varied" in message
    assert "“99-1” is not a rule" in message


def test_a_cancelled_or_past_meeting_takes_no_new_item(clerk):
    application = b.new_hen_application(by=clerk)
    meeting = b.meeting(by=clerk)
    meeting.cancelled = True
    meeting.save()
    message = refused(
        lambda: actions.schedule_hearing(
            application=application, meeting=meeting, by=clerk, today=b.HEARING + timedelta(1)
        )
    )
    assert "is cancelled" in message
    assert "already taken place" in message


def test_no_item_joins_a_meeting_whose_legal_notice_went_to_the_newspaper(clerk):
    item = b.docketed(by=clerk)
    b.publish(item.meeting, by=clerk)
    late = b.new_hen_application(by=clerk)
    message = refused(
        lambda: actions.schedule_hearing(
            application=late, meeting=item.meeting, by=clerk, today=date(2030, 3, 12)
        )
    )
    assert "went to the newspaper" in message


@pytest.mark.parametrize(
    ("today", "warned"),
    [(date(2030, 3, 12), False), (date(2030, 3, 13), True)],
    ids=["on-the-last-notice-day", "the-day-after"],
)
def test_scheduling_warns_once_the_last_notice_day_has_passed(clerk, today, warned):
    meeting = b.meeting(by=clerk)
    warning = scheduling_warning(meeting, today)
    assert bool(warning) is warned
    if warned:
        assert "March 12, 2030" in warning and "continue" in warning


def test_withdrawing_an_item_keeps_it_on_record_and_the_application_received(clerk):
    item = b.docketed(by=clerk)
    actions.withdraw_docket_item(item=item, by=clerk)
    item.refresh_from_db()
    item.application.refresh_from_db()
    assert item.status == DocketItem.Status.WITHDRAWN
    assert item.application.status == Application.Status.RECEIVED
    assert "cannot be withdrawn" in refused(
        lambda: actions.withdraw_docket_item(item=item, by=clerk)
    )


def test_relief_sought_cannot_change_once_a_letter_was_mailed(clerk):
    item = b.docketed(by=clerk, relief=["20-15.4.a"])
    actions.update_docket_item(item=item, relief_sought=["20-15.4.a", "20-15.9"], by=clerk)
    abutter = notice_timing.abutters_in_letter_order(item)[0]
    actions.record_mailing(
        item=item,
        abutter=abutter,
        article_number="RE 123 456 789 US",
        mailed_on=date(2030, 3, 1),
        by=clerk,
        today=date(2030, 3, 1),
    )
    message = refused(
        lambda: actions.update_docket_item(item=item, relief_sought=["20-15.4.a"], by=clerk)
    )
    assert "needs a new hearing" in message
    updated = actions.update_docket_item(item=item, staff_recommendation="Approve.", by=clerk)
    assert updated.staff_recommendation == "Approve."
    assert updated.relief_sought == ["20-15.4.a", "20-15.9"]


def test_relief_sought_cannot_change_once_the_legal_notice_was_sent(clerk):
    item = b.docketed(by=clerk, relief=["20-15.4.a"])
    actions.draft_legal_notice(meeting=item.meeting, by=clerk)
    actions.send_legal_notice(
        meeting=item.meeting, sent_on=date(2030, 3, 1), by=clerk, today=date(2030, 3, 1)
    )
    message = refused(lambda: actions.update_docket_item(item=item, relief_sought=[], by=clerk))
    assert "has gone to the newspaper" in message
