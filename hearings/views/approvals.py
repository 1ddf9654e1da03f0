"""The Board's approvals: the clerk puts an application that needs the Board's vote (not a public
hearing) on a meeting's docket. The view of hearings.actions.approvals."""

from __future__ import annotations

from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_http_methods

from hearings import actions
from hearings.forms import ApprovalRequestForm
from permits.models import Application
from stoneham_boh.accounts.access import role_required
from stoneham_boh.accounts.roles import Role
from stoneham_boh.lib.dates import long_date
from stoneham_boh.lib.form_actions import attempt


@role_required(Role.CLERK)
@require_http_methods(["GET", "POST"])
def approval_request(request, application_pk):
    application = get_object_or_404(
        Application.objects.select_related("applicant", "lot"), pk=application_pk
    )
    form = ApprovalRequestForm(request.POST or None)
    item = request.method == "POST" and attempt(
        request,
        form,
        lambda data: actions.request_board_approval(
            application=application, by=request.user, **data
        ),
        lambda item: f"On the docket of {long_date(item.meeting.date)} for the Board's vote.",
    )
    if item:
        return redirect("hearings:meeting-detail", pk=item.meeting_id)
    return render(
        request,
        "hearings/approval_request.html",
        {"application": application, "form": form},
        status=400 if form.errors else 200,
    )
