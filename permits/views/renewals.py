"""Starting a permit's renewal: the renewal application opened (or returned to) pre-filled from the
permit. The view of permits.actions.renewals; renewing many together is renewal_season."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import redirect
from django.views.decorators.http import require_POST

from permits import actions
from permits.views._common import permit_or_404
from stoneham_boh.accounts.access import role_required
from stoneham_boh.accounts.roles import Role
from stoneham_boh.lib.errors import ActionRefused


@role_required(Role.CLERK)
@require_POST
def renewal_start(request, pk):
    """Open (or return to) the renewal application pre-filled from this permit."""
    permit = permit_or_404(pk)
    try:
        renewal = actions.start_renewal(permit=permit, by=request.user)
    except ActionRefused as refusal:
        messages.error(request, str(refusal))
        return redirect("permits:permit-detail", pk=pk)
    messages.info(
        request,
        f"Renewal of permit {permit.number}: confirm what is unchanged and correct what differs.",
    )
    return redirect("permits:application-edit", pk=renewal.pk)
