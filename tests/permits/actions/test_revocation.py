"""Revoking a permit (permits.actions.revocation, §20-20(5)-(6)): only by the Board's decision
on a revocation proceeding, and with it every later permit that renewed it. The proceeding
itself is the Board's (tests/hearings/actions/test_revocation.py)."""

from __future__ import annotations

from datetime import date

import pytest
from django.urls import reverse

from permits import actions as permit_actions
from permits.models import Permit
from stoneham_boh.accounts.roles import Role
from tests import factories
from tests.conftest import make_user
from tests.hearings import builders as b
from tests.hearings.builders import refused
from tests.permits.helpers import next_years_permit, revocation_opened

pytestmark = pytest.mark.django_db


@pytest.fixture
def board(db):
    return [make_user(f"member{n}", Role.BOARD, last_name=f"Member{n}") for n in range(3)]


def test_clerk_cannot_revoke_a_permit_without_the_boards_decision(clerk):
    permit = factories.issued_permit(by=clerk)
    message = refused(lambda: permit_actions.revoke_permit(permit=permit, decision=None, by=clerk))
    assert "Only the Board revokes a permit" in message
    permit.refresh_from_db()
    assert permit.status == Permit.Status.ACTIVE


def test_revoking_a_permit_ends_next_years_permit_too(clerk, agent, board, client):
    permit, next_year = next_years_permit(clerk)
    proceeding = revocation_opened(permit, clerk=clerk, agent=agent)
    b.decide(
        proceeding.docket_item,
        by=board[0],
        result="revoked",
        votes=dict.fromkeys(board, "yes"),
        removal_by=date(2028, 1, 14),
        today=date(2027, 12, 14),
    )
    next_year.refresh_from_db()
    assert next_year.status == Permit.Status.REVOKED
    assert next_year.revoked_on == date(2027, 12, 14)
    assert f"Permit {permit.number}, which this permit renews, was revoked" in (
        next_year.revocation_reason
    )
    assert next_year.history.first().history_user == board[0]
    client.force_login(clerk)
    page = client.get(reverse("permits:permit-detail", args=[next_year.pk])).content.decode()
    assert "Revoked" in page
