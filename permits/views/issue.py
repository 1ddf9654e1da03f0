"""Issuing the permit from the application page: refused, it says why beside the button."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import redirect
from django.views.decorators.http import require_POST

from permits import actions
from permits.application_page import load_application, render_with
from permits.forms import IssueForm
from stoneham_boh.accounts.access import role_required
from stoneham_boh.accounts.roles import Role
from stoneham_boh.lib.dates import long_date
from stoneham_boh.lib.errors import ActionRefused


@role_required(Role.CLERK)
@require_POST
def application_issue(request, pk):
    """Issue the permit. Sent twice, it issues one permit and shows it."""
    application = load_application(pk)
    form = IssueForm(request.POST, prefix="issue")
    if not form.is_valid():
        return render_with(request, application, issue_form=form)
    try:
        permit = actions.issue_permit(
            application=application, by=request.user, conditions=form.cleaned_data["conditions"]
        )
    except ActionRefused as refusal:
        # One box says why, beside the button: not a message above the page as well.
        return render_with(
            request,
            application,
            status=409,
            issue_form=form,
            refused=refusal.reasons or [refusal.message],
        )
    messages.success(
        request, f"Permit {permit.number} issued, valid to {long_date(permit.expires_on)}."
    )
    return redirect("permits:permit-detail", pk=permit.pk)
