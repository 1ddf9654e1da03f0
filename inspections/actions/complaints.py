"""Taking and closing a complaint (§20-22)."""

from __future__ import annotations

import uuid
from datetime import date, datetime

from django.db import transaction
from django.utils import timezone

from facilities import actions as facility_actions
from facilities.models import Lot
from inspections.actions._common import _once, _refuse_future
from inspections.models import Complaint
from stoneham_boh.lib.errors import ActionRefused
from stoneham_boh.lib.history import save_as


@transaction.atomic
def record_complaint(
    *,
    lot: Lot | None = None,
    address: str = "",
    nature: str,
    description: str,
    by,
    complainant_name: str = "",
    complainant_contact: str = "",
    received_on: date | None = None,
    observed_at: datetime | None = None,
    token: uuid.UUID | None = None,
) -> Complaint:
    """Record a complaint about a keeping (odour, flies, noise, runoff, unpermitted animals...).

    The lot is the one on file, or the one at ``address``, recorded now if the town has none
    (animals kept without a permit have no lot on file). The complainant may stay anonymous.
    """
    received_on = received_on or timezone.localdate()
    reasons = []
    if nature not in Complaint.Nature.values:
        reasons.append("Choose what the complaint is about.")
    if not description.strip():
        reasons.append("Describe what the neighbour reports.")
    if lot is None and not address.strip():
        reasons.append("Give the lot, or the street address where the animals are kept.")
    if reasons:
        raise ActionRefused("The complaint cannot be recorded.", reasons)
    _refuse_future(received_on, "The date received")
    _refuse_future(observed_at, "The time observed")

    def create():
        return save_as(
            Complaint(
                lot=lot or facility_actions.lot_at_address(street_address=address, by=by),
                nature=nature,
                description=description.strip(),
                complainant_name=complainant_name.strip(),
                complainant_contact=complainant_contact.strip(),
                received_on=received_on,
                observed_at=observed_at,
                received_by=by,
                submission_token=token,
            ),
            by,
        )

    return _once(Complaint, token, create)[0]


@transaction.atomic
def close_complaint(*, complaint: Complaint, by, resolution: str, on: date | None = None):
    """Close a complaint without (further) inspection, saying why."""
    complaint = Complaint.objects.select_for_update().get(pk=complaint.pk)
    if complaint.status == Complaint.Status.CLOSED:
        raise ActionRefused("The complaint is already closed.")
    if not resolution.strip():
        raise ActionRefused("Say how the complaint was resolved.")
    complaint.status = Complaint.Status.CLOSED
    complaint.closed_on = on or timezone.localdate()
    complaint.resolution = resolution.strip()
    return save_as(complaint, by)
