"""A permit issued in error, voided with a reason (§20-20(7)); never while a later permit
renewing it rests on it.
"""

from __future__ import annotations

from django.db import transaction

from permits import renewals
from permits.models import Permit
from stoneham_boh.lib.errors import ActionRefused
from stoneham_boh.lib.history import save_as


def renewal_resting_on(permit: Permit) -> Permit | None:
    """The later permit, not void, that renews `permit` (or renews its renewal): a renewal
    rests on the permit it renews (§20-20(8)), so voiding the one beneath would leave it
    standing on nothing; the later permit is dealt with first."""
    later = [p for p in renewals.later_permits(permit) if p.status != Permit.Status.VOID]
    return later[0] if later else None


@transaction.atomic
def void_permit(*, permit: Permit, reason: str, by) -> Permit:
    """A permit issued in error is voided with a reason, never edited (§20-20(7))."""
    Permit.objects.select_for_update().filter(pk=permit.pk).exists()
    permit.refresh_from_db()
    if permit.status == Permit.Status.VOID:
        raise ActionRefused("The permit is already void.")
    if not reason.strip():
        raise ActionRefused("Give the reason for voiding the permit.")
    resting = renewal_resting_on(permit)
    if resting is not None:
        raise ActionRefused(
            "The permit cannot be voided.",
            [
                f"Permit {resting.number} renews it (§20-20(8)): a renewal rests on the permit "
                "it renews, so void the later permit first."
            ],
        )
    permit.status = Permit.Status.VOID
    permit.void_reason = reason.strip()
    return save_as(permit, by)
