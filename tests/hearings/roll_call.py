"""A lawful roll call at a meeting, built through the actions: the Board in office (three
members appointed if none is), its attendance recorded, every member present voting."""

from __future__ import annotations

from hearings import actions
from hearings.models import BoardMember, MeetingAttendance
from stoneham_boh.accounts.roles import Role
from tests.conftest import make_user


def board_in_office(on) -> list:
    members = list(BoardMember.objects.in_office(on).select_related("user").order_by("name"))
    if not members:
        for n in range(3):
            make_user(f"roll-member{n}", Role.BOARD, first_name=f"Member{n}", last_name="Roll")
        members = list(BoardMember.objects.in_office(on).select_related("user").order_by("name"))
    return members


def roll_call(meeting, *, choice: str = "yes", absent=()) -> tuple[dict, object]:
    """(votes, the member who records them) for a motion at `meeting`: its attendance recorded
    if it is not (every member present but `absent`, a list of users), each present voting
    `choice`. The recorder is the first member present."""
    members = board_in_office(meeting.date)
    present = [m for m in members if m.user not in absent]
    if not MeetingAttendance.objects.filter(meeting=meeting).exists():
        actions.record_attendance(
            meeting=meeting,
            attendance={m: "in_person" if m in present else "absent" for m in members},
            by=present[0].user,
            today=meeting.date,
        )
    attended = {
        row.member_id for row in MeetingAttendance.objects.filter(meeting=meeting) if row.present
    }
    voting = [m for m in members if m.pk in attended]
    return {m.user: choice for m in voting}, voting[0].user
