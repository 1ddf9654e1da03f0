"""A meeting's attendance: which members were present, recorded by the clerk or a member before
the Board votes (its quorum). The view of hearings.actions.attendance."""

from __future__ import annotations

from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_http_methods

from hearings import actions
from hearings.forms import AttendanceForm
from hearings.models import Meeting, MeetingAttendance
from stoneham_boh.accounts.access import role_required
from stoneham_boh.accounts.roles import Role
from stoneham_boh.lib.form_actions import attempt


@role_required(Role.CLERK, Role.BOARD)
@require_http_methods(["GET", "POST"])
def meeting_attendance(request, pk):
    meeting = get_object_or_404(Meeting, pk=pk)
    form = AttendanceForm(request.POST or None, meeting=meeting)
    done = request.method == "POST" and attempt(
        request,
        form,
        lambda data: actions.record_attendance(
            meeting=meeting, attendance=form.attendance(), by=request.user
        ),
        "The attendance is recorded.",
    )
    if done:
        return redirect("hearings:meeting-detail", pk=meeting.pk)
    return render(
        request,
        "hearings/attendance.html",
        {
            "meeting": meeting,
            "form": form,
            "recorded": MeetingAttendance.objects.filter(meeting=meeting).select_related("member"),
        },
        status=400 if form.errors else 200,
    )
