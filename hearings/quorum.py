"""Who may decide for the Board: its members in office, a quorum of its full membership
present, a majority of those voting.

The reading taken: a quorum is a majority of the Board's full membership (its number of seats,
BoardSeats), not of the members in office: M.G.L. c.30A §18 counts "a simple majority of the
members of the public body", so vacancies do not shrink it. Who is in office and who attended
are read from the records of the meeting's day: the roll (never back-dated) and the meeting's
attendance (MeetingAttendance), never a form's defaults. A member present votes yes, no,
abstains or is recused ("those voting" are the yes and no votes, so an abstention neither helps
nor defeats a motion); a member recorded absent has no vote. When anyone took part remotely,
every vote is a roll call.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date

from hearings.models import BoardMember, BoardSeats, MeetingAttendance, Vote
from stoneham_boh.lib.dates import long_date
from stoneham_boh.town.current import current_town

REMOTE_CITATION = "940 CMR 29.10(4)(b)"

PRESENT = (Vote.Choice.YES, Vote.Choice.NO, Vote.Choice.ABSTAIN, Vote.Choice.RECUSED)


@dataclass(frozen=True)
class Tally:
    """The votes on one motion, each member in office with a vote (absent when none cast)."""

    in_office: list[BoardMember]
    votes: dict[int, str]  # user id -> vote, for every member in office
    full_membership: int = 0
    roll_call: bool = False

    @property
    def quorum(self) -> int:
        return self.full_membership // 2 + 1

    def count(self, *choices) -> int:
        return sum(1 for vote in self.votes.values() if vote in choices)

    @property
    def present(self) -> int:
        return self.count(*PRESENT)

    @property
    def carried(self) -> bool:
        return self.count(Vote.Choice.YES) > self.count(Vote.Choice.NO)


def _name(user) -> str:
    return user.get_full_name() or user.username


def attendance_of(meeting) -> dict[int, MeetingAttendance]:
    """The meeting's attendance, by member (BoardMember id)."""
    return {row.member_id: row for row in MeetingAttendance.objects.filter(meeting=meeting)}


def tally(votes: Mapping, *, meeting, on: date | None = None) -> tuple[Tally, list[str]]:
    """The tally of `votes` (user -> vote) at `meeting` against the Board in office on its day,
    its attendance and its full membership, and every reason it decides nothing."""
    on = on or meeting.date
    in_office = list(BoardMember.objects.in_office(on).select_related("user").order_by("name"))
    members = {member.user_id: member for member in in_office}
    seats = BoardSeats.objects.in_force(on)
    attended = attendance_of(meeting)
    reasons = []
    if seats is None:
        reasons.append(
            "The Board's number of seats is not recorded: the administrator records it, and a "
            "quorum is a majority of them (M.G.L. c.30A §18)."
        )
    if not attended:
        reasons.append(
            "Record who of the Board attended the meeting (in person, remotely or absent) "
            "before its votes: the quorum is counted from it."
        )
    for user, choice in votes.items():
        if choice not in Vote.Choice.values:
            reasons.append(f"“{choice}” is not a vote.")
        if user.pk not in members:
            reasons.append(f"{_name(user)} is not a member of the Board on {long_date(on)}.")
    cast = {user.pk: choice for user, choice in votes.items() if user.pk in members}
    recorded = {}
    for pk, member in members.items():
        row = attended.get(member.pk)
        choice = cast.get(pk) or Vote.Choice.ABSENT
        if attended and row is None:
            reasons.append(f"The attendance does not say whether {member.name} attended.")
        elif row is not None and not row.present and choice != Vote.Choice.ABSENT:
            reasons.append(f"{member.name} was absent from the meeting and cannot vote.")
            choice = Vote.Choice.ABSENT
        elif row is not None and row.present and choice == Vote.Choice.ABSENT:
            reasons.append(
                f"Record each member's vote: {member.name} was present at the meeting, and "
                "votes yes, no, abstains or is recused."
            )
        recorded[pk] = choice
    result = Tally(
        in_office=in_office,
        votes=recorded,
        full_membership=seats.seats if seats else 0,
        roll_call=any(row.mode == MeetingAttendance.Mode.REMOTE for row in attended.values()),
    )
    in_office_ids = {member.pk for member in in_office}
    present = sum(1 for row in attended.values() if row.present and row.member_id in in_office_ids)
    if not in_office:
        reasons.append(f"No member of the Board is recorded in office on {long_date(on)}.")
    elif seats is not None and attended and present < result.quorum:
        reasons.append(
            f"There is no quorum: {present} of the Board's {result.full_membership} members "
            f"{'was' if present == 1 else 'were'} present, and {result.quorum} are needed (a "
            "majority of the full membership, M.G.L. c.30A §18). The Board decides nothing "
            "without a quorum."
        )
    elif seats is not None and attended and (physical := _in_the_room(attended, on, result)):
        reasons.append(physical)
    elif not reasons and not result.carried:
        yes, no = result.count(Vote.Choice.YES), result.count(Vote.Choice.NO)
        reasons.append(f"The motion did not carry: {yes} yes and {no} no.")
    return result, reasons


def _in_the_room(attended: dict, on: date, result: Tally) -> str:
    """Once the temporary relief has ended, the chair and a quorum must be physically present
    (940 CMR 29.10(4)(b)); a reason the meeting decides nothing, or "" when it may."""
    ends = current_town().remote_relief_ends
    if ends is None or on <= ends:
        return ""
    in_person = [row for row in attended.values() if row.mode == MeetingAttendance.Mode.IN_PERSON]
    remote_chair = [
        row.member.name
        for row in attended.values()
        if row.member.chair and row.mode == MeetingAttendance.Mode.REMOTE
    ]
    after = f"Since the remote-meeting relief ended on {long_date(ends)}"
    if len(in_person) < result.quorum:
        return (
            f"{after}, a quorum must be physically present at the meeting place: "
            f"{len(in_person)} of the {result.quorum} needed were in the room "
            f"({REMOTE_CITATION}). The Board decides nothing there."
        )
    if remote_chair:
        return (
            f"{after}, the chair must be physically present: {remote_chair[0]} took part "
            f"remotely ({REMOTE_CITATION}). A member in the room chairs instead, recorded so."
        )
    return ""
