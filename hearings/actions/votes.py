"""Every vote in a member's name, through one mechanism (issue 38 M3, issue 33 finding 14).

A motion of the Board (a decision, the approval of minutes, an amendment of the regulation's
figures, the settlement of a disputed vote) is voted at a meeting by roll call:

- `call_roll` counts the votes against the roll in office, the meeting's attendance and the
  Board's seats (hearings.quorum.tally), and says who may record them: the chair, or a member
  present presiding in the chair's absence; never the administrator or the clerk alone;
- `record_roll_call` writes one Vote per member in office on the motion, and e-mails each
  member the vote recorded in their name;
- `dispute_vote` is the member's own, from their log-in, for a vote on any motion;
- `settle_dispute` is the Board's vote at a later meeting confirming or correcting the record,
  itself called and recorded by the two functions above.

A test (tests/hearings/actions/test_votes.py) enumerates the kinds of vote and fails when an
action records one another way.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date

from django.db import transaction
from django.utils import timezone

from hearings import motions
from hearings.actions._common import member_in_office, refuse_if
from hearings.models import BoardMember, MeetingAttendance, Vote, VoteSettlement
from hearings.notifications import notify_votes_recorded
from hearings.open_meeting import motion_refusals
from hearings.quorum import Tally, attendance_of, tally
from hearings.ruleset_in_force import reread_amendments
from stoneham_boh.lib.dates import long_date
from stoneham_boh.lib.history import save_as


def recorder_refusals(meeting, by) -> list[str]:
    """The chair records the Board's roll call; when the chair is absent, a member present
    presides and records it. Nobody else does, the administrator included: the roll, not a
    role, says who sits on the Board."""
    member = member_in_office(by, meeting.date)
    if member is None:
        return [
            "Only a member of the Board in office on the day of the meeting records its "
            "votes (the administrator and the clerk do not sit on the Board)."
        ]
    attended = MeetingAttendance.objects.filter(meeting=meeting)
    mine = attended.filter(member=member).first()
    if mine is not None and not mine.present:
        return [f"{member.name} was absent from the meeting and cannot record its votes."]
    chair = BoardMember.objects.in_office(meeting.date).filter(chair=True).first()
    if chair is not None and chair.pk != member.pk:
        chair_there = attended.filter(member=chair, mode__in=MeetingAttendance.PRESENT).exists()
        if chair_there:
            return [f"The chair ({chair.name}) records the roll call of the Board's votes."]
    return []


def call_roll(votes: Mapping, *, meeting, by) -> tuple[Tally, list[str]]:
    """The tally of `votes` (user -> vote) at `meeting`, and every reason it decides nothing:
    who records it, the roll, the attendance, the quorum of the seats, the majority."""
    the_tally, reasons = tally(votes, meeting=meeting)
    return the_tally, recorder_refusals(meeting, by) + reasons


def record_roll_call(subject, the_tally: Tally, *, by) -> list[Vote]:
    """One Vote per member in office on `subject`, each e-mailed to its member once committed."""
    field = motions.field_of(subject)
    members = {member.user_id: member.user for member in the_tally.in_office}
    recorded = [
        save_as(Vote(**{field: subject}, member=members[user_id], vote=choice), by)
        for user_id, choice in the_tally.votes.items()
    ]
    notify_votes_recorded(subject)
    return recorded


def _amendments_reread(vote: Vote) -> None:
    """A dispute or a settlement on an amendment's roll changes whether it is in force."""
    subject = vote.subject
    while isinstance(subject, VoteSettlement):
        subject = subject.disputed.subject
    if motions.field_of(subject) == "amendment":
        reread_amendments(subject.town)


@transaction.atomic
def dispute_vote(*, vote: Vote, statement: str, by) -> Vote:
    """A member says the vote recorded in their name is not how they voted: the dispute is kept
    on the motion for the Board to settle at a later meeting; what rests on the motion waits
    while the dispute could change its result (hearings.motions)."""
    vote = Vote.objects.select_for_update().get(pk=vote.pk)
    reasons = []
    if by.pk != vote.member_id:
        reasons.append("Only the member whose vote it is can dispute it.")
    if vote.disputed_at is not None:
        reasons.append("This vote is already disputed.")
    if not statement.strip():
        reasons.append("Say how you voted, or what is wrong with the record.")
    refuse_if(reasons, "The vote cannot be disputed.")
    vote.disputed_at = timezone.now()
    vote.dispute = statement.strip()[:2000]
    save_as(vote, by)
    _amendments_reread(vote)
    return vote


