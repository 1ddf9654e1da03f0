"""The Board decides what the regulation gives the Board (issue 12, points 1 to 5).

Revocation (§20-20(5)-(6)) and denial order removal; a quorum and a majority decide; the
Board's approvals are votes, not ticks; a variance needs its finding of manifest injustice.
"""

from datetime import date

import pytest

from hearings import actions
from hearings.models import BoardApproval, Decision, DocketItem, Variance, Vote
from hearings.printing import decision_pdf, holder_notice_pdf
from hearings.wording import variable_rule_ids
from permits import actions as permit_actions
from permits.facts_from_records import evaluate_application, facts_for
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


# --- Quorum (point 3) ---------------------------------------------------------------------------


def test_one_member_cannot_decide_for_an_absent_board(clerk, board):
    item = b.noticed(by=clerk)
    message = refused(
        lambda: b.decide(
            item, by=board[0], votes={board[0]: "yes", board[1]: "absent", board[2]: "absent"}
        )
    )
    assert "There is no quorum: 1 of the Board's 3 members was present" in message
    assert "2 are needed" in message
    assert not Decision.objects.exists()
    item.refresh_from_db()
    assert item.status == DocketItem.Status.SCHEDULED


def test_a_member_left_out_of_the_votes_counts_as_absent(clerk, board):
    item = b.noticed(by=clerk)
    assert "no quorum" in refused(lambda: b.decide(item, by=board[0], votes={board[0]: "yes"}))


def test_two_of_three_present_decide_by_a_majority_of_those_voting(clerk, board):
    item = b.noticed(by=clerk)
    decision = b.decide(item, by=board[0], votes={board[0]: "yes", board[1]: "abstain"})
    votes = {v.member.first_name: v.vote for v in decision.votes.all()}
    assert votes == {"Anne": "yes", "Robert": "abstain", "Linda": "absent"}


def test_a_tie_among_those_voting_carries_nothing(clerk, board):
    item = b.noticed(by=clerk)
    message = refused(lambda: b.decide(item, by=board[0], votes={board[0]: "yes", board[1]: "no"}))
    assert "did not carry: 1 yes and 1 no" in message


def test_a_member_whose_term_ended_is_not_counted_nor_heard(clerk, board, admin_user):
    member = board[2].board_terms.get()
    actions.end_board_term(
        member=member,
        term_end=date(2029, 12, 31),
        reason="Resigned.",
        by=admin_user,
        today=date(2029, 12, 1),
    )
    assert member.history.first().history_user == admin_user
    item = b.noticed(by=clerk)
    assert "not a member of the Board on March 26, 2030" in refused(
        lambda: b.decide(item, by=board[0], votes={board[0]: "yes", board[2]: "yes"})
    )
    # Two in office of three seats: Anne alone is one of three, not a majority of the Board.
    assert "no quorum" in refused(lambda: b.decide(item, by=board[0], votes={board[0]: "yes"}))


def test_the_written_decision_lists_who_voted_how(clerk, board):
    item = b.noticed(by=clerk)
    b.decide(item, by=board[0], votes={board[0]: "yes", board[1]: "no", board[2]: "yes"})
    text = pdf_text(decision_pdf(DocketItem.objects.get(pk=item.pk)))
    assert "Anne Member Yes" in text
    assert "Robert Member No" in text
    assert "Linda Member Yes" in text


def test_a_member_is_recorded_only_with_a_board_login_and_a_term(admin_user):
    user = make_user("newcomer", Role.CLERK)
    message = refused(
        lambda: actions.appoint_board_member(
            user=user,
            name="",
            appointed_on=date(2029, 1, 1),
            term_start=date(2030, 1, 1),
            term_end=date(2029, 1, 1),
            appointing_document="",
            by=admin_user,
            today=date(2029, 6, 1),
        )
    )
    assert "has no Board log-in" in message
    assert "cannot end before it begins" in message
    assert "Give the member's name" in message
    assert "Name the appointing document" in message


# --- Revocation (point 1) ----------------------------------------------------------------------


def test_clerk_cannot_revoke_a_permit_without_the_boards_decision(clerk):
    permit = factories.issued_permit(by=clerk)
    message = refused(lambda: permit_actions.revoke_permit(permit=permit, decision=None, by=clerk))
    assert "Only the Board revokes a permit" in message
    permit.refresh_from_db()
    assert permit.status == Permit.Status.ACTIVE


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


# --- Denial orders removal (point 2) ------------------------------------------------------------


def test_denial_where_animals_are_kept_orders_their_removal(clerk, board):
    item = b.noticed(by=clerk)
    votes = {board[0]: "yes", board[1]: "yes"}
    assert "Set the date by which the animals must be removed" in refused(
        lambda: b.decide(item, by=board[0], result="denied", votes=votes, animals_kept=True)
    )
    decision = b.decide(
        item,
        by=board[0],
        result="denied",
        votes=votes,
        animals_kept=True,
        removal_by=date(2030, 4, 30),
        reasons="The coop is too close to the abutter's house.",
    )
    assert decision.removal_by == date(2030, 4, 30)
    letter = pdf_text(decision_pdf(DocketItem.objects.get(pk=item.pk)))
    assert "DENIED" in letter
    assert "ORDER TO REMOVE THE ANIMALS" in letter
    assert "April 30, 2030" in letter


def test_denial_where_no_animals_are_kept_orders_nothing_removed(clerk, board):
    item = b.noticed(by=clerk)
    decision = b.decide(
        item, by=board[0], result="denied", votes={board[0]: "yes", board[1]: "yes"}
    )
    assert decision.removal_by is None


# --- The Board's approvals (point 4) -------------------------------------------------------------


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


def _finding(application, rule):
    result = evaluate_application(application)
    return next(f for f in result["findings"] if f["rule"] == rule)


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


# --- Variances (point 5) -----------------------------------------------------------------------


def test_variance_without_a_finding_of_manifest_injustice_is_refused(clerk, board):
    item = b.noticed(by=clerk, relief=["20-15.4.a"], setback_ft="38")
    message = refused(
        lambda: b.decide(
            item,
            by=board[0],
            votes={board[0]: "yes", board[1]: "yes"},
            variance_rules=["20-15.4.a"],
            variance_finding="  ",
        )
    )
    assert "manifest injustice (§20-21)" in message
    assert not Variance.objects.exists()


def test_the_board_rescinds_a_variance_by_a_vote(clerk, board):
    item = b.noticed(by=clerk, relief=["20-15.4.a"], setback_ft="38")
    b.decide(
        item, by=board[0], votes={board[0]: "yes", board[1]: "yes"}, variance_rules=["20-15.4.a"]
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
            rescission, by=board[0], result="rescinded", votes=dict.fromkeys(board, "yes")
        )
    )
    b.decide(
        rescission,
        by=board[0],
        result="rescinded",
        votes={board[0]: "yes", board[1]: "no", board[2]: "yes"},
        reasons="Its condition is broken.",
    )
    variance.refresh_from_db()
    assert variance.rescinded_on == date(2030, 4, 23)
    assert variance.rescinded_reason == "Its condition is broken."
    assert variance.history.first().history_user == board[0]
    assert not variance.in_effect_on(date(2030, 5, 1))


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
