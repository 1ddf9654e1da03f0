"""The Board's decisions: each taken by a quorum of the Board as its roll stood on the day.

The roll is read from the history of the Board's members as recorded when the decision was
recorded, and as recorded at the start of that day: a term ended later that day, or ended
after the fact, leaves its seat counted (a quorum is a majority of the Board's membership,
not of whoever is left: M.G.L. c.30A §18). The majority is of the Board's seats as recorded
(BoardSeats) by then; the members present are read from the meeting's recorded attendance.
"""

from __future__ import annotations

from datetime import datetime

from django.conf import settings
from django.utils import timezone

from stoneham_boh.lib.dates import long_date, month_day
from stoneham_boh.town.calendar import days_before

from .anomaly import BREACH, Anomaly, decision_ref

PRESENT = ("yes", "no", "abstain", "recused")


def _roll_at(history: list, moment: datetime) -> dict:
    """member pk -> (user id, term start, term end) as the roll stood at `moment`."""
    roll = {}
    for row in history:
        if row.history_date > moment:
            break
        if row.history_type == "-":
            roll.pop(row.id, None)
        else:
            roll[row.id] = (row.user_id, row.term_start, row.term_end)
    return roll


def _in_office(roll: dict, day) -> dict:
    """user id -> member pk of those whose term covers `day`."""
    return {
        user: pk
        for pk, (user, start, end) in roll.items()
        if start <= day and (end is None or end >= day)
    }


def seats(history: list, moment: datetime, day) -> int:
    """The Board's full membership on `day` as the seats were recorded by `moment` (0: none)."""
    rows: dict = {}
    for row in history:
        if row.history_date > moment:
            break
        if row.history_type == "-":
            rows.pop(row.id, None)
        else:
            rows[row.id] = (row.effective_on, row.id, row.seats)
    in_force = [r for r in rows.values() if r[0] <= day]
    return max(in_force)[2] if in_force else 0


def check_decisions(register) -> list[Anomaly]:
    found = []
    for decision in register.decisions:
        item = decision.docket_item
        faults = _faults(register, decision, item)
        register.decision_faults[decision.pk] = faults
        found += [
            Anomaly("board", provision, decision_ref(decision, item), sentence, BREACH)
            for provision, sentence in faults
        ]
    return found


def _faults(register, decision, item) -> list[tuple[str, str]]:
    day = decision.decided_on
    recorded = register.decision_recorded_at.get(decision.pk) or timezone.now()
    then = _in_office(_roll_at(register.roll_history, recorded), day)
    votes = {v.member_id: v.vote for v in decision.votes.all()}
    faults = []
    strangers = [user for user in votes if user not in then and votes[user] != "absent"]
    if strangers:
        faults.append(
            (
                "M.G.L. c.30A §18",
                f"{len(strangers)} vote(s) were cast by people not on the Board's roll on "
                f"{long_date(day)}.",
            )
        )
    attended = register.attendance.get(item.meeting_id)
    if attended is None:
        faults.append(
            (
                "M.G.L. c.30A §18",
                "The meeting's attendance is not recorded: its quorum cannot be shown.",
            )
        )
        present = sum(1 for user, v in votes.items() if user in then and v in PRESENT)
    else:
        present = sum(1 for pk in then.values() if attended.get(pk))
        absent_voting = [
            user
            for user, pk in then.items()
            if not attended.get(pk) and votes.get(user, "absent") != "absent"
        ]
        if absent_voting:
            faults.append(
                (
                    "M.G.L. c.30A §18",
                    f"{len(absent_voting)} vote(s) were cast by members recorded absent.",
                )
            )
    membership = seats(register.seats_history, recorded, day)
    quorum = membership // 2 + 1
    if membership == 0:
        faults.append(
            ("M.G.L. c.30A §18", "The Board's number of seats was not recorded by that day.")
        )
    elif not then:
        faults.append(("M.G.L. c.30A §18", "No member of the Board was in office that day."))
    elif present < quorum:
        faults.append(
            (
                "M.G.L. c.30A §18",
                f"{present} member(s) present of a Board of {membership}: a quorum is "
                f"{quorum}. The Board decides nothing without a quorum.",
            )
        )
    yes = sum(1 for user, v in votes.items() if user in then and v == "yes")
    no = sum(1 for user, v in votes.items() if user in then and v == "no")
    if decision.result != "continued" and yes <= no:
        faults.append(("M.G.L. c.30A §18", f"The motion did not carry: {yes} yes, {no} no."))
    if item.kind == "revocation":
        faults += _holder_notice(register, decision, item)
    return faults


def _holder_notice(register, decision, item) -> list[tuple[str, str]]:
    proceeding = next(
        (
            p
            for ps in register.proceedings_by_permit.values()
            for p in ps
            if p.docket_item_id == item.pk
        ),
        None,
    )
    if proceeding is None:
        return []
    notified = proceeding.holder_notified_on
    minimum = settings.REVOCATION_NOTICE_DAYS
    if notified is None or notified > days_before(item.meeting.date, minimum):
        given = "no notice recorded" if notified is None else f"mailed {month_day(notified)}"
        return [
            (
                "§20-20(5)",
                "The holder was not given written notice of the revocation hearing in time "
                f"({given}).",
            )
        ]
    return []
