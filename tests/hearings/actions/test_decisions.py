"""The Board's decisions: approve with a variance and issue, deny, continue, and every refusal."""

from datetime import date, timedelta

import pytest

from hearings import actions
from hearings.models import Decision, DocketItem, Variance
from hearings.printing import decision_pdf
from permits import actions as permit_actions
from permits.facts_from_records import evaluate_application, facts_for
from permits.models import Application
from stoneham_boh.accounts.roles import Role
from stoneham_boh.lib.errors import ActionRefused
from tests.conftest import make_user
from tests.hearings import builders as b
from tests.hearings.builders import pdf_text, refused

pytestmark = pytest.mark.django_db


@pytest.fixture
def board(db):
    return [make_user(f"member{n}", Role.BOARD, last_name=f"Member{n}") for n in range(3)]


def test_an_approval_with_a_variance_makes_the_application_eligible_to_issue(clerk, board):
    item = b.noticed(by=clerk, relief=["20-15.4.a"], setback_ft="38")
    before = evaluate_application(b.refresh(item.application))
    assert any(f["rule"] == "20-15.4.a" and f["status"] == "fail" for f in before["findings"])

    decision = b.decide(
        item,
        by=board[0],
        votes={board[0]: "yes", board[1]: "yes", board[2]: "recused"},
        conditions="No roosters.",
        variance_rules=["20-15.4.a"],
        variance_conditions="A 6-ft solid fence along the line.",
        variance_expires_on=date(2032, 12, 31),
    )

    application = b.refresh(item.application)
    assert application.status == Application.Status.APPROVED
    assert decision.history.first().history_user == board[0]
    assert sorted(v.vote for v in decision.votes.all()) == ["recused", "yes", "yes"]
    variance = Variance.objects.get()
    assert (variance.rules, variance.granted_on) == (["20-15.4.a"], b.HEARING)
    # The rules are applied on the day of the check (rules revision 2): here the hearing day.
    facts = facts_for(application, b.HEARING)
    assert facts["application"]["date"] == "2030-03-26"
    assert facts["hearing"] == {
        "held_on": "2030-03-26",
        "abutter_notice_mailed": "2030-03-12",
        "newspaper_notice_published": "2030-03-12",
        "decision": "approved",
    }
    result = evaluate_application(application, as_of=b.HEARING)
    assert result["eligible"], result
    assert any(f["rule"] == "20-15.4.a" and f["status"] == "waived" for f in result["findings"])

    permit = permit_actions.issue_permit(application=application, by=clerk, on=date(2030, 3, 28))
    assert "No roosters." in permit.conditions
    assert (
        "Variance of §20-15(4)(a) (setback from the abutting property line) until December 31, 2032"
    ) in permit.variances_text


def test_an_approval_without_the_variance_leaves_the_failing_rule_blocking(clerk, board):
    item = b.noticed(by=clerk, relief=["20-15.4.a"], setback_ft="38")
    b.decide(item, by=board[0])
    application = b.refresh(item.application)
    assert not evaluate_application(application)["eligible"]
    with pytest.raises(ActionRefused, match="cannot be issued"):
        permit_actions.issue_permit(application=application, by=clerk, on=date(2030, 3, 28))


def test_a_denial_closes_the_application(clerk, board):
    item = b.noticed(by=clerk)
    b.decide(item, by=board[0], result="denied", reasons="Too close to the brook.")
    application = b.refresh(item.application)
    assert application.status == Application.Status.DENIED
    assert facts_for(application)["hearing"]["decision"] == "denied"
    with pytest.raises(ActionRefused, match="denied"):
        permit_actions.issue_permit(application=application, by=clerk, on=date(2030, 3, 28))


def test_continuing_moves_the_item_to_a_later_meeting_to_be_noticed_again(clerk, board):
    item = b.docketed(by=clerk, relief=["20-15.4.a"])  # no notice given: the Board continues
    later = b.meeting(by=clerk, on=b.HEARING + timedelta(days=28))
    decision = b.decide(item, by=board[0], result="continued", continue_to=later)
    item.refresh_from_db()
    continued = item.continued_to
    assert decision.result == Decision.Result.CONTINUED
    assert item.status == DocketItem.Status.CONTINUED
    assert (continued.meeting, continued.status) == (later, DocketItem.Status.SCHEDULED)
    assert continued.relief_sought == ["20-15.4.a"]
    assert b.refresh(item.application).status == Application.Status.AWAITING_HEARING
    assert "already continued" in refused(lambda: b.decide(item, by=board[0]))
    # The later hearing needs its own notices.
    assert "have no registered-mail notice" in refused(
        lambda: b.decide(continued, by=board[0], today=later.date)
    )


