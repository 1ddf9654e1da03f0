"""A permit resting on a variance the Board rescinds ends with it (§20-21; issue 33, finding 12).

The Board grants a variance because the keeping does not meet the provision it varies; the
permits of that keeping were issued on it. Once the Board rescinds it at its meeting, the
keeping is no longer permitted for what the variance covered: a permit left active to
December 31 would authorise what the Board has just withdrawn. The permit is revoked on the
day of the rescission, the decision's reasons given (a revocation, not a voiding: it was
valid until then), so the register, the printed permit and the verification page say it has
ended, and why. A keeping that can meet the provision, or that asks a new variance, applies
anew (§20-20(1)); it is not renewed from the ended permit.
"""

from __future__ import annotations

from django.db import transaction

from hearings.ruleset_in_force import ruleset_on
from permits.models import Permit
from permits.renewals import later_permits
from stoneham_boh.lib.dates import long_date
from stoneham_boh.lib.history import save_as


def permits_resting_on(variance) -> list[Permit]:
    """The active permits of the keeping whose application the variance was granted on."""
    first = Permit.objects.filter(application_id=variance.application_id).first()
    if first is None:
        return []
    return [p for p in [first, *later_permits(first)] if p.status == Permit.Status.ACTIVE]


@transaction.atomic
def end_permits_on_rescission(*, variance, decision, by) -> list[Permit]:
    """Revoke, on the day the Board rescinded `variance`, every permit still running on it."""
    ended = []
    day = decision.decided_on
    rules = ruleset_on(day).rules
    varied = ", ".join(
        rules[rule].citation if rule in rules else rule for rule in (variance.rules or [])
    )
    for permit in permits_resting_on(variance):
        if permit.expires_on < day:
            continue  # it had already run its term
        Permit.objects.select_for_update().filter(pk=permit.pk).exists()
        permit.refresh_from_db()
        permit.status = Permit.Status.REVOKED
        permit.revoked_on = day
        permit.revocation_reason = (
            f"The variance of {varied} it rests on was rescinded by the Board on "
            f"{long_date(day)} (§20-21): {decision.reasons}".strip()
        )
        save_as(permit, by)
        ended.append(permit)
    return ended
