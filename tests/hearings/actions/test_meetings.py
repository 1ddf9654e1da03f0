"""Every vote of the Board at a meeting noticed in time, and the emergency meeting (M.G.L.
c.30A §§18, 20(b); issue 37 item 1, issue 33's "a vote only at a lawfully noticed meeting").

A decision was already held to the notice; the approval of minutes, an amendment of the
regulation's figures and the settlement of a dispute are votes too. An emergency meeting is
noticed as soon as possible before it, and takes up only the emergency's matters."""

from __future__ import annotations

from datetime import date, time, timedelta
from decimal import Decimal

import pytest
from django.urls import reverse
from django.utils import timezone

from hearings import actions
from hearings.models import Decision, Meeting, Minutes
from permits.amendments import actions as amendment_actions
from permits.amendments.models import Amendment
from permits.audit import audit_register
from stoneham_boh.lib.errors import ActionRefused
from stoneham_boh.lib.history import save_as
from tests import factories
from tests.hearings.roll_call import noticed, roll_call

pytestmark = pytest.mark.django_db

EMERGENCY = "Avian influenza confirmed in a flock on Pond Street; the birds must be removed."
DAY = date(2030, 4, 9)  # a Tuesday
REVOKED_ON = date(2027, 6, 15)  # the factory's permit is of 2027


def refused(call) -> str:
    with pytest.raises(ActionRefused) as caught:
        call()
    return str(caught.value)


def _meeting(on=DAY, at=time(19), **fields) -> Meeting:
    return actions.schedule_meeting(
        on=on, at=at, place="Town Hall", by=None, today=on - timedelta(days=10), **fields
    )


def _posted_two_hours_ahead(meeting, by) -> None:
    start = timezone.make_aware(meeting.starts_at)
    actions.record_meeting_posting(
        meeting=meeting, posted_at=start - timedelta(hours=2), now=start, by=by
    )


def _minutes_of_a_meeting_held(clerk) -> Minutes:
    held = _meeting(on=DAY - timedelta(days=14))
    noticed(held, by=clerk)
    roll_call(held)
    return actions.draft_minutes(meeting=held, by=clerk, today=held.date + timedelta(days=1))


def _amend(meeting, votes, chair):
    return amendment_actions.record_amendment(
        rule="20-15.4.a",
        figure="minimum_ft",
        value=Decimal("60"),
        adopted_at=meeting,
        votes=votes,
        effective_on=meeting.date + timedelta(days=30),
        published_on=meeting.date,
        by=chair,
        today=meeting.date,
    )


@pytest.mark.parametrize("how", ["never posted", "two hours ahead"])
def test_minutes_and_amendments_are_voted_only_at_a_meeting_noticed_in_time(clerk, how):
    minutes = _minutes_of_a_meeting_held(clerk)
    meeting = _meeting()
    if how == "two hours ahead":
        _posted_two_hours_ahead(meeting, clerk)
    votes, chair = roll_call(meeting, notice=False)
    said = refused(
        lambda: actions.approve_minutes(
            minutes=minutes, at_meeting=meeting, votes=votes, by=chair, today=DAY
        )
    )
    assert ("never posted" if how == "never posted" else "less than 48 hours") in said
    assert "less than 48 hours" in said or "never posted" in said
    said = refused(lambda: _amend(meeting, votes, chair))
    assert "noticed" in said
    assert not Amendment.objects.exists()
    minutes.refresh_from_db()
    assert not minutes.approved

    # The same votes at a meeting posted in time are the Board's.
    lawful = _meeting(at=time(20))
    votes, chair = roll_call(lawful)
    actions.approve_minutes(minutes=minutes, at_meeting=lawful, votes=votes, by=chair, today=DAY)
    assert _amend(lawful, votes, chair).adopted_at == lawful
    assert [
        a for a in audit_register(today=DAY).anomalies if a.family in ("votes", "open_meeting")
    ] == []


def test_the_notice_lists_the_minutes_awaiting_approval(clerk):
    minutes = _minutes_of_a_meeting_held(clerk)
    meeting = _meeting()
    posting = actions.record_meeting_posting(
        meeting=meeting,
        posted_at=timezone.make_aware(meeting.starts_at - timedelta(days=5)),
        now=timezone.make_aware(meeting.starts_at - timedelta(days=5)),
        by=clerk,
    )
    assert f"Approval of the minutes of the {minutes.meeting}." in posting.text


