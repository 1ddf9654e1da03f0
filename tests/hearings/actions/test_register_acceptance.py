"""Entries of the paper register put before the Board for its vote accepting them
(hearings.actions.register_acceptance, §20-20(8)): several at a meeting, each once, an entry
first permitted after 2002 with the approvals it needs sought. Entering them is
tests/permits/actions/test_register.py's."""

from __future__ import annotations

from datetime import date, timedelta

import pytest

from hearings import actions as hearing_actions
from hearings.models import DocketItem
from permits import actions
from permits.audit import audit_register
from permits.models import Permit
from tests.hearings import builders as b
from tests.hearings.builders import refused
from tests.permits.helpers import ENTERED, MEETING, a_2012_entry_before_the_board, draft, enter

pytestmark = pytest.mark.django_db


def test_the_board_accepts_several_entries_by_a_vote_at_a_meeting(clerk, board_member):
    first = enter(clerk, draft(clerk))
    second = enter(clerk, draft(clerk), register_number="97-2", first_permitted_on=date(1997, 3, 1))
    meeting = b.meeting(by=clerk, on=MEETING, today=ENTERED)
    items = hearing_actions.docket_register_entries(
        permits=[first, second], meeting=meeting, by=clerk, today=ENTERED
    )
    assert [i.kind for i in items] == [DocketItem.Kind.REGISTER_ACCEPTANCE] * 2
    assert "already on the docket" in refused(
        lambda: hearing_actions.docket_register_entries(
            permits=[first], meeting=meeting, by=clerk, today=ENTERED
        )
    )
    b.decide(items[0], by=board_member)
    b.decide(items[1], by=board_member, result="denied", reasons="The paper permit is not ours.")
    first.refresh_from_db()
    second.refresh_from_db()
    assert (first.status, first.register_accepted_on) == (Permit.Status.ACTIVE, MEETING)
    assert first.history.first().history_user == board_member
    assert second.status == Permit.Status.VOID
    assert "did not accept the register entry" in second.void_reason
    renewal = actions.start_renewal(permit=first, by=clerk, today=date(2027, 11, 20))
    assert renewal.renews == first


def test_an_entry_of_2012_asks_the_board_to_approve_its_vermin_plan_and_is_refused_without(
    clerk, board_member
):
    permit, item = a_2012_entry_before_the_board(clerk)
    assert not permit.grandfathered
    assert item.approvals_sought == ["vermin_plan"]
    reason = refused(lambda: b.decide(item, by=board_member, approvals=[]))
    assert "held to the rules like a new permit" in reason
    assert reason.endswith(
        "The application lacks a vermin control plan approved by the Board. (§20-19)"
    )
    permit.refresh_from_db()
    assert permit.status == Permit.Status.PROVISIONAL
    b.decide(item, by=board_member)  # approving the vermin control plan sought
    permit.refresh_from_db()
    assert (permit.status, permit.register_accepted_on) == (Permit.Status.ACTIVE, MEETING)
    assert [a.subject for a in permit.application.board_approvals.all()] == ["vermin_plan"]
    assert audit_register(today=MEETING + timedelta(days=1)).anomalies == []
