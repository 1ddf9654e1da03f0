"""The Board's votes are its members' own (issue 38 M3; issue 33 findings 3 and 14).

Stated here, read from the records only (the roll calls, their disputes and settlements, the
meetings' attendance, the roll and the seats as recorded, the amendments and their history):

- every motion of the Board beyond its decisions (board.py judges those) is a lawful vote: the
  approval of minutes, an amendment of the regulation's figures, the settlement of a dispute;
  each has its members' own votes on the roll call, at a meeting held and attended, a quorum of
  the Board's seats present (M.G.L. c.30A §18), by members in office and present, carried;
- an amendment in force is such a vote, published before it binds (M.G.L. c.111 §31), and no
  permit is judged under an amendment that is not: the amendments in force on a permit's day
  are read as the records stood when the permit was recorded (their history);
- a permit or record resting on a vote with an unsettled dispute that could change its result
  is an anomaly: each unsettled disputed vote counted against the motion, it would not carry.
"""

from __future__ import annotations

from django.utils import timezone

from hearings.models import Decision, Meeting, Minutes, Vote, VoteSettlement
from permits.amendments.models import Amendment
from stoneham_boh.lib.dates import long_date

from .anomaly import BREACH, Anomaly, RecordRef, decision_ref, permit_ref
from .board import PRESENT, _in_office, _roll_at, seats
from .open_meeting import VOTE as OPEN_MEETING
from .open_meeting import motion_notice_faults

QUORUM = "M.G.L. c.30A §18"
PUBLICATION = "M.G.L. c.111 §31"


class Votes:
    """Every roll call on file, by motion, and each dispute's settlement."""

    def __init__(self):
        self.by_subject: dict[tuple[str, int], list[Vote]] = {}
        for vote in Vote.objects.order_by("id"):
            field = next(name for name in Vote.SUBJECTS if getattr(vote, f"{name}_id"))
            self.by_subject.setdefault((field, getattr(vote, f"{field}_id")), []).append(vote)
        self.settlements = {s.disputed_id: s for s in VoteSettlement.objects.all()}

    def roll(self, field: str, pk: int) -> list[Vote]:
        return self.by_subject.get((field, pk), [])

    def settled(self, vote: Vote) -> bool:
        """Settled by the Board's vote: carried on its own roll call, itself not in doubt."""
        settlement = self.settlements.get(vote.pk)
        if settlement is None:
            return False
        roll = self.roll("settlement", settlement.pk)
        carried = sum(v.vote == "yes" for v in roll) > sum(v.vote == "no" for v in roll)
        return carried and not self.open_disputes("settlement", settlement.pk)

    def open_disputes(self, field: str, pk: int) -> list[Vote]:
        """The unsettled disputed votes that could change whether the motion carried."""
        votes = self.roll(field, pk)
        open_ = [v for v in votes if v.disputed_at is not None and not self.settled(v)]
        if not open_:
            return []
        yes = sum(v.vote == "yes" for v in votes) - sum(v.vote == "yes" for v in open_)
        no = sum(v.vote == "no" for v in votes) - sum(v.vote == "no" for v in open_) + len(open_)
        return [] if yes > no else open_


def _disputed_sentence(open_: list[Vote]) -> str:
    days = ", ".join(sorted({long_date(timezone.localdate(v.disputed_at)) for v in open_}))
    return (
        f"{len(open_)} member(s) disputed the vote recorded in their name ({days}), unsettled: "
        "the dispute could change the result, and the Board has not settled it."
    )


def motion_faults(register, votes: Votes, field: str, pk: int, meeting, recorded_at) -> list:
    """Why a motion at `meeting` is not a lawful vote of the Board (empty: it is)."""
    roll = votes.roll(field, pk)
    if not roll:
        return [(QUORUM, "No member's own vote is recorded: it is not shown to be the Board's.")]
    faults = []
    if meeting is None or meeting.cancelled:
        faults.append((QUORUM, "It was voted at no meeting held."))
        return faults
    faults += [(OPEN_MEETING, sentence) for sentence in motion_notice_faults(register, meeting)]
    day = meeting.date
    then = _in_office(_roll_at(register.roll_history, recorded_at), day)
    cast = {v.member_id: v.vote for v in roll}
    strangers = [user for user, choice in cast.items() if user not in then and choice != "absent"]
    if strangers:
        faults.append(
            (QUORUM, f"{len(strangers)} vote(s) cast by people not on the roll that day.")
        )
    attended = register.attendance.get(meeting.pk)
    if attended is None:
        faults.append((QUORUM, "The meeting's attendance is not recorded: no quorum is shown."))
        present = sum(1 for user, choice in cast.items() if user in then and choice in PRESENT)
    else:
        present = sum(1 for member in then.values() if attended.get(member))
        absent_voting = [
            user
            for user, member in then.items()
            if not attended.get(member) and cast.get(user, "absent") != "absent"
        ]
        if absent_voting:
            faults.append((QUORUM, f"{len(absent_voting)} vote(s) cast by members absent."))
    membership = seats(register.seats_history, recorded_at, day)
    if membership == 0:
        faults.append((QUORUM, "The Board's number of seats was not recorded by that day."))
    elif present < membership // 2 + 1:
        faults.append(
            (
                QUORUM,
                f"{present} member(s) present of a Board of {membership}: a quorum is "
                f"{membership // 2 + 1}.",
            )
        )
    yes = sum(1 for user, choice in cast.items() if user in then and choice == "yes")
    no = sum(1 for user, choice in cast.items() if user in then and choice == "no")
    if yes <= no:
        faults.append((QUORUM, f"The motion did not carry: {yes} yes, {no} no."))
    return faults