def test_an_emergency_meeting_takes_up_a_revocation_noticed_two_hours_ahead(clerk):
    permit = factories.issued_permit(by=clerk)
    on = REVOKED_ON
    factories.revoke_by_the_board(
        permit, by=clerk, revoked_on=on, remove_by=on + timedelta(days=30), emergency=EMERGENCY
    )
    decision = Decision.objects.get(result="revoked")
    meeting = decision.docket_item.meeting
    assert meeting.is_emergency and decision.result == "revoked"
    posting = meeting.postings.get()
    assert "EMERGENCY MEETING: " + EMERGENCY in posting.text
    assert "Other business" not in posting.text
    report = audit_register(today=on + timedelta(days=1))
    assert [a for a in report.anomalies if a.family in ("open_meeting", "votes", "board")] == []


def test_an_emergency_meeting_takes_up_nothing_that_can_wait(clerk):
    meeting = _meeting(emergency=EMERGENCY)
    application = factories.new_hen_application(by=clerk, received_on=DAY, paid=True)
    said = refused(
        lambda: actions.request_board_approval(
            application=application,
            meeting=meeting,
            subjects=["composting"],
            by=clerk,
            today=DAY - timedelta(days=1),
        )
    )
    assert "called for an emergency" in said and "board approval" in said
    minutes = _minutes_of_a_meeting_held(clerk)
    _posted_two_hours_ahead(meeting, clerk)
    votes, chair = roll_call(meeting, notice=False)
    said = refused(
        lambda: actions.approve_minutes(
            minutes=minutes, at_meeting=meeting, votes=votes, by=chair, today=DAY
        )
    )
    assert "the approval of minutes waits for a meeting noticed 48 hours ahead" in said
    assert "emergency" in refused(lambda: _amend(meeting, votes, chair))


def test_an_emergency_is_stated_when_the_meeting_is_scheduled(clerk):
    assert "State the emergency" in refused(lambda: _meeting(emergency="Urgent."))
    assert not Meeting.objects.exists()


def test_the_audit_reports_minutes_approved_at_a_meeting_never_posted(clerk):
    """A record written past the action (an import, a path without the refusal)."""
    minutes = _minutes_of_a_meeting_held(clerk)
    unposted = Meeting.objects.create(date=DAY, time=time(19), place="Hall")
    votes, chair = roll_call(unposted, notice=False)
    minutes.approved_at, minutes.approved_on = unposted, DAY
    save_as(minutes, chair)
    from hearings.actions.votes import record_roll_call
    from hearings.quorum import tally

    record_roll_call(minutes, tally(votes, meeting=unposted)[0], by=chair)
    found = [a.sentence for a in audit_register(today=DAY).anomalies if a.family == "votes"]
    assert any("never posted" in sentence for sentence in found), found


def test_an_emergency_named_afterwards_does_not_excuse_the_48_hours(clerk):
    permit = factories.issued_permit(by=clerk)
    on = REVOKED_ON
    factories.revoke_by_the_board(
        permit, by=clerk, revoked_on=on, remove_by=on + timedelta(days=30), emergency=EMERGENCY
    )
    meeting = Decision.objects.get(result="revoked").docket_item.meeting
    assert [a for a in audit_register(today=on).anomalies if a.family == "open_meeting"] == []
    # The same meeting, had it been a regular one, posted two hours ahead, then called an
    # emergency.
    meeting.history.filter(history_type="+").update(emergency="")
    found = [a.sentence for a in audit_register(today=on).anomalies if a.family == "open_meeting"]
    assert any("emergency named afterwards" in m for m in found), found
    assert any("less than 48 hours" in m for m in found), found


def test_the_clerk_schedules_an_emergency_meeting_and_the_page_says_so(client, clerk):
    client.force_login(clerk)
    today = timezone.localdate()
    on = today + timedelta(days=1)
    while on.weekday() not in (1, 2, 3):  # a Tuesday to Thursday: no weekend warning
        on += timedelta(days=1)
    data = {"date": on.isoformat(), "time": "18:00", "place": "Town Hall", "notes": ""}
    response = client.post(reverse("hearings:meeting-create"), {**data, "emergency": "Rats."})
    assert response.status_code == 400
    page = response.content.decode()
    assert "State the emergency in a sentence" in page and "Rats." in page
    response = client.post(
        reverse("hearings:meeting-create"), {**data, "emergency": EMERGENCY}, follow=True
    )
    page = response.content.decode()
    assert "Emergency meeting scheduled" in page
    assert "Emergency meeting</span> " + EMERGENCY.replace(";", ";") in page
