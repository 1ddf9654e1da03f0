"""The Board's motions as their roll calls record them: what each vote was cast on, whether the
motion carried, and whether a member's unsettled dispute could change that.

Every vote in a member's name is a hearings.models.Vote on one motion: a decision, the approval
of minutes, an amendment of the regulation's figures, the settlement of a disputed vote, or
entering executive session (Vote.SUBJECTS). The reading taken of a dispute: the member says the
record is wrong, and until the Board settles it at a later meeting the vote may have been
anything; it could change the result when, each unsettled disputed vote counted against the
motion, the motion would no longer carry (more yes than no). While it could, what rests on the
motion waits: the permit is not issued, the minutes are not published, the amendment is not in
force.
"""

from __future__ import annotations

from django.core.exceptions import ObjectDoesNotExist

from hearings.loaded_docket import loaded_docket_items
from hearings.models import Decision, ExecutiveSession, Minutes, Vote, VoteSettlement
from permits.amendments.models import Amendment
from stoneham_boh.lib.dates import long_date

FIELD_OF = {
    Decision: "decision",
    Minutes: "minutes",
    Amendment: "amendment",
    VoteSettlement: "settlement",
    ExecutiveSession: "executive_session",
}


def field_of(subject) -> str:
    return FIELD_OF[type(subject)]


def roll_of(subject) -> list[Vote]:
    """The roll call recorded on `subject`, member by member."""
    if subject is None or subject.pk is None:
        return []
    return list(
        Vote.objects.filter(**{field_of(subject): subject}).select_related("member").order_by("id")
    )


def meeting_of(subject):
    """The meeting at which the Board voted the motion."""
    if isinstance(subject, Decision):
        return subject.docket_item.meeting
    if isinstance(subject, Minutes):
        return subject.approved_at
    if isinstance(subject, Amendment):
        return subject.adopted_at
    return subject.meeting


def describe(subject) -> str:
    """The motion in a sentence's words: ``the approval of the minutes of ...``."""
    if isinstance(subject, Decision):
        item = subject.docket_item
        return (
            f"the Board's decision ({subject.get_result_display().lower()}) on "
            f"{item.get_kind_display().lower()}: {item.application}, at the {item.meeting}"
        )
    if isinstance(subject, Minutes):
        return f"the approval of the minutes of the {subject.meeting}, at the {subject.approved_at}"
    if isinstance(subject, Amendment):
        return (
            f"the amendment of rule {subject.rule} ({subject.figure.replace('_', ' ')}) to "
            f"{subject.value.normalize():f}, at the {subject.adopted_at}"
        )
    if isinstance(subject, ExecutiveSession):
        return f"entering executive session under {subject.purpose_cited}, at the {subject.meeting}"
    return (
        f"settling {_name(subject.disputed.member)}'s dispute of their vote on "
        f"{describe(subject.disputed.subject)}, at the {subject.meeting}"
    )


def _name(user) -> str:
    return user.get_full_name() or user.username


def counts(votes) -> tuple[int, int]:
    return (
        sum(1 for v in votes if v.vote == Vote.Choice.YES),
        sum(1 for v in votes if v.vote == Vote.Choice.NO),
    )


def carried(subject) -> bool:
    """More yes than no on the roll as recorded (and as corrected by a settlement)."""
    yes, no = counts(roll_of(subject))
    return yes > no


def settlement_of(vote: Vote) -> VoteSettlement | None:
    try:
        return vote.settled_by
    except ObjectDoesNotExist:
        return None


def is_settled(vote: Vote) -> bool:
    """Settled by the Board's vote: carried on its own roll call, itself not in doubt."""
    settlement = settlement_of(vote)
    return settlement is not None and carried(settlement) and not in_doubt(settlement)


def unsettled(votes) -> list[Vote]:
    return [v for v in votes if v.disputed_at is not None and not is_settled(v)]


def in_doubt(subject) -> list[Vote]:
    """The unsettled disputed votes that could change whether `subject` carried (empty: none
    could, or none is disputed)."""
    votes = roll_of(subject)
    open_ = unsettled(votes)
    if not open_:
        return []
    yes, no = counts(votes)
    open_yes, open_no = counts(open_)
    if (yes - open_yes) > (no - open_no + len(open_)):
        return []
    return open_


def doubt_refusals(subject, what: str) -> list[str]:
    """Why `what` (which rests on `subject`) waits for the Board to settle a dispute."""
    return [
        f"{_name(vote.member)} disputed the vote recorded in their name on "
        f"{describe(subject)} (“{vote.dispute}”, {long_date(vote.disputed_at.date())}). The "
        f"dispute could change the result: {what} waits until the Board settles it by a vote at "
        "a later meeting."
        for vote in in_doubt(subject)
    ]


def application_doubt_refusals(application) -> list[str]:
    """Why the permit of `application` waits: a decision of the Board on it (its approval, a
    variance, an approval of the Board's) whose roll call a member disputes, the dispute
    unsettled and able to change the result (issue 33 finding 14). Nothing is read when the
    page loaded its docket items and none has a disputed vote."""
    # As a page loaded them (permits.facts_loading), each knowing whether a vote on its
    # decision is disputed; None when not loaded.
    items = loaded_docket_items(application)
    if items is not None and all(hasattr(item, "has_disputed_vote") for item in items):
        if not any(item.has_disputed_vote for item in items):
            return []
    elif not Vote.objects.filter(
        decision__docket_item__application=application, disputed_at__isnull=False
    ).exists():
        return []
    decisions = Decision.objects.filter(docket_item__application=application).exclude(
        result=Decision.Result.CONTINUED
    )
    reasons = []
    for decision in decisions.select_related("docket_item__meeting", "docket_item__application"):
        reasons += doubt_refusals(decision, "the permit")
    return reasons
