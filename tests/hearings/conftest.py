"""What the hearings' tests share across their folders: the Board of three, and a meeting held
with one hearing decided (whose minutes are drafted from its record)."""

import pytest

from hearings import actions
from hearings.models import BoardMember
from stoneham_boh.accounts.roles import Role
from tests.conftest import make_user
from tests.hearings import builders as b


@pytest.fixture
def board(db):
    return [
        make_user(f"member{n}", Role.BOARD, first_name=name, last_name="Member")
        for n, name in enumerate(("Anne", "Robert", "Linda"))
    ]


@pytest.fixture
def held(clerk, board):
    """A meeting held, one hearing decided 2 to 1, Linda taking part remotely."""
    item = b.noticed(by=clerk, relief=["20-15.4.a"], setback_ft="38")
    modes = {"Anne": "in_person", "Robert": "in_person", "Linda": ("remote", "travel for work")}
    actions.record_attendance(
        meeting=item.meeting,
        attendance={m: modes[m.user.first_name] for m in BoardMember.objects.all()},
        by=clerk,
        today=b.HEARING,
    )
    b.decide(
        item,
        by=board[0],
        votes={board[0]: "yes", board[1]: "no", board[2]: "yes"},
        variance_rules=["20-15.4.a"],
        reasons="The lot is narrow; the neighbour spoke in favour.",
    )
    return item
