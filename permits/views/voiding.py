"""Voiding a permit issued in error (the Board revokes one: hearings.views.revocation). The view of
permits.actions.voiding."""

from __future__ import annotations

from django.urls import reverse
from django.views.decorators.http import require_POST

from permits import actions
from permits.views._common import permit_or_404, permit_page
from stoneham_boh.accounts.access import role_required
from stoneham_boh.accounts.roles import Role
from stoneham_boh.lib.form_actions import submit
from stoneham_boh.lib.forms import ReasonForm


@role_required(Role.CLERK)
@require_POST
def permit_void(request, pk):
    permit = permit_or_404(pk)
    form = ReasonForm(request.POST, prefix="void")
    done = submit(
        request,
        form,
        lambda data: actions.void_permit(permit=permit, reason=data["reason"], by=request.user),
        success=f"Permit {permit.number} is void.",
        then=reverse("permits:permit-detail", args=[pk]),
    )
    if done:
        return done
    return permit_page(request, permit, status=400, void_form=form)