def test_continuing_needs_a_later_open_meeting(clerk, board):
    item = b.docketed(by=clerk)
    earlier = b.meeting(by=clerk, on=b.HEARING - timedelta(days=7))
    assert "Choose the meeting" in refused(lambda: b.decide(item, by=board[0], result="continued"))
    assert "to a later meeting" in refused(
        lambda: b.decide(item, by=board[0], result="continued", continue_to=earlier)
    )


def test_the_motion_must_carry_with_votes_of_board_members(clerk, board):
    item = b.noticed(by=clerk)
    b.attend_as_voting(item.meeting, {board[0]: "yes", board[1]: "yes"}, by=clerk)
    assert "Record each member's vote" in refused(lambda: b.decide(item, by=board[0], votes={}))
    message = refused(lambda: b.decide(item, by=board[0], votes={board[0]: "yes", board[1]: "no"}))
    assert "did not carry: 1 yes and 1 no" in message
    message = refused(lambda: b.decide(item, by=board[0], votes={board[0]: "yes", clerk: "yes"}))
    assert "is not a member of the Board" in message
    assert "“maybe” is not a vote" in refused(
        lambda: b.decide(item, by=board[0], votes={board[0]: "maybe"})
    )


def test_only_a_board_member_records_a_decision(clerk, board):
    item = b.noticed(by=clerk)
    message = refused(lambda: b.decide(item, by=clerk, votes={board[0]: "yes"}))
    assert "Only a member of the Board" in message


def test_a_decision_is_dated_the_day_the_board_met_and_not_ahead(clerk, board):
    item = b.noticed(by=clerk)
    assert "dated the day the Board met" in refused(
        lambda: b.decide(item, by=board[0], decided_on=b.HEARING - timedelta(1))
    )
    # Nor a later day: the quorum and the roll are the meeting's (issue 33, 10).
    assert "dated the day the Board met" in refused(
        lambda: b.decide(
            item,
            by=board[0],
            decided_on=b.HEARING + timedelta(2),
            today=b.HEARING + timedelta(2),
        )
    )
    assert "in the future" in refused(
        lambda: b.decide(item, by=board[0], today=b.HEARING - timedelta(1))
    )
    assert "is not a decision" in refused(lambda: b.decide(item, by=board[0], result="tabled"))


def test_a_cancelled_meeting_held_no_hearing(clerk, board):
    item = b.noticed(by=clerk)
    item.meeting.cancelled = True
    item.meeting.save()
    assert "cancelled" in refused(lambda: b.decide(item, by=board[0]))


def test_a_variance_is_granted_only_with_an_approval_for_relief_noticed(clerk, board):
    item = b.noticed(by=clerk, relief=["20-15.4.a"], setback_ft="38")
    message = refused(
        lambda: b.decide(item, by=board[0], result="denied", variance_rules=["20-15.4.a"])
    )
    assert "only with an approval" in message
    message = refused(lambda: b.decide(item, by=board[0], variance_rules=["20-15.9"]))
    assert "were not told of relief from §20-15(9)" in message
    message = refused(
        lambda: b.decide(
            item, by=board[0], variance_rules=["20-15.4.a"], variance_expires_on=b.HEARING
        )
    )
    assert "expire before it takes effect" in message
    assert not Variance.objects.exists()


def test_a_decided_item_cannot_be_decided_again(clerk, board):
    item = b.noticed(by=clerk)
    b.decide(item, by=board[0])
    assert "already decided" in refused(lambda: b.decide(item, by=board[0], result="denied"))


def test_no_variance_of_the_hearing_rule_itself(clerk, board):
    item = b.noticed(by=clerk, relief=["20-15.4.a"], setback_ft="38")
    message = refused(lambda: b.decide(item, by=board[0], variance_rules=["20-20.9"]))
    assert "§20-20(9) cannot be varied" in message


def test_an_item_is_not_continued_to_a_meeting_whose_notice_went_out_without_it(clerk, board):
    item = b.docketed(by=clerk)
    later = b.docketed(by=clerk, on=b.HEARING + timedelta(days=28))
    b.publish(later.meeting, by=clerk, published_on=date(2030, 3, 20))
    message = refused(
        lambda: b.decide(item, by=board[0], result="continued", continue_to=later.meeting)
    )
    assert "went to the newspaper" in message


