"""Recording who of the Board attended a meeting (hearings.actions.attendance): a remote member
gives the reason, and the record stands once the Board has decided there. How the quorum is
counted from it is tests/hearings/actions/test_board_roll.py's; the attendance page is
tested there too. (The Board, `board`, is tests/hearings/conftest.py's.)"""

from __future__ import annotations

from datetime import date

import pytest

from hearings import actions
from stoneham_boh.town.models import Town
from tests.hearings import builders as b
from tests.hearings.builders import attend, refused, term

pytestmark = pytest.mark.django_db


def test_a_remote_member_gives_a_reason_and_makes_every_vote_a_roll_call(clerk, board):
    # While the temporary relief lasts, a quorum need not be in the room.
    Town.objects.filter(is_current=True).update(remote_relief_ends=date(2031, 3, 31))
    item = b.noticed(by=clerk)
    assert "Give the reason Linda Member took part remotely" in refused(
        lambda: attend(
            item.meeting,
            {board[0]: "in_person", board[1]: "in_person", board[2]: "remote"},
            by=clerk,
        )
    )
    actions.record_attendance(
        meeting=item.meeting,
        attendance={
            term(board[0]): "in_person",
            term(board[1]): "absent",
            term(board[2]): ("remote", "Out of town"),
        },
        by=clerk,
        today=b.HEARING,
    )
    decision = b.decide(item, by=board[0], votes={board[0]: "yes", board[2]: "yes"})
    assert decision.roll_call
    assert "Vote taken by roll call." in decision.quorum_summary
    assert {v.member.first_name: v.vote for v in decision.votes.all()} == {
        "Anne": "yes",
        "Robert": "absent",
        "Linda": "yes",
    }
    assert "The Board has decided at this meeting" in refused(
        lambda: attend(item.meeting, dict.fromkeys(board, "in_person"), by=clerk)
    )
