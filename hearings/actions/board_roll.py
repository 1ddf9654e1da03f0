"""The Board's roll, kept by the administrator: its number of seats, its members'
appointments and the ends of their terms.
"""

from __future__ import annotations

from datetime import date

from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from hearings.actions._common import refuse_if
from hearings.models import BoardMember, BoardSeats
from hearings.notifications import notify_board_roll_changed
from stoneham_boh.accounts.roles import Role, roles_of
from stoneham_boh.lib.dates import long_date
from stoneham_boh.lib.history import save_as


def _administrator_refusals(by, what: str) -> list[str]:
    if Role.ADMIN.value not in roles_of(by):
        return [f"Only the administrator {what}: the Board's roll is not the clerk's."]
    return []


def _not_back_dated(day: date, today: date, what: str) -> list[str]:
    if day < today:
        return [
            f"{what} cannot be back-dated before today ({long_date(today)}): the Board's past "
            "votes were counted on the roll as it stood."
        ]
    return []


def _roll_changed(record, subject: str, body: str, *users) -> None:
    notify_board_roll_changed(record.pk, subject, body, *(user.pk for user in users))


@transaction.atomic
def set_board_seats(
    *, seats: int, effective_on: date, authority: str, by, today: date | None = None
) -> BoardSeats:
    """Record how many seats the Board has from `effective_on`: its full membership, of which a
    quorum is a majority (M.G.L. c.30A §18), however many members are in office."""
    today = today or timezone.localdate()
    reasons = _administrator_refusals(by, "records the Board's number of seats")
    if seats is None or seats < 1:
        reasons.append("The Board has at least one seat.")
    elif seats > 15:
        reasons.append("Give the number of seats the by-law sets (at most 15).")
    reasons += _not_back_dated(effective_on, today, "A change to the Board's seats")
    if not authority.strip():
        reasons.append("Name the by-law, charter or vote that sets the number of seats.")
    in_office = BoardMember.objects.in_office(effective_on).count()
    if seats and seats < in_office:
        reasons.append(
            f"{in_office} members are in office on {long_date(effective_on)}: end terms first."
        )
    refuse_if(reasons, "The Board's seats cannot be recorded.")
    record = save_as(
        BoardSeats(seats=seats, effective_on=effective_on, authority=authority.strip()[:300]), by
    )
    _roll_changed(
        record,
        "the number of seats",
        f"From {long_date(effective_on)} the Board has {seats} seats ({record.authority}); a "
        f"quorum is {seats // 2 + 1}. Recorded by {by.get_full_name() or by}.",
    )
    return record


@transaction.atomic
def appoint_board_member(
    *,
    user,
    name: str,
    appointed_on: date,
    term_start: date,
    appointing_document: str,
    by,
    term_end: date | None = None,
    chair: bool = False,
    today: date | None = None,
) -> BoardMember:
    """Record a member's appointment to the Board for a term, from the appointing document.

    The administrator keeps the roll; a term never starts before today (the quorum of every
    past vote was counted on the roll as it stood), nor fills more seats than the Board has.
    """
    today = today or timezone.localdate()
    reasons = _administrator_refusals(by, "appoints members of the Board")
    if not name.strip():
        reasons.append("Give the member's name as it is printed on decisions.")
    if not appointing_document.strip():
        reasons.append("Name the appointing document (the vote or letter of appointment).")
    if appointed_on > today:
        reasons.append("The appointment cannot be dated in the future.")
    if term_start < appointed_on:
        reasons.append("The term cannot begin before the appointment.")
    reasons += _not_back_dated(term_start, today, "A term")
    if term_end is not None and term_end < term_start:
        reasons.append("The term cannot end before it begins.")
    names = roles_of(user)
    if Role.BOARD.value not in names:
        reasons.append(
            f"{user.get_full_name() or user} has no Board log-in: give it the role first."
        )
    if user.is_superuser:
        reasons.append(
            "An administrator's log-in cannot sit on the Board: give the member their own."
        )
    overlapping = BoardMember.objects.filter(user=user).filter(
        Q(term_end__isnull=True) | Q(term_end__gte=term_start)
    )
    if term_end is not None:
        overlapping = overlapping.filter(term_start__lte=term_end)
    if overlapping.exists():
        reasons.append("A term of this member overlaps these dates: end it first.")
    seats = BoardSeats.objects.in_force(term_start)
    if seats is None:
        reasons.append("Record the Board's number of seats first: its quorum is counted on them.")
    elif BoardMember.objects.in_office(term_start).count() >= seats.seats:
        reasons.append(f"Every one of the Board's {seats.seats} seats is filled on that day.")
    if chair and BoardMember.objects.in_office(term_start).filter(chair=True).exists():
        reasons.append("The Board has a chair in office on that day.")
    refuse_if(reasons, "The member cannot be appointed.")
    member = save_as(
        BoardMember(
            user=user,
            name=name.strip(),
            appointed_on=appointed_on,
            appointing_document=appointing_document.strip()[:300],
            chair=chair,
            term_start=term_start,
            term_end=term_end,
        ),
        by,
    )
    until = f" to {long_date(term_end)}" if term_end else ""
    _roll_changed(
        member,
        f"{member.name} appointed",
        f"{member.name} is appointed to the Board{' as its chair' if chair else ''} "
        f"({member.appointing_document}), for a term from {long_date(term_start)}{until}. "
        f"Recorded by {by.get_full_name() or by}.",
        user,
    )
    return member


@transaction.atomic
def end_board_term(
    *, member: BoardMember, term_end: date, reason: str, by, today: date | None = None
) -> BoardMember:
    """A member leaves the Board: the term ends, never before today, the record of it stays."""
    today = today or timezone.localdate()
    member = BoardMember.objects.select_for_update().get(pk=member.pk)
    reasons = _administrator_refusals(by, "ends a Board member's term")
    if term_end < member.term_start:
        reasons.append("The term cannot end before it begins.")
    if member.term_end is not None and member.term_end < term_end:
        reasons.append(f"The term already ended on {long_date(member.term_end)}.")
    reasons += _not_back_dated(term_end, today, "The end of a term")
    if not reason.strip():
        reasons.append("Say why the term ends (resignation, term expired, removal...).")
    refuse_if(reasons, "The term cannot be ended.")
    member.term_end = term_end
    member.term_end_reason = reason.strip()[:300]
    save_as(member, by)
    _roll_changed(
        member,
        f"{member.name}'s term ends",
        f"{member.name}'s term on the Board ends on {long_date(term_end)}: "
        f"{member.term_end_reason}. "
        f"Recorded by {by.get_full_name() or by}.",
        member.user,
    )
    return member
