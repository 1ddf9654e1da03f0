"""The audit states that the Board's votes are its members' own (family "votes"): an amendment
in force is a lawful vote, published before it binds, and no permit is judged under one that is
not; approved minutes and settlements are lawful votes; no permit rests on a vote whose
unsettled dispute could change its result (issue 33 findings 3 and 14, issue 38 M3)."""

from __future__ import annotations

from datetime import date, time
from decimal import Decimal
from unittest import mock

import pytest

from hearings import actions, ruleset_in_force
from hearings.models import Meeting, Minutes
from permits import actions as permit_actions
from permits.amendments import actions as amendment_actions
from permits.amendments.models import Amendment
from permits.audit import audit_register
from stoneham_boh.lib.history import save_as
from stoneham_boh.town.current import current_town
from tests.hearings import builders as b
from tests.hearings.actions.test_votes import (
    LATER,
    _amendment,
    _decision,
    _dispute,
    _later_meeting,
    make_board,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def board(db):
    return make_board()


def _votes(today=LATER) -> list[str]:
    return [a.line() for a in audit_register(today=today).anomalies if a.family == "votes"]


def test_a_figure_typed_by_the_administrator_and_the_permit_judged_under_it_are_reported(
    clerk, admin_user, board
):
    """Finding 3 as it was: 50 ft made 5 ft, "voted" 7 to 0 at a meeting nobody attended."""
    meeting = Meeting.objects.create(date=date(2030, 1, 7), time=time(19), place="Hall")
    typed = save_as(
        Amendment(
            town=current_town(),
            rule="20-15.4.a",
            figure="minimum_ft",
            value=Decimal("5"),
            adopted_at=meeting,
            votes_for=7,
            effective_on=date(2030, 1, 8),
            published_on=date(2030, 1, 8),
            recorded_by=admin_user,
        ),
        admin_user,
    )
    item = b.noticed(by=clerk, setback_ft="10")
    # The product before this change counted the typed figure in force.
    with mock.patch.object(ruleset_in_force, "voted", lambda amendment: True):
        ruleset_in_force.forget()
        b.decide(item, by=board[0])
        permit = permit_actions.issue_permit(
            application=b.refresh(item.application), by=clerk, on=date(2030, 3, 27)
        )
    ruleset_in_force.forget()
    found = _votes(date(2030, 3, 27))
    assert any(
        "Amendment of rule 20-15.4.a (minimum_ft) voted" in line
        and "No member's own vote is recorded" in line
        for line in found
    ), found
    assert any(
        f"Permit {permit.number}" in line and "which is not a lawful vote of the Board" in line
        for line in found
    ), found
    # Read without the typed figure, the coop 10 ft from the line fails §20-15(4)(a).
    rules = [a.line() for a in audit_register(today=date(2030, 3, 27)).anomalies]
    assert any("§20-15(4)(a)" in line and permit.number in line for line in rules)
    assert typed.roll.count() == 0


def test_a_lawful_amendment_and_its_settled_dispute_audit_clean(clerk, board):
    amendment = _amendment(clerk, board, value="55", effective_on=date(2030, 5, 1))
    assert _votes() == []
    disputed = _dispute(amendment, board[0])
    actions.settle_dispute(
        vote=disputed,
        meeting=_later_meeting(clerk, on=date(2030, 4, 23)),
        outcome="confirmed",
        votes=dict.fromkeys(board, "yes"),
        by=board[0],
        today=date(2030, 4, 23),
    )
    assert _votes(date(2030, 4, 23)) == []


def test_a_permit_resting_on_a_disputed_majority_is_reported_until_settled(clerk, board):
    decision = _decision(clerk, board)  # 2 yes, 1 no
    application = b.refresh(decision.docket_item.application)
    permit = permit_actions.issue_permit(application=application, by=clerk, on=date(2030, 3, 27))
    assert _votes() == []
    disputed = _dispute(decision, board[0])
    found = _votes()
    assert len(found) == 1 and f"Permit {permit.number}" in found[0]
    assert "the dispute could change the result" in found[0]
    actions.settle_dispute(
        vote=disputed,
        meeting=_later_meeting(clerk),
        outcome="confirmed",
        votes=dict.fromkeys(board, "yes"),
        by=board[0],
        today=LATER,
    )
    assert _votes() == []


def test_minutes_approved_without_the_members_own_votes_are_reported(clerk, board):
    decision = _decision(clerk, board)
    minutes = actions.draft_minutes(
        meeting=decision.docket_item.meeting, by=clerk, today=date(2030, 3, 27)
    )
    later = _later_meeting(clerk)
    # As the clerk entered them before this change: typed votes, no roll call.
    Minutes.objects.filter(pk=minutes.pk).update(
        approved_at=later, approved_on=later.date, approval_votes={"Anne Member": "yes"}
    )
    found = _votes()
    assert len(found) == 1
    assert "Minutes of the meeting of March 26, 2030" in found[0]
    assert "Their approval: No member's own vote is recorded" in found[0]


def test_an_amendment_published_after_its_effective_date_is_reported(clerk, board):
    amendment = _amendment(clerk, board, value="55", effective_on=date(2030, 5, 1))
    assert _votes() == []
    # As the records could show it before the action refused a late publication.
    Amendment.objects.filter(pk=amendment.pk).update(published_on=date(2030, 5, 3))
    found = _votes(date(2030, 5, 3))
    assert len(found) == 1
    assert "after the effective date the Board voted (May 1, 2030)" in found[0]


def test_a_settlement_without_its_own_roll_call_is_reported(clerk, board):
    decision = _decision(clerk, board)
    disputed = _dispute(decision, board[0])
    settlement = actions.settle_dispute(
        vote=disputed,
        meeting=_later_meeting(clerk),
        outcome="confirmed",
        votes=dict.fromkeys(board, "yes"),
        by=board[0],
        today=LATER,
    )
    assert _votes() == []
    settlement.roll.all().delete()
    found = _votes()
    assert any(
        "Settlement of a disputed vote" in line and "No member's own vote" in line for line in found
    ), found


def test_an_amendment_voided_once_in_force_is_reported_and_one_voided_before_is_not(clerk, board):
    amendment = _amendment(clerk, board, value="55", effective_on=date(2030, 5, 1))
    early = _amendment(
        clerk, board, value="60", on=date(2030, 4, 16), effective_on=date(2030, 6, 1)
    )
    ruleset_in_force.forget()
    amendment_actions.void_amendment(
        amendment=early, reason="Another figure was voted.", by=board[0], today=date(2030, 5, 20)
    )
    assert _votes(date(2030, 6, 2)) == []
    # As the records could show it before the action refused a void of a figure in force.
    Amendment.objects.filter(pk=amendment.pk).update(
        voided_on=date(2030, 5, 10), void_reason="Typed in error."
    )
    found = _votes(date(2030, 6, 2))
    assert len(found) == 1
    assert "Voided on May 10, 2030, after it came in force on May 1, 2030" in found[0]
