"""Who of the Board attended a meeting, and how: the quorum of its decisions is counted
from it.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date

from django.db import transaction
from django.utils import timezone

from hearings.actions._common import member_in_office, refuse_if
from hearings.models import BoardMember, Decision, Meeting, MeetingAttendance
from stoneham_boh.accounts.roles import Role, has_role
from stoneham_boh.lib.dates import long_date
from stoneham_boh.lib.history import save_as


@transaction.atomic
def record_attendance(
    *, meeting: Meeting, attendance: Mapping, by, today: date | None = None
) -> list[MeetingAttendance]:
    """Record who of the Board attended `meeting`: `attendance` maps each member in office on
    its day to a mode (in_person, remote, absent), or to (mode, reason) for a remote member.

    The quorum of the meeting's decisions is counted from this record, so it is fixed once the
    Board has decided anything there.
    """
    today = today or timezone.localdate()
    meeting = Meeting.objects.select_for_update().get(pk=meeting.pk)
    in_office = {m.pk: m for m in BoardMember.objects.in_office(meeting.date)}
    reasons = []
    if not (has_role(by, [Role.CLERK]) or member_in_office(by, meeting.date)):
        reasons.append("Only the clerk or a member of the Board records the attendance.")
    if meeting.cancelled:
        reasons.append("The meeting was cancelled: nobody attended.")
    if meeting.date > today:
        reasons.append("Attendance is recorded at or after the meeting.")
    if Decision.objects.filter(docket_item__meeting=meeting).exists():
        reasons.append("The Board has decided at this meeting: its quorum stands as recorded.")
    rows = {}
    for member, given in attendance.items():
        mode, why = (given, "") if isinstance(given, str) else (given[0], given[1] or "")
        if member.pk not in in_office:
            reasons.append(f"{member.name} is not in office on {long_date(meeting.date)}.")
        elif mode not in MeetingAttendance.Mode.values:
            reasons.append(f"Say how {member.name} attended.")
        elif mode == MeetingAttendance.Mode.REMOTE and not why.strip():
            reasons.append(f"Give the reason {member.name} took part remotely (940 CMR 29.10).")
        rows[member.pk] = (mode, why.strip()[:300] if mode == "remote" else "")
    for pk, member in in_office.items():
        if pk not in rows:
            reasons.append(f"Say how {member.name} attended (or that they were absent).")
    refuse_if(reasons, "The attendance cannot be recorded.")
    recorded = []
    for pk, (mode, why) in rows.items():
        row = MeetingAttendance.objects.filter(meeting=meeting, member_id=pk).first()
        row = row or MeetingAttendance(meeting=meeting, member=in_office[pk])
        if row.pk is None or (row.mode, row.remote_reason) != (mode, why):
            row.mode, row.remote_reason = mode, why
            save_as(row, by)
        recorded.append(row)
    return recorded
