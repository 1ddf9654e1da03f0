"""The town's paper register: a draft entered as a permit of it (§20-20(8)), provisional until
the Board accepts it (hearings.actions.register_acceptance)."""

from __future__ import annotations

from django.urls import reverse
from django.views.decorators.http import require_POST

from permits import actions
from permits.application_page import load_application, render_with
from permits.forms import RegisterPermitForm
from stoneham_boh.accounts.access import role_required
from stoneham_boh.accounts.roles import Role
from stoneham_boh.lib.form_actions import submit


@role_required(Role.CLERK)
@require_POST
def application_legacy(request, pk):
    """Enter a draft as a permit of the town's paper register (§20-20(8)): provisional until
    the Board accepts it."""
    application = load_application(pk)
    form = RegisterPermitForm(request.POST, request.FILES, prefix="legacy")
    done = submit(
        request,
        form,
        lambda data: actions.enter_register_permit(
            application=application, by=request.user, **data
        ),
        success=lambda permit: (
            f"Paper permit {permit.register_number} entered as {permit.number}, provisional "
            "until the Board accepts it"
            + (
                f"; {len(permit.register_findings)} rule"
                f"{'s' if len(permit.register_findings) != 1 else ''} not met, shown on it."
                if permit.register_findings
                else "."
            )
        ),
        then=reverse("permits:application-detail", args=[pk]),
    )
    return done or render_with(request, application, legacy_form=form)
