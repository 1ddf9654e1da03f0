"""Entries of the paper register, put on a meeting's docket for the Board's acceptance. The view of
hearings.actions.register_acceptance."""

from __future__ import annotations

from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from hearings import actions
from hearings.forms import RegisterAcceptanceForm
from stoneham_boh.accounts.access import role_required
from stoneham_boh.accounts.roles import Role
from stoneham_boh.lib.dates import long_date
from stoneham_boh.lib.form_actions import attempt


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