def test_a_ruling_read_from_the_decision_forms_fields_grants_the_variance_as_voted(clerk, board):
    """The decision form names the variance's parts flat (`variance_rules`, ...): the ruling it
    builds carries the finding, conditions and term into the variance granted."""
    from hearings import actions
    from hearings.actions.decisions import Ruling

    item = b.noticed(by=clerk, relief=["20-15.4.a"], setback_ft="38")
    votes = b.unanimous(item.meeting.date)
    b.attend_as_voting(item.meeting, votes, by=clerk)
    b.posted(item.meeting, by=clerk)
    actions.record_decision(
        item=item,
        ruling=Ruling.from_fields(
            result="approved",
            decided_on=b.HEARING,
            variance_rules=["20-15.4.a"],
            variance_finding=b.FINDING,
            variance_conditions="A 6-ft solid fence along the line.",
            variance_expires_on=date(2032, 12, 31),
        ),
        votes=votes,
        by=board[0],
        today=b.HEARING,
    )
    variance = Variance.objects.get()
    assert (variance.rules, variance.finding, variance.conditions, variance.expires_on) == (
        ["20-15.4.a"],
        b.FINDING,
        "A 6-ft solid fence along the line.",
        date(2032, 12, 31),
    )
    assert b.refresh(item.application).status == Application.Status.APPROVED


# The Board's members by name (Anne, Robert, Linda), as the written decision prints them.
@pytest.fixture
def named_board(db):
    return [
        make_user(f"member{n}", Role.BOARD, first_name=name, last_name="Member")
        for n, name in enumerate(("Anne", "Robert", "Linda"))
    ]


def test_one_member_cannot_decide_for_an_absent_board(clerk, named_board):
    item = b.noticed(by=clerk)
    message = refused(
        lambda: b.decide(
            item,
            by=named_board[0],
            votes={named_board[0]: "yes", named_board[1]: "absent", named_board[2]: "absent"},
        )
    )
    assert "There is no quorum: 1 of the Board's 3 members was present" in message
    assert "2 are needed" in message
    assert not Decision.objects.exists()
    item.refresh_from_db()
    assert item.status == DocketItem.Status.SCHEDULED


def test_a_member_left_out_of_the_votes_counts_as_absent(clerk, named_board):
    item = b.noticed(by=clerk)
    assert "no quorum" in refused(
        lambda: b.decide(item, by=named_board[0], votes={named_board[0]: "yes"})
    )


def test_two_of_three_present_decide_by_a_majority_of_those_voting(clerk, named_board):
    item = b.noticed(by=clerk)
    decision = b.decide(
        item, by=named_board[0], votes={named_board[0]: "yes", named_board[1]: "abstain"}
    )
    votes = {v.member.first_name: v.vote for v in decision.votes.all()}
    assert votes == {"Anne": "yes", "Robert": "abstain", "Linda": "absent"}


def test_a_tie_among_those_voting_carries_nothing(clerk, named_board):
    item = b.noticed(by=clerk)
    message = refused(
        lambda: b.decide(
            item, by=named_board[0], votes={named_board[0]: "yes", named_board[1]: "no"}
        )
    )
    assert "did not carry: 1 yes and 1 no" in message


def test_a_member_whose_term_ended_is_not_counted_nor_heard(clerk, named_board, admin_user):
    member = named_board[2].board_terms.get()
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
        lambda: b.decide(
            item, by=named_board[0], votes={named_board[0]: "yes", named_board[2]: "yes"}
        )
    )
    # Two in office of three seats: Anne alone is one of three, not a majority of the Board.
    assert "no quorum" in refused(
        lambda: b.decide(item, by=named_board[0], votes={named_board[0]: "yes"})
    )


def test_the_written_decision_lists_who_voted_how(clerk, named_board):
    item = b.noticed(by=clerk)
    b.decide(
        item,
        by=named_board[0],
        votes={named_board[0]: "yes", named_board[1]: "no", named_board[2]: "yes"},
    )
    text = pdf_text(decision_pdf(DocketItem.objects.get(pk=item.pk)))
    assert "Anne Member Yes" in text
    assert "Robert Member No" in text
    assert "Linda Member Yes" in text


def test_denial_where_animals_are_kept_orders_their_removal(clerk, named_board):
    item = b.noticed(by=clerk)
    votes = {named_board[0]: "yes", named_board[1]: "yes"}
    assert "Set the date by which the animals must be removed" in refused(
        lambda: b.decide(item, by=named_board[0], result="denied", votes=votes, animals_kept=True)
    )
    decision = b.decide(
        item,
        by=named_board[0],
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


def test_denial_where_no_animals_are_kept_orders_nothing_removed(clerk, named_board):
    item = b.noticed(by=clerk)
    decision = b.decide(
        item,
        by=named_board[0],
        result="denied",
        votes={named_board[0]: "yes", named_board[1]: "yes"},
    )
    assert decision.removal_by is None


def test_variance_without_a_finding_of_manifest_injustice_is_refused(clerk, named_board):
    item = b.noticed(by=clerk, relief=["20-15.4.a"], setback_ft="38")
    message = refused(
        lambda: b.decide(
            item,
            by=named_board[0],
            votes={named_board[0]: "yes", named_board[1]: "yes"},
            variance_rules=["20-15.4.a"],
            variance_finding="  ",
        )
    )
    assert "manifest injustice (§20-21)" in message
    assert not Variance.objects.exists()
