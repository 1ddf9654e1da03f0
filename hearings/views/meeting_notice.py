"""The meeting's notice under the Open Meeting Law: its page (the clocks, the draft from the
docket, each posting and amendment) and its PDF to file with the Town Clerk."""

from __future__ import annotations

from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.views.decorators.http import require_GET, require_POST

from hearings import actions
from hearings.forms import MeetingPostingForm
from hearings.meeting_notice import notice_text, posting_state
from hearings.models import Meeting
from hearings.printing import meeting_notice_pdf
from stoneham_boh.accounts.access import role_required, staff_required
from stoneham_boh.accounts.roles import Role, has_role
from stoneham_boh.lib.form_actions import attempt
from stoneham_boh.lib.pdf import pdf_response


def _page(request, meeting, form=None, status=200):
    state = posting_state(meeting)
    latest = state.latest
    return render(
        request,
        "hearings/meeting_notice.html",
        {
            "meeting": meeting,
            "state": state,
            "draft": notice_text(meeting, state.items, latest.remote_access if latest else ""),
            "form": form
            or MeetingPostingForm(
                amending=latest is not None,
                initial={"remote_access": latest.remote_access if latest else ""},
            ),
            "is_clerk": has_role(request.user, [Role.CLERK]),
            "now": timezone.localtime().replace(tzinfo=None),
        },
        status=status,
    )


@staff_required
@require_GET
def meeting_notice(request, pk):
    return _page(request, get_object_or_404(Meeting, pk=pk))


@role_required(Role.CLERK)
@require_POST
def meeting_notice_posted(request, pk):
    meeting = get_object_or_404(Meeting, pk=pk)
    form = MeetingPostingForm(request.POST, amending=meeting.postings.exists())
    posted = attempt(
        request,
        form,
        lambda data: actions.record_meeting_posting(meeting=meeting, by=request.user, **data),
        lambda posting: (
            "The amended notice is recorded as posted."
            if posting.reason
            else "The notice is recorded as posted."
        ),
    )
    if posted:
        return redirect("hearings:meeting-notice", pk=meeting.pk)
    return _page(request, meeting, form=form, status=400)


@staff_required
@require_GET
def meeting_notice_print(request, pk):
    meeting = get_object_or_404(Meeting, pk=pk)
    return pdf_response(meeting_notice_pdf(meeting), f"meeting-notice-{meeting.date}.pdf")
