"""Revoking a permit (hearings.actions.revocation): only by the Board's decision, citing a
violation, after written notice to the holder.

The Board decides what the regulation gives the Board (issue 12, points 1 to 5).

Revocation (§20-20(5)-(6)) and denial order removal; a quorum and a majority decide; the
Board's approvals are votes, not ticks; a variance needs its finding of manifest injustice.
"""

from datetime import date

import pytest

from hearings import actions
from hearings.models import DocketItem
from hearings.printing import decision_pdf, holder_notice_pdf
from permits.models import Permit
from stoneham_boh.accounts.roles import Role
from tests import factories
from tests.conftest import make_user
from tests.hearings import board_builders as rb
from tests.hearings import builders as b
from tests.hearings.builders import pdf_text, refused

pytestmark = pytest.mark.django_db


@pytest.fixture
def board(db):
    return [
        make_user(f"member{n}", Role.BOARD, first_name=name, last_name="Member")
        for n, name in enumerate(("Anne", "Robert", "Linda"))
    ]


def test_a_revocation_proceeding_must_cite_a_violation(clerk):
    permit = factories.issued_permit(by=clerk)
    message = refused(
        lambda: actions.open_revocation(
            permit=permit, meeting=rb.hearing(by=clerk), grounds="", by=clerk, today=rb.OPENED
        )
    )
    assert "Cite the violations" in message
    assert "State the grounds" in message


def test_the_board_cannot_revoke_without_written_notice_to_the_holder(clerk, agent, board):
    proceeding = rb.proceeding(clerk=clerk, agent=agent, notified=False)
    message = refused(
        lambda: b.decide(
            proceeding.docket_item,
            by=board[0],
            result="revoked",
            votes=dict.fromkeys(board, "yes"),
            removal_by=rb.REMOVE_BY,
        )
    )
    assert "not given written notice of the hearing" in message
    assert proceeding.permit.status == Permit.Status.ACTIVE


def test_the_board_revokes_after_notice_and_orders_the_animals_removed(clerk, agent, board):
    proceeding = rb.proceeding(clerk=clerk, agent=agent)
    notice = pdf_text(holder_notice_pdf(proceeding, today=rb.NOTICE_MAILED))
    assert "NOTICE OF HEARING ON THE REVOCATION OF YOUR PERMIT" in notice
    assert "Tuesday, June 22, 2027" in notice
    assert "right to attend the hearing and be heard" in notice
    assert "Rats under the coop" in notice

    item = proceeding.docket_item
    assert "Set the date by which the animals must be removed" in refused(
        lambda: b.decide(item, by=board[0], result="revoked", votes=dict.fromkeys(board, "yes"))
    )
    decision = b.decide(
        item,
        by=board[0],
        result="revoked",
        votes={board[0]: "yes", board[1]: "yes", board[2]: "no"},
        removal_by=rb.REMOVE_BY,
        reasons="The order to abate the rats was not obeyed.",
    )
    permit = Permit.objects.get(pk=proceeding.permit.pk)
    assert permit.status == Permit.Status.REVOKED
    assert permit.revoked_on == rb.HEARING
    assert permit.removal_ordered_by == rb.REMOVE_BY
    assert permit.history.first().history_user == board[0]
    letter = pdf_text(decision_pdf(DocketItem.objects.get(pk=item.pk)))
    assert f"DECISION ON THE REVOCATION OF PERMIT {permit.number}" in letter
    assert "Rats under the coop" in letter  # the grounds
    assert "ORDER TO REMOVE THE ANIMALS (§20-20(6))" in letter
    assert "July 22, 2027" in letter
    assert "right to be heard" in letter
    assert "appeal this decision" in letter
    assert "Linda Member No" in letter
    assert decision.votes.count() == 3


def test_a_dismissed_proceeding_leaves_the_permit_in_force(clerk, agent, board):
    proceeding = rb.proceeding(clerk=clerk, agent=agent)
    b.decide(
        proceeding.docket_item,
        by=board[0],
        result="dismissed",
        votes={board[0]: "yes", board[1]: "yes"},
    )
    assert Permit.objects.get(pk=proceeding.permit.pk).status == Permit.Status.ACTIVE


def test_a_revocation_hearing_continued_keeps_the_holders_notice(clerk, agent, board):
    proceeding = rb.proceeding(clerk=clerk, agent=agent)
    later = rb.hearing(by=clerk, on=date(2027, 7, 13))
    b.decide(
        proceeding.docket_item,
        by=board[0],
        result="continued",
        continue_to=later,
        votes={board[0]: "yes", board[1]: "yes"},
        today=rb.HEARING,
    )
    proceeding.refresh_from_db()
    assert proceeding.docket_item.meeting == later
    b.decide(
        proceeding.docket_item,
        by=board[0],
        result="revoked",
        votes={board[0]: "yes", board[1]: "yes"},
        removal_by=date(2027, 8, 13),
    )
    assert Permit.objects.get(pk=proceeding.permit.pk).status == Permit.Status.REVOKED
