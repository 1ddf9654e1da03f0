"""Whether the holder may ask online for a permit's renewal today, and if not, why."""

from __future__ import annotations

from datetime import date

from django.utils import timezone

from permits import renewals
from permits.models import Application, Permit
from permits.portal.models import RenewalRequest
from stoneham_boh.lib.dates import long_date


def renewal_request_refusals(permit: Permit, by, today: date) -> list[str]:
    """Every reason `by` cannot ask online for the renewal of `permit` today."""
    reasons = []
    if permit.holder.user_id is None or permit.holder.user_id != by.pk:
        reasons.append("Only the permit holder can ask for its renewal.")
    if permit.status == Permit.Status.REVOKED:
        reasons.append("A revoked permit cannot be renewed; a new application is needed.")
    elif permit.status == Permit.Status.VOID:
        reasons.append("This permit was voided; ask the Board of Health office what to do.")
    opens, closes = RenewalRequest.window_for(permit)
    if today < opens:
        reasons.append(f"Renewal requests for this permit open on {long_date(opens)}.")
    elif today > closes:
        reasons.append(
            f"This permit expired on {long_date(closes)}; ask the office about a new application."
        )
    # One permit year at a time: the office renews neither a permit before the Board for
    # revocation nor one with an order past its deadline; asking online changes neither.
    reasons += [
        reason.replace("it is not renewed until", "it cannot be renewed until")
        for reason in renewals.pending_revocation_refusals(permit)
    ]
    reasons += renewals.unabated_order_refusals(permit.lot, today)
    pending = permit.renewal_requests.pending().first()
    if pending is not None:
        asked = timezone.localdate(pending.submitted_at)
        reasons.append(
            f"You already asked for this renewal on {long_date(asked)}; the clerk will prepare it."
        )
    elif permit.renewal_applications.filter(
        status__in=(*Application.OPEN_STATUSES, Application.Status.ISSUED)
    ).exists():
        reasons.append("The Board of Health is already preparing the renewal of this permit.")
    return reasons
