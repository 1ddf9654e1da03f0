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
