"""A permit revoked by the Board's decision on a revocation proceeding (§20-20(5)-(6)), and the
permits that renewed it with it. The proceeding itself is the Board's
(hearings.actions.revocation).
"""

from __future__ import annotations

from django.db import transaction

from permits import renewals
from permits.models import Permit
from stoneham_boh.lib.dates import long_date
from stoneham_boh.lib.errors import ActionRefused
from stoneham_boh.lib.history import save_as


@transaction.atomic
def revoke_permit(*, permit: Permit, decision, by) -> Permit:
    """Record the Board's revocation (§20-20(5)-(6)): the permit is revoked only by the Board's
    decision on a revocation proceeding, which orders the animals removed by a date."""
    Permit.objects.select_for_update().filter(pk=permit.pk).exists()
    permit.refresh_from_db()
    reasons = []
    proceeding = getattr(getattr(decision, "docket_item", None), "revocation", None)
    if proceeding is None or proceeding.permit_id != permit.pk:
        reasons.append(
            "Only the Board revokes a permit (§20-20(5)): open a revocation proceeding, and the "
            "permit is revoked when the Board decides it at the hearing."
        )
    elif decision.result != "revoked":
        reasons.append("The Board's decision on the proceeding is not to revoke.")
    if permit.status in (Permit.Status.REVOKED, Permit.Status.VOID):
        reasons.append(f"The permit is already {permit.get_status_display().lower()}.")
    if reasons:
        raise ActionRefused("The permit cannot be revoked.", reasons)
    permit.status = Permit.Status.REVOKED
    permit.revoked_on = decision.decided_on
    permit.revocation_reason = proceeding.grounds
    permit.removal_ordered_by = decision.removal_by
    save_as(permit, by)
    # The keeping is revoked: the permits that renewed this one end with it.
    for later in renewals.later_permits(permit):
        if later.status == Permit.Status.ACTIVE:
            later.status = Permit.Status.REVOKED
            later.revoked_on = decision.decided_on
            later.revocation_reason = (
                f"Permit {permit.number}, which this permit renews, was revoked by the Board on "
                f"{long_date(decision.decided_on)}: "
                f"{proceeding.grounds}"
            )
            later.removal_ordered_by = decision.removal_by
            save_as(later, by)
    return permit
