"""A lawful roll call at a meeting, built through the actions: the Board in office (three
members appointed if none is), its attendance recorded, every member present voting."""

from __future__ import annotations

from datetime import timedelta

from django.utils import timezone

from hearings import actions
from hearings.clocks import oml_posting_deadline
from hearings.demo import post_the_docket
from hearings.models import BoardMember, MeetingAttendance, MeetingPosting
from stoneham_boh.accounts.roles import Role
from stoneham_boh.lib.errors import ActionRefused
from tests.conftest import make_user


def board_in_office(on) -> list:
    members = list(BoardMember.objects.in_office(on).select_related("user").order_by("name"))
    if not members:
        for n in range(3):
            make_user(f"roll-member{n}", Role.BOARD, first_name=f"Member{n}", last_name="Roll")
        members = list(BoardMember.objects.in_office(on).select_related("user").order_by("name"))
    return members


def noticed(meeting, *, by) -> None:
    """The meeting's notice posted in time (c.30A §20(b)), as every vote needs: through the
    action when the meeting's record allows it, else written as a posting on file (a meeting
    created in the test after the day its notice was posted)."""
    if meeting.postings.exists() or meeting.is_emergency:
        return
    try:
        post_the_docket(meeting, by)
    except ActionRefused:
        deadline = oml_posting_deadline(meeting.starts_at).when
        MeetingPosting.objects.create(
            meeting=meeting,
            posted_at=timezone.make_aware(deadline - timedelta(days=1)),
            text="Notice of the meeting.",
            item_ids=[item.pk for item in meeting.items.all()],
            recorded_by=by,
        )


def roll_call(meeting, *, choice: str = "yes", absent=(), notice=True) -> tuple[dict, object]:
    """(votes, the member who records them) for a motion at `meeting`: its notice posted in
    time if it is not, its attendance recorded if it is not (every member present but
    `absent`, a list of users), each present voting `choice`. The recorder is the first
    member present."""
    members = board_in_office(meeting.date)
    if notice:
        noticed(meeting, by=members[0].user)
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
