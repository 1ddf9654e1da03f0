"""Rescinding a variance: the clerk puts the rescission on a meeting's docket for the Board's vote.
The view of hearings.actions.rescission."""

from __future__ import annotations

from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_http_methods

from hearings import actions
from hearings.forms import RescissionForm
from hearings.models import Variance
from stoneham_boh.accounts.access import role_required
from stoneham_boh.accounts.roles import Role
from stoneham_boh.lib.dates import long_date
from stoneham_boh.lib.form_actions import attempt


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
