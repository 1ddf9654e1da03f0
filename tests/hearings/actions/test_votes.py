"""Every vote in a member's name is that member's own, through one mechanism (issue 38 M3), and
a disputed majority does not carry until the Board settles it (issue 33 finding 14).

The kinds of vote are enumerated from the code: every model that keeps a vote or a tally, and
every action that takes the members' votes; a new one that bypasses hearings.actions.votes
fails here.
"""

from __future__ import annotations

import ast
import inspect
from datetime import date, time
from decimal import Decimal
from pathlib import Path

import pytest
from django.apps import apps
from django.core import mail
from django.urls import reverse
from django.utils.html import escape

from hearings import actions, motions
from hearings.actions import votes as mechanism
from hearings.models import BoardApproval, Decision, Meeting, Minutes, Vote, VoteSettlement
from hearings.ruleset_in_force import ruleset_on
from permits import actions as permit_actions
from permits.amendments import actions as amendment_actions
from permits.amendments.models import Amendment
from stoneham_boh.accounts.roles import Role
from tests.conftest import make_user
from tests.hearings import builders as b
from tests.hearings.builders import at, refused
from tests.hearings.roll_call import noticed, roll_call
from tests.our_apps import APPS, OUR_LABELS, PROJECT

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[3]
LATER = date(2030, 4, 9)


# --- The kinds of vote, enumerated ---------------------------------------------------------------

# Every model that keeps a vote or a count of votes, and how its votes are the members' own:
# a motion with its roll call of Vote rows (Vote.SUBJECTS), or a copy of a motion's count.
VOTING_MODELS = {
    "hearings.Vote": "the roll-call row itself",
    "hearings.Decision": "motion",
    "hearings.Minutes": "motion",
    "permits.Amendment": "motion",
    "hearings.VoteSettlement": "motion",
    "hearings.ExecutiveSession": "motion",
    "hearings.BoardApproval": "copy of its decision's count (vote_count)",
}


def _keeps_votes(model) -> bool:
    """A field named for votes (a count, a tally, a copy), or a relation to a Vote."""
    fields = model._meta.get_fields()
    return (
        any("vote" in field.name for field in fields)
        or any(getattr(field, "related_model", None) is Vote for field in fields)
        or model is Vote
    )


def test_every_model_that_keeps_a_vote_is_a_motion_of_the_one_mechanism():
    found = {
        model._meta.label
        for model in apps.get_models()
        if model._meta.app_label in OUR_LABELS
        and not model.__name__.startswith("Historical")
        and _keeps_votes(model)
    }
    assert found == set(VOTING_MODELS), (
        "A model keeps votes: record them as Vote rows through hearings.actions.votes and list "
        f"it here. Found {sorted(found)}."
    )
    motions_ = {label for label, how in VOTING_MODELS.items() if how == "motion"}
    assert {m._meta.label for m in motions.FIELD_OF} == motions_
    assert set(Vote.SUBJECTS) == set(motions.FIELD_OF.values())


def _functions(path: Path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef):
            yield node


def _calls(node) -> set[str]:
    return {
        (call.func.id if isinstance(call.func, ast.Name) else getattr(call.func, "attr", ""))
        for call in ast.walk(node)
        if isinstance(call, ast.Call)
    }


def _sources():
    for app in (PROJECT, *APPS):
        for path in (ROOT / app).rglob("*.py"):
            if "migrations" not in path.parts:
                yield path


def test_every_action_that_takes_the_members_votes_calls_and_records_the_roll():
    takers = []
    for path in _sources():
        for function in _functions(path):
            arguments = [a.arg for a in function.args.kwonlyargs + function.args.args]
            if "votes" in arguments and not function.name.startswith("_"):
                takers.append((path.relative_to(ROOT), function))
    names = {function.name for _, function in takers}
    # The kinds of vote known today; a new one is listed here once it goes through the roll.
    assert {
        "record_decision",
        "approve_minutes",
        "record_amendment",
        "settle_dispute",
        "enter_executive_session",
    } <= names
    for path, function in takers:
        if str(path) == "hearings/actions/votes.py" or path.parts[1] in ("views", "forms.py"):
            continue
        if "actions" not in str(path):
            continue
        called = _calls(function)
        assert {"call_roll", "record_roll_call"} <= called, (
            f"{path}:{function.name} takes the members' votes without the one mechanism"
        )


# Writers of Vote rows outside the mechanism, each with the reason it may.
BYPASS_ALLOWED = {
    # The benchmark's generated register, bulk-written for speed as the roll calls' result
    # (its audit must be clean: tests/stoneham_boh/bench/test_benchdata.py).
    "stoneham_boh/bench/benchdata.py:_decide",
}