def _first_recorded(model) -> dict:
    return dict(model.history.filter(history_type="+").values_list("id", "history_date"))


def _minutes_ref(minutes) -> RecordRef:
    return RecordRef(
        "minutes",
        minutes.meeting_id,
        f"Minutes of the meeting of {long_date(minutes.meeting.date)}",
        "hearings:minutes",
    )


def _amendment_ref(amendment) -> RecordRef:
    return RecordRef(
        "amendment",
        amendment.pk,
        f"Amendment of rule {amendment.rule} ({amendment.figure}) voted "
        f"{long_date(amendment.adopted_at.date)}",
        "amendments:detail",
    )


def check_votes(register) -> list[Anomaly]:
    votes = Votes()
    found = []
    found += _minutes(register, votes)
    unlawful = _amendments(register, votes, found)
    found += _judged_under(register, unlawful)
    found += _settlements(register, votes)
    found += _resting_on_disputes(register, votes)
    return found


def _minutes(register, votes: Votes) -> list[Anomaly]:
    found = []
    approved_at = dict(
        Minutes.history.filter(approved_on__isnull=False)
        .order_by("-history_date")
        .values_list("id", "history_date")
    )
    for minutes in Minutes.objects.filter(approved_on__isnull=False).select_related(
        "meeting", "approved_at"
    ):
        faults = motion_faults(
            register,
            votes,
            "minutes",
            minutes.pk,
            minutes.approved_at,
            approved_at.get(minutes.pk) or timezone.now(),
        )
        found += [
            Anomaly("votes", provision, _minutes_ref(minutes), f"Their approval: {sentence}")
            for provision, sentence in faults
        ]
    return found


def _amendments(register, votes: Votes, found: list) -> dict[int, tuple]:
    """Report every standing amendment that is not a lawful vote, published before it binds;
    return them, and those whose vote an unsettled dispute could change, for the permits
    judged under them: pk -> (why, the moment from which the product stopped counting it)."""
    recorded = _first_recorded(Amendment)
    unlawful = {}
    for amendment in Amendment.objects.filter(voided_on__isnull=True).select_related("adopted_at"):
        faults = motion_faults(
            register,
            votes,
            "amendment",
            amendment.pk,
            amendment.adopted_at,
            recorded.get(amendment.pk) or timezone.now(),
        )
        published = amendment.published_on
        if published is not None and published < amendment.adopted_at.date:
            faults.append((PUBLICATION, "Its publication is dated before the vote."))
        if published is not None and published > amendment.effective_on:
            faults.append(
                (
                    PUBLICATION,
                    f"Published on {long_date(published)}, after the effective date the Board "
                    f"voted ({long_date(amendment.effective_on)}): not published before it "
                    "was to bind.",
                )
            )
        ref = _amendment_ref(amendment)
        found += [Anomaly("votes", p, ref, s, BREACH) for p, s in faults]
        if faults:
            unlawful[amendment.pk] = (faults[0][1], None)
        elif open_ := votes.open_disputes("amendment", amendment.pk):
            # Not in force while disputed (hearings.ruleset_in_force.voted): a permit judged
            # under it before the dispute rests on it; one judged after was judged without it.
            first = min(v.disputed_at for v in open_)
            unlawful[amendment.pk] = (_disputed_sentence(open_), first)
    found += _voided_in_force()
    return unlawful


