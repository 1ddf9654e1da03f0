"""The Board's approvals (hearings.actions.approvals): votes at the hearing, not ticks on a form,
and only for what was put before the Board.

The Board decides what the regulation gives the Board (issue 12, points 1 to 5).

Revocation (§20-20(5)-(6)) and denial order removal; a quorum and a majority decide; the
Board's approvals are votes, not ticks; a variance needs its finding of manifest injustice.
"""

from datetime import date

import pytest

from hearings import actions
from hearings.models import BoardApproval, DocketItem, Vote
from hearings.printing import decision_pdf
from hearings.wording import variable_rule_ids
from permits import actions as permit_actions
from permits.facts_from_records import evaluate_application, facts_for
from stoneham_boh.accounts.roles import Role
from tests import factories
from tests.conftest import make_user
from tests.hearings import builders as b
from tests.hearings.builders import pdf_text, refused

pytestmark = pytest.mark.django_db


@pytest.fixture
def board(db):
    return [
        make_user(f"member{n}", Role.BOARD, first_name=name, last_name="Member")
        for n, name in enumerate(("Anne", "Robert", "Linda"))
    ]


def _finding(application, rule):
    result = evaluate_application(application)
    return next(f for f in result["findings"] if f["rule"] == rule)


def test_wild_animal_needs_the_boards_vote_not_a_checkbox(clerk, board):
    application = factories.hen_renewal(by=clerk)
    permit_actions.update_application(
        application=application,
        by=clerk,
        changes={},
        animals=[{"species": "chicken", "count": 6}, {"species": "wild", "count": 1}],
    )
    assert "wild_animal_approved" not in permit_actions.APPLICATION_FIELDS
    finding = _finding(application, "20-15.10")
    assert finding["status"] != "pass"

    factories.board_approves(application, ["wild_animal"])
    approval = BoardApproval.objects.get(application=application, subject="wild_animal")
    assert approval.decision.votes.filter(vote=Vote.Choice.YES).exists()
    assert facts_for(application)["approvals"]["wild_animal"] is True
    assert _finding(application, "20-15.10")["status"] == "pass"


def test_vermin_plan_is_approved_at_the_hearing_and_shown_on_the_decision(clerk, board):
    item = b.noticed(by=clerk)
    assert item.approvals_sought == ["vermin_plan"]
    b.decide(item, by=board[0], votes={board[0]: "yes", board[1]: "yes"})
    assert facts_for(item.application)["vermin_control"]["plan_approved"] is True
    letter = pdf_text(decision_pdf(DocketItem.objects.get(pk=item.pk)))
    assert "Vermin control plan (§20-19): approved March 26, 2030" in letter


def test_the_board_approves_only_what_was_put_before_it(clerk, board):
    item = b.noticed(by=clerk)
    message = refused(
        lambda: b.decide(
            item, by=board[0], votes={board[0]: "yes", board[1]: "yes"}, approvals=["composting"]
        )
    )
    assert "not asked to approve: Composting of manure" in message


def test_the_board_enlarges_a_setback_in_a_particular_case(clerk, board):
    item = b.noticed(by=clerk, setback_ft="60")
    b.decide(
        item,
        by=board[0],
        votes={board[0]: "yes", board[1]: "yes"},
        setback_enlargements={"20-15.4.a": 75},
    )
    finding = _finding(item.application, "20-15.4.a")
    assert finding["status"] == "fail"
    assert "enlarged by the Board" in finding["message"]


def test_fill_inspection_is_not_a_tick_on_the_lot_form():
    from permits.forms import LotFactsForm

    assert "porous_fill_board_inspected" not in LotFactsForm().fields


def test_the_building_inspectors_approval_is_not_offered_for_variance(clerk):
    assert "20-20.2" not in variable_rule_ids()
    application = b.new_hen_application(by=clerk)
    message = refused(
        lambda: actions.schedule_hearing(
            application=application,
            meeting=b.meeting(by=clerk),
            relief_sought=["20-20.2"],
            by=clerk,
            today=date(2030, 2, 1),
        )
    )
    assert "§20-20(2) is the building inspector's approval as well as the Board's" in message