def _correction_refusals(vote: Vote, outcome: str, corrected_to: str) -> list[str]:
    if outcome == VoteSettlement.Outcome.CONFIRMED:
        return [] if not corrected_to else ["A confirmed record keeps the vote as recorded."]
    if outcome != VoteSettlement.Outcome.CORRECTED:
        return ["Say whether the Board confirms the record or corrects it."]
    if corrected_to not in Vote.Choice.values:
        return ["Give the vote the member cast, as the Board corrects the record."]
    if corrected_to == vote.vote:
        return ["The correction gives the vote already recorded: confirm the record instead."]
    subject = vote.subject
    meeting = motions.meeting_of(subject)
    member = BoardMember.objects.in_office(meeting.date).filter(user_id=vote.member_id).first()
    row = attendance_of(meeting).get(member.pk) if member is not None else None
    reasons = []
    if row is not None and row.present and corrected_to == Vote.Choice.ABSENT:
        reasons.append("The member attended that meeting: correct the vote they cast.")
    if row is not None and not row.present and corrected_to != Vote.Choice.ABSENT:
        reasons.append("The member was recorded absent from that meeting and had no vote.")
    votes = motions.roll_of(subject)
    yes, no = motions.counts([v for v in votes if v.pk != vote.pk])
    yes += corrected_to == Vote.Choice.YES
    no += corrected_to == Vote.Choice.NO
    if motions.carried(subject) and yes <= no:
        # Reading taken: a correction that undoes a motion carried leaves records made on its
        # strength (a permit, published minutes, a figure in force) resting on nothing; the
        # Board takes the matter up again by a new motion instead.
        reasons.append(
            f"Corrected so, the motion would not have carried ({yes} yes, {no} no): the Board "
            "takes up the matter again by a new motion rather than correcting one vote."
        )
    return reasons


@transaction.atomic
def settle_dispute(
    *,
    vote: Vote,
    meeting,
    outcome: str,
    votes: Mapping,
    by,
    corrected_to: str = "",
    reasons: str = "",
    today: date | None = None,
) -> VoteSettlement:
    """The Board settles a member's dispute by a vote at a later meeting, attended and with a
    quorum of its seats: the record is confirmed, or corrected to the vote the member cast.
    The settlement's own roll call is recorded like every vote (and may be disputed)."""
    today = today or timezone.localdate()
    vote = Vote.objects.select_for_update().get(pk=vote.pk)
    problems = []
    if vote.disputed_at is None:
        problems.append("The vote is not disputed: there is nothing to settle.")
    if motions.settlement_of(vote) is not None:
        problems.append("The Board has settled this dispute already.")
    if meeting.cancelled:
        problems.append("That meeting was cancelled: the Board voted nothing at it.")
    if meeting.date > today:
        problems.append("That meeting has not yet been held.")
    held = motions.meeting_of(vote.subject)
    if vote.disputed_at is not None and meeting.date < timezone.localdate(vote.disputed_at):
        problems.append(
            "The Board settles a dispute at a meeting held after it was made "
            f"({long_date(timezone.localdate(vote.disputed_at))})."
        )
    elif held is not None and meeting.date <= held.date:
        problems.append("The Board settles a dispute at a later meeting than the vote's.")
    if vote.disputed_at is not None:
        problems += _correction_refusals(vote, outcome, corrected_to)
    problems += motion_refusals(meeting, "the settlement of a disputed vote")
    the_tally, roll_problems = call_roll(votes, meeting=meeting, by=by)
    problems += roll_problems
    refuse_if(problems, "The dispute cannot be settled.")
    settlement = save_as(
        VoteSettlement(
            disputed=vote,
            meeting=meeting,
            outcome=outcome,
            corrected_to=corrected_to if outcome == VoteSettlement.Outcome.CORRECTED else "",
            was=vote.vote,
            reasons=reasons.strip()[:2000],
            recorded_by=by,
            full_membership=the_tally.full_membership,
            present=the_tally.present,
        ),
        by,
    )
    record_roll_call(settlement, the_tally, by=by)
    if outcome == VoteSettlement.Outcome.CORRECTED:
        vote.vote = corrected_to
        save_as(vote, by)
    _amendments_reread(vote)
    return settlement