def _named_calls(node) -> set[str]:
    """Plain calls and calls through a module (`Vote(...)`, `hearings.Vote(...)`,
    `tally(...)`, `quorum.tally(...)`), not methods of other objects."""
    found = set()
    for call in ast.walk(node):
        if not isinstance(call, ast.Call):
            continue
        if isinstance(call.func, ast.Name):
            found.add(call.func.id)
        elif (
            isinstance(call.func, ast.Attribute)
            and isinstance(call.func.value, ast.Name)
            and call.func.value.id in ("hearings", "quorum", "models")
        ):
            found.add(call.func.attr)
    return found


def test_nothing_but_the_mechanism_writes_a_vote_or_counts_a_tally():
    writers = []
    for path in _sources():
        relative = str(path.relative_to(ROOT))
        if relative in ("hearings/actions/votes.py", "hearings/quorum.py"):
            continue
        for function in _functions(path):
            called = _named_calls(function)
            if {"Vote", "tally"} & called:
                writers.append(f"{relative}:{function.name}")
    assert set(writers) == BYPASS_ALLOWED


# --- Each kind recorded as each member's own, e-mailed, disputable from their log-in ----------


def make_board() -> list:
    """Three members, each with an e-mail address, every seat filled."""
    return [
        make_user(
            f"member{n}", Role.BOARD, first_name=name, last_name="Member", email=f"m{n}@ex.org"
        )
        for n, name in enumerate(("Anne", "Robert", "Linda"))
    ]


@pytest.fixture
def board(db):
    return make_board()


def _later_meeting(clerk, on=LATER):
    meeting = actions.schedule_meeting(
        on=on, at=time(19), place="Town Hall", by=clerk, today=date(2030, 3, 27)
    )
    noticed(meeting, by=clerk)
    actions.record_attendance(
        meeting=meeting,
        attendance=dict.fromkeys(_terms(), "in_person"),
        by=clerk,
        today=on,
    )
    return meeting


def _terms():
    from hearings.models import BoardMember

    return list(BoardMember.objects.all())


def _decision(clerk, board, choices=("yes", "yes", "no")):
    item = b.noticed(by=clerk)
    return b.decide(item, by=board[0], votes=dict(zip(board, choices, strict=True)))


def _minutes(clerk, board, choices=("yes", "yes", "no")):
    held = _decision(clerk, board).docket_item.meeting
    minutes = actions.draft_minutes(meeting=held, by=clerk, today=date(2030, 3, 27))
    later = _later_meeting(clerk)
    return actions.approve_minutes(
        minutes=minutes,
        at_meeting=later,
        votes=dict(zip(board, choices, strict=True)),
        by=board[0],
        today=LATER,
    )


def _amendment(clerk, board, choices=("yes", "yes", "no"), on=LATER, **fields):
    meeting = _later_meeting(clerk, on=on)
    return amendment_actions.record_amendment(
        rule=fields.pop("rule", "20-15.4.a"),
        figure=fields.pop("figure", "minimum_ft"),
        value=Decimal(fields.pop("value", "65")),
        adopted_at=meeting,
        votes=dict(zip(board, choices, strict=True)),
        effective_on=fields.pop("effective_on", date(2030, 5, 1)),
        published_on=fields.pop("published_on", on),
        by=board[0],
        today=on,
    )


def _executive_session(clerk, board, choices=("yes", "yes", "no")):
    return actions.enter_executive_session(
        meeting=_later_meeting(clerk),
        purpose="3",
        statement="To discuss strategy in Doe v. Board of Health, an open meeting harming it.",
        reconvenes=True,
        votes=dict(zip(board, choices, strict=True)),
        by=board[0],
        today=LATER,
    )


