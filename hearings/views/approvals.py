"""What the Board votes on beyond public hearings and revocations: its approvals, and the
rescission of a variance."""

from __future__ import annotations

from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_http_methods

from hearings import actions
from hearings.forms import ApprovalRequestForm, RegisterAcceptanceForm, RescissionForm
from hearings.models import Variance
from permits.models import Application
from stoneham_boh.accounts.access import role_required
from stoneham_boh.accounts.roles import Role
from stoneham_boh.lib.dates import long_date
from stoneham_boh.lib.form_actions import attempt

# --- The Board's approvals, and rescinding a variance -----------------------------------------


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


@role_required(Role.CLERK)
@require_http_methods(["GET", "POST"])
def rescission_open(request, variance_pk):
    variance = get_object_or_404(
        Variance.objects.select_related("application__applicant", "application__lot"),
        pk=variance_pk,
    )
    form = RescissionForm(request.POST or None)
    item = request.method == "POST" and attempt(
        request,
        form,
        lambda data: actions.open_variance_rescission(variance=variance, by=request.user, **data),
        lambda item: f"The rescission is on the docket of {long_date(item.meeting.date)}.",
    )
    if item:
        return redirect("hearings:meeting-detail", pk=item.meeting_id)
    return render(
        request,
        "hearings/rescission_open.html",
        {"variance": variance, "form": form},
        status=400 if form.errors else 200,
    )


# --- Entries of the paper register, for the Board's acceptance ---------------------------------


@role_required(Role.CLERK)
@require_http_methods(["GET", "POST"])
def register_acceptance(request):
    form = RegisterAcceptanceForm(request.POST or None)
    items = request.method == "POST" and attempt(
        request,
        form,
        lambda data: actions.docket_register_entries(by=request.user, **data),
        lambda items: (
            f"{len(items)} entr{'y' if len(items) == 1 else 'ies'} of the paper register on the "
            f"docket of {long_date(items[0].meeting.date)} for the Board's acceptance."
        ),
    )
    if items:
        return redirect("hearings:meeting-detail", pk=items[0].meeting_id)
    return render(
        request,
        "hearings/register_acceptance.html",
        {"form": form},
        status=400 if form.errors else 200,
    )
