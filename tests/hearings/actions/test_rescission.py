"""A variance the Board rescinds ends the permit resting on it (issue 33, finding 12)."""

from __future__ import annotations

from datetime import date

import pytest

from hearings import actions
from hearings.models import Variance
from permits import actions as permit_actions
from permits.audit import audit_register
from permits.models import Permit
from stoneham_boh.accounts.roles import Role
from tests.conftest import make_user
from tests.hearings import builders as b
from tests.hearings.builders import refused
from tests.permits.audit.test_audit import AFTER, noticed

pytestmark = pytest.mark.django_db
RESCINDED = date(2030, 4, 23)


@pytest.fixture
def board(db):
    return [make_user(f"member{n}", Role.BOARD) for n in range(3)]


def test_rescinding_a_variance_revokes_the_permit_resting_on_it(clerk, board):
    item = noticed(by=clerk, setback_ft="40", relief=["20-15.4.a"])
    b.decide(item, by=board[0], votes=dict.fromkeys(board, "yes"), variance_rules=["20-15.4.a"])
    permit = permit_actions.issue_permit(application=item.application, by=clerk, on=AFTER)
    meeting = b.meeting(by=clerk, on=RESCINDED, today=date(2030, 4, 1))
    rescission = actions.open_variance_rescission(
        variance=Variance.objects.get(),
        meeting=meeting,
        reason="The fence was taken down.",
        by=clerk,
        today=date(2030, 4, 1),
    )
    b.decide(
        rescission,
        by=board[0],
        result="rescinded",
        votes=dict.fromkeys(board, "yes"),
        reasons="Its condition is broken.",
    )
    permit.refresh_from_db()
    assert permit.status == Permit.Status.REVOKED
    assert permit.revoked_on == RESCINDED
    assert "§20-15(4)(a)" in permit.revocation_reason
    assert "Its condition is broken." in permit.revocation_reason
    assert permit.history.first().history_user == board[0]
    assert [a.line() for a in audit_register(today=date(2030, 5, 1)).anomalies] == []


# The Board's members by name (Anne, Robert, Linda), as the written decision prints them.
@pytest.fixture
def named_board(db):
    return [
        make_user(f"member{n}", Role.BOARD, first_name=name, last_name="Member")
        for n, name in enumerate(("Anne", "Robert", "Linda"))
    ]


def test_the_board_rescinds_a_variance_by_a_vote(clerk, named_board):
    item = b.noticed(by=clerk, relief=["20-15.4.a"], setback_ft="38")
    b.decide(
        item,
        by=named_board[0],
        votes={named_board[0]: "yes", named_board[1]: "yes"},
        variance_rules=["20-15.4.a"],
    )
    variance = Variance.objects.get()
    meeting = b.meeting(by=clerk, on=date(2030, 4, 23), today=date(2030, 4, 1))
    rescission = actions.open_variance_rescission(
        variance=variance,
        meeting=meeting,
        reason="The fence was taken down.",
        by=clerk,
        today=date(2030, 4, 1),
    )
    assert "State the Board's reasons" in refused(
        lambda: b.decide(
            rescission,
            by=named_board[0],
            result="rescinded",
            votes=dict.fromkeys(named_board, "yes"),
        )
    )
    b.decide(
        rescission,
        by=named_board[0],
        result="rescinded",
        votes={named_board[0]: "yes", named_board[1]: "no", named_board[2]: "yes"},
        reasons="Its condition is broken.",
    )
    variance.refresh_from_db()
    assert variance.rescinded_on == date(2030, 4, 23)
    assert variance.rescinded_reason == "Its condition is broken."
    assert variance.history.first().history_user == named_board[0]
    assert not variance.in_effect_on(date(2030, 5, 1))