KINDS = {
    "decision": _decision,
    "minutes": _minutes,
    "amendment": _amendment,
    "executive_session": _executive_session,
}


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_each_kind_of_vote_is_each_members_own_told_and_disputable_from_their_log_in(
    kind, clerk, board, client, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        subject = KINDS[kind](clerk, board)
    roll = {vote.member: vote.vote for vote in motions.roll_of(subject)}
    assert roll == {board[0]: "yes", board[1]: "yes", board[2]: "no"}
    told = [m for m in mail.outbox if m.to == ["m1@ex.org"] and "vote was recorded" in m.subject]
    assert "with your vote: Yes" in told[-1].body and kind[:6] in told[-1].body
    vote = next(v for v in motions.roll_of(subject) if v.member == board[1])
    with at(LATER, client, board[1]):
        page = client.get(reverse("hearings:my-votes")).content.decode()
        assert escape(motions.describe(subject).split(",")[0]) in page
        response = client.post(
            reverse("hearings:vote-dispute", args=[vote.pk]), {"statement": "I voted no."}
        )
    assert response.status_code == 302
    vote.refresh_from_db()
    assert vote.dispute == "I voted no." and vote.history.first().history_user == board[1]


def test_the_clerk_alone_no_longer_approves_the_minutes(clerk, board):
    held = _decision(clerk, board).docket_item.meeting
    minutes = actions.draft_minutes(meeting=held, by=clerk, today=date(2030, 3, 27))
    later = _later_meeting(clerk)
    assert "Only a member of the Board in office" in refused(
        lambda: actions.approve_minutes(
            minutes=minutes,
            at_meeting=later,
            votes=dict.fromkeys(board, "yes"),
            by=clerk,
            today=LATER,
        )
    )
    assert not Minutes.objects.get().approved


# --- A disputed majority does not carry until the Board settles it (issue 33 finding 14) -------


def _dispute(subject, user, statement="I voted no."):
    vote = next(v for v in motions.roll_of(subject) if v.member == user)
    return actions.dispute_vote(vote=vote, statement=statement, by=user)


def test_the_permit_is_refused_while_a_dispute_could_change_the_majority(clerk, board):
    decision = _decision(clerk, board)  # 2 yes, 1 no
    disputed = _dispute(decision, board[1])
    application = b.refresh(decision.docket_item.application)
    message = refused(
        lambda: permit_actions.issue_permit(application=application, by=clerk, on=date(2030, 3, 27))
    )
    assert "Robert Member disputed the vote recorded in their name" in message
    assert "the permit waits until the Board settles it" in message

    # The Board settles it at a later meeting: the record confirmed, by its own roll call.
    later = _later_meeting(clerk)
    settlement = actions.settle_dispute(
        vote=disputed,
        meeting=later,
        outcome="confirmed",
        votes={board[0]: "yes", board[1]: "no", board[2]: "yes"},
        reasons="The recording of the meeting has Robert's yes.",
        by=board[0],
        today=LATER,
    )
    assert {v.member: v.vote for v in motions.roll_of(settlement)}[board[1]] == "no"
    permit = permit_actions.issue_permit(application=application, by=clerk, on=LATER)
    assert permit.pk


def test_a_dispute_that_cannot_change_the_result_does_not_hold_the_permit(clerk, board):
    decision = _decision(clerk, board, choices=("yes", "yes", "yes"))
    _dispute(decision, board[2], "I abstained.")
    application = b.refresh(decision.docket_item.application)
    assert permit_actions.issue_permit(application=application, by=clerk, on=date(2030, 3, 27))


def test_the_settlement_is_a_lawful_vote_at_a_later_meeting(clerk, board):
    decision = _decision(clerk, board)
    disputed = _dispute(decision, board[1])
    same = decision.docket_item.meeting

    def settle(meeting, votes, **fields):
        return lambda: actions.settle_dispute(
            vote=disputed,
            meeting=meeting,
            outcome=fields.pop("outcome", "confirmed"),
            votes=votes,
            by=fields.pop("by", board[0]),
            today=LATER,
            **fields,
        )

    assert "at a later meeting than the vote's" in refused(
        settle(same, dict.fromkeys(board, "yes"))
    )
    later = _later_meeting(clerk)
    assert "Only a member of the Board in office" in refused(
        settle(later, dict.fromkeys(board, "yes"), by=clerk)
    )
    # Corrected to a no, the 2-1 would be 1-2: the Board takes the matter up again instead.
    assert "the motion would not have carried (1 yes, 2 no)" in refused(
        settle(later, dict.fromkeys(board, "yes"), outcome="corrected", corrected_to="no")
    )
    settle(later, dict.fromkeys(board, "yes"))()
    assert "already" in refused(settle(later, dict.fromkeys(board, "yes")))


def test_the_board_corrects_a_vote_that_does_not_change_the_result(clerk, board):
    decision = _decision(clerk, board, choices=("yes", "yes", "yes"))
    disputed = _dispute(decision, board[2])
    settlement = actions.settle_dispute(
        vote=disputed,
        meeting=_later_meeting(clerk),
        outcome="corrected",
        corrected_to="no",
        votes=dict.fromkeys(board, "yes"),
        by=board[0],
        today=LATER,
    )
    disputed.refresh_from_db()
    assert (disputed.vote, settlement.was) == ("no", "yes")
    assert disputed.history.first().history_user == board[0]
    assert decision.vote_summary == "2 yes, 1 no"


def test_disputed_minutes_are_not_published_until_settled(clerk, board, client):
    minutes = _minutes(clerk, board)
    url = reverse("hearings:public-minutes-detail", args=[minutes.meeting.pk])
    assert client.get(url).status_code == 200
    disputed = _dispute(minutes, board[0])
    assert client.get(url).status_code == 404
    assert minutes not in Minutes.objects.published()
    final = _later_meeting(clerk, on=date(2030, 4, 23))
    actions.settle_dispute(
        vote=disputed,
        meeting=final,
        outcome="confirmed",
        votes=dict.fromkeys(board, "yes"),
        by=board[0],
        today=date(2030, 4, 23),
    )
    assert client.get(url).status_code == 200


def test_a_disputed_amendment_is_not_in_force_and_its_publication_waits(clerk, board):
    amendment = _amendment(clerk, board, published_on=None)
    assert ruleset_on(date(2030, 5, 2)).rules["20-15.4.a"].value("minimum_ft") == 50
    _dispute(amendment, board[0])
    assert "its publication, and its coming into force, waits" in refused(
        lambda: amendment_actions.record_publication(
            amendment=amendment, published_on=LATER, by=board[0], today=LATER
        )
    )
    settled = _amendment(
        clerk, board, value="70", effective_on=date(2030, 6, 1), on=date(2030, 4, 16)
    )
    assert ruleset_on(date(2030, 6, 1)).rules["20-15.4.a"].value("minimum_ft") == 70
    _dispute(settled, board[1])
    # Disputed after its publication: the figure is no longer in force until settled.
    assert ruleset_on(date(2030, 6, 1)).rules["20-15.4.a"].value("minimum_ft") == 50


def test_the_board_settles_a_dispute_on_its_page_and_the_member_sees_it(clerk, board, client):
    decision = _decision(clerk, board)
    disputed = _dispute(decision, board[1])
    later = _later_meeting(clerk)
    with at(LATER, client, clerk):
        page = client.get(reverse("hearings:disputes")).content.decode()
    assert "Could change the result" in page and "I voted no." in page
    with at(LATER, client, board[0]):
        bad = client.post(
            reverse("hearings:dispute-settle", args=[disputed.pk]),
            {"meeting": later.pk, "outcome": "corrected", "reasons": "Typed."},
        )
        assert bad.status_code == 400
        assert "Give the vote the member cast" in bad.content.decode()
        assert "Typed." in bad.content.decode()
        done = client.post(
            reverse("hearings:dispute-settle", args=[disputed.pk]),
            {
                "meeting": later.pk,
                "outcome": "confirmed",
                **{f"vote_{user.pk}": "yes" for user in board},
            },
        )
    assert done.status_code == 302
    assert VoteSettlement.objects.get().outcome == "confirmed"
    with at(LATER, client, board[1]):
        mine = client.get(reverse("hearings:my-votes")).content.decode()
    assert "settling Robert Member&#x27;s dispute" in mine and "the record is confirmed" in mine


# --- An amendment is a lawful vote of the Board (issue 33 finding 3) ----------------------------


def test_an_amendment_voted_seven_to_nothing_on_a_board_of_three_is_refused(clerk, board):
    empty = Meeting.objects.create(date=LATER, time=time(19), place="Nowhere")
    strangers = [make_user(f"stranger{n}", Role.CLERK) for n in range(4)]
    message = refused(
        lambda: amendment_actions.record_amendment(
            rule="20-15.4.a",
            figure="minimum_ft",
            value=Decimal("5"),
            adopted_at=empty,
            votes=dict.fromkeys([*board, *strangers], "yes"),
            effective_on=LATER,
            published_on=LATER,
            by=board[0],
            today=LATER,
        )
    )
    assert "Record who of the Board attended the meeting" in message
    assert "is not a member of the Board on April 9, 2030" in message
    assert not Amendment.objects.exists()
    assert ruleset_on(LATER).rules["20-15.4.a"].value("minimum_ft") == 50


def test_an_amendment_without_a_quorum_or_before_its_publication_is_refused(clerk, board):
    meeting = Meeting.objects.create(date=LATER, time=time(19), place="Town Hall")
    votes, chair = roll_call(meeting, absent=board[1:])
    message = refused(
        lambda: amendment_actions.record_amendment(
            rule="20-20.9",
            figure="notice_days",
            value=Decimal("2"),
            adopted_at=meeting,
            votes=votes,
            effective_on=LATER,
            published_on=date(2030, 4, 10),
            by=chair,
            today=date(2030, 4, 10),
        )
    )
    assert "There is no quorum: 1 of the Board's 3 members was present" in message
    assert "take effect once published (M.G.L. c.111 §31)" in message


def test_the_board_approval_count_is_a_copy_of_its_decisions_roll(clerk, board):
    # BoardApproval.vote_count is listed above as a copy: it reads the decision's own roll.
    item = b.noticed(by=clerk)
    decision = b.decide(item, by=board[0], votes=dict.fromkeys(board, "yes"))
    for approval in BoardApproval.objects.filter(decision=decision):
        assert approval.vote_count == decision.vote_summary
    assert inspect.getsource(mechanism).count("def record_roll_call") == 1
    assert Decision.objects.get().votes.count() == 3
