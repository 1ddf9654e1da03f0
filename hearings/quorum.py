"""Who may decide for the Board: its members in office, a quorum of them present, a majority
of those voting.

The reading taken: a quorum is a majority of the members in office on the day of the
decision; those present are the members who cast any vote but "absent" (abstaining or being
recused is being present); "those voting" are the yes and no votes, so an abstention neither
helps nor defeats a motion.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date

from hearings.models import BoardMember, Vote

PRESENT = (Vote.Choice.YES, Vote.Choice.NO, Vote.Choice.ABSTAIN, Vote.Choice.RECUSED)


@dataclass(frozen=True)
class Tally:
    """The votes on one motion, each member in office with a vote (absent when none cast)."""

    in_office: list[BoardMember]
    votes: dict[int, str]  # user id -> vote, for every member in office

    @property
    def quorum(self) -> int:
        return len(self.in_office) // 2 + 1

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


def tally(votes: Mapping, on: date) -> tuple[Tally, list[str]]:
    """The tally of `votes` (user -> vote) against the Board in office `on`, and every reason
    it decides nothing."""
    in_office = list(BoardMember.objects.in_office(on).select_related("user").order_by("name"))
    members = {member.user_id: member for member in in_office}
    reasons = []
    for user, choice in votes.items():
        if choice not in Vote.Choice.values:
            reasons.append(f"“{choice}” is not a vote.")
        if user.pk not in members:
            reasons.append(f"{_name(user)} is not a member of the Board on {on:%B %-d, %Y}.")
    cast = {user.pk: choice for user, choice in votes.items() if user.pk in members}
    result = Tally(
        in_office=in_office,
        votes={pk: cast.get(pk) or Vote.Choice.ABSENT for pk in members},
    )
    if not in_office:
        reasons.append(f"No member of the Board is recorded in office on {on:%B %-d, %Y}.")
    elif not any(choice != Vote.Choice.ABSENT for choice in cast.values()):
        reasons.append("Record each member's vote.")
    elif result.present < result.quorum:
        reasons.append(
            f"There is no quorum: {result.present} of the {len(in_office)} members in office "
            f"{'was' if result.present == 1 else 'were'} present, and {result.quorum} are "
            "needed. The Board decides nothing without a quorum."
        )
    elif not result.carried:
        yes, no = result.count(Vote.Choice.YES), result.count(Vote.Choice.NO)
        reasons.append(f"The motion did not carry: {yes} yes and {no} no.")
    return result, reasons
