"""A meeting: its page, agenda and history card; and the past meetings with what the Board decided
at each. Its letters and labels are mailing's, its newspaper notice legal_notice's."""

from __future__ import annotations

from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_GET, require_http_methods

from hearings import actions
from hearings.docket import docket_entries, past_meetings, past_outcomes
from hearings.forms import MeetingForm
from hearings.history import meeting_history
from hearings.models import DocketItem, Meeting
from hearings.printing import agenda_pdf
from hearings.views.docket import warn_if_late
from stoneham_boh.accounts.access import role_required, staff_required
from stoneham_boh.accounts.roles import Role
from stoneham_boh.lib.dates import long_date
from stoneham_boh.lib.form_actions import attempt
from stoneham_boh.lib.history import history_response
from stoneham_boh.lib.listing import page_of
from stoneham_boh.lib.pdf import pdf_response


@staff_required
@require_GET
def meeting_detail(request, pk):
    meeting = get_object_or_404(Meeting.objects.select_related("legal_notice"), pk=pk)
    return render(
        request,
        "hearings/meeting_detail.html",
        {
            "meeting": meeting,
            "entries": docket_entries(meeting),
            "withdrawn": meeting.items.filter(status=DocketItem.Status.WITHDRAWN).select_related(
                "application__applicant", "application__lot"
            ),
            "attendance": meeting.attendance.select_related("member"),
            "today": timezone.localdate(),
        },
    )


@staff_required
@require_GET
def past_meeting_list(request):
    """Every past meeting, newest first, a page at a time, with each hearing's outcome."""
    page = page_of(request, past_meetings(timezone.localdate()))
    return render(
        request,
        "hearings/past_meetings.html",
        {"page_obj": page, "past_meetings": past_outcomes(page.object_list)},
    )


@staff_required
@require_GET
def meeting_history_card(request, pk):
    meeting = get_object_or_404(Meeting, pk=pk)
    return history_response(
        request,
        meeting_history(meeting),
        title=f"Meeting of {long_date(meeting.date)}",
        back=reverse("hearings:meeting-detail", args=[meeting.pk]),
    )


@staff_required
@require_GET
def meeting_agenda(request, pk):
    meeting = get_object_or_404(Meeting.objects.select_related("legal_notice"), pk=pk)
    return pdf_response(agenda_pdf(meeting), f"agenda-{meeting.date:%Y-%m-%d}.pdf")


@role_required(Role.CLERK)
@require_http_methods(["GET", "POST"])
def meeting_create(request):
    form = MeetingForm(request.POST or None)
    meeting = request.method == "POST" and attempt(
        request,
        form,
        lambda data: actions.schedule_meeting(
            on=data["date"],
            at=data["time"],
            place=data["place"],
            notes=data["notes"],
            emergency=data.get("emergency", ""),
            by=request.user,
        ),
        lambda meeting: (
            "Emergency meeting scheduled: post its notice with the Town Clerk as soon as "
            "possible, before it begins."
            if meeting.is_emergency
            else "Meeting scheduled. Notices for its hearings must go out by "
            f"{long_date(meeting.last_notice_day)}."
        ),
    )
    if meeting:
        if not meeting.is_emergency:  # it hears no public hearing: §20-20(9)'s days are moot
            warn_if_late(request, meeting)  # a closed day was asked about by the form
        return redirect("hearings:meeting-detail", pk=meeting.pk)
    return render(
        request, "hearings/meeting_form.html", {"form": form}, status=400 if form.errors else 200
    )