def _voided_in_force() -> list[Anomaly]:
    """A void is for a record made in error before it bound anyone: one voided once in force
    takes a figure out of the regulation of days already judged by it (c.111 §31)."""
    found = []
    for amendment in Amendment.objects.filter(
        voided_on__isnull=False, published_on__isnull=False
    ).select_related("adopted_at"):
        began = max(amendment.effective_on, amendment.published_on)
        if amendment.voided_on >= began:
            found.append(
                Anomaly(
                    "votes",
                    PUBLICATION,
                    _amendment_ref(amendment),
                    f"Voided on {long_date(amendment.voided_on)}, after it came in force on "
                    f"{long_date(began)}: a figure in force is changed by a new vote of the "
                    "Board, not by a void.",
                    BREACH,
                )
            )
    return found


def _in_force_as_recorded(history: dict, moment, day) -> list:
    """The amendments in force on `day` as the records stood at `moment`: published by then,
    not void, in force from the later of their effective day and their publication."""
    found = []
    for rows in history.values():
        latest = None
        for row in rows:
            if row.history_date > moment:
                break
            latest = row
        if latest is None or latest.history_type == "-" or latest.voided_on is not None:
            continue
        if latest.published_on is None:
            continue
        if max(latest.effective_on, latest.published_on) <= day:
            found.append(latest)
    return found


def _judged_under(register, unlawful: dict) -> list[Anomaly]:
    """A permit judged under an amendment that is not a lawful vote of the Board."""
    if not unlawful:
        return []
    history: dict = {}
    for row in Amendment.history.filter(id__in=list(unlawful)).order_by("history_date"):
        history.setdefault(row.id, []).append(row)
    found = []
    for permit in register.permits:
        day = permit.register_accepted_on if permit.legacy else permit.issued_on
        moment = register.permit_recorded_at.get(permit.pk)
        if day is None or moment is None:
            continue
        for row in _in_force_as_recorded(history, moment, day):
            why, until = unlawful[row.id]
            if until is not None and moment >= until:
                continue
            found.append(
                Anomaly(
                    "votes",
                    PUBLICATION,
                    permit_ref(permit),
                    f"Judged on {long_date(day)} under the amendment of rule {row.rule} "
                    f"({row.figure} = {row.value.normalize():f}), which is not a lawful vote of "
                    f"the Board: {why}",
                    BREACH,
                )
            )
    return found


def _settlements(register, votes: Votes) -> list[Anomaly]:
    found = []
    recorded = _first_recorded(VoteSettlement)
    meetings = {m.pk: m for m in Meeting.objects.filter(settlements__isnull=False).distinct()}
    for settlement in votes.settlements.values():
        meeting = meetings.get(settlement.meeting_id)
        faults = motion_faults(
            register,
            votes,
            "settlement",
            settlement.pk,
            meeting,
            recorded.get(settlement.pk) or timezone.now(),
        )
        disputed_on = timezone.localdate(settlement.disputed.disputed_at)
        if meeting is not None and meeting.date < disputed_on:
            faults.append((QUORUM, "It was voted at a meeting held before the dispute."))
        ref = RecordRef(
            "settlement",
            settlement.pk,
            f"Settlement of a disputed vote at the meeting of "
            f"{long_date(meeting.date) if meeting else '?'}",
        )
        found += [Anomaly("votes", p, ref, s, BREACH) for p, s in faults]
    return found


# Decisions carried out as they were recorded: what rests on them exists at once.
CARRIED_OUT = ("revocation", "variance_rescission", "register_acceptance")


def _resting_on_disputes(register, votes: Votes) -> list[Anomaly]:
    """Permits and records resting on a decision, or on an amendment in force, whose unsettled
    dispute could change its result."""
    found = []
    permits_by_application: dict = {}
    for permit in register.permits:
        permits_by_application.setdefault(permit.application_id, []).append(permit)
    revoked_by_item = {
        p.docket_item_id: p.permit_id
        for proceedings in register.proceedings_by_permit.values()
        for p in proceedings
    }
    for decision in register.decisions:
        open_ = votes.open_disputes("decision", decision.pk)
        if not open_ or decision.result == Decision.Result.CONTINUED:
            continue
        item = decision.docket_item
        sentence = f"It rests on the Board's decision of {long_date(decision.decided_on)}. "
        sentence += _disputed_sentence(open_)
        resting = list(permits_by_application.get(item.application_id, []))
        if item.kind == "revocation":
            revoked = register.by_pk.get(revoked_by_item.get(item.pk))
            resting = [revoked] if revoked else []
        elif item.kind == "variance_rescission":
            resting = []
        for permit in resting:
            found.append(Anomaly("votes", QUORUM, permit_ref(permit), sentence, BREACH))
        if not resting and item.kind in CARRIED_OUT:
            found.append(
                Anomaly("votes", QUORUM, decision_ref(decision, item), _disputed_sentence(open_))
            )
    return found
