"""A variance in effect put before the Board to be rescinded (§20-21)."""

from __future__ import annotations

from datetime import date

from django.db import transaction
from django.utils import timezone

from hearings.actions._common import board_matter, docketing_refusals, refuse_if
from hearings.models import DocketItem, Meeting, Variance


@transaction.atomic
def open_variance_rescission(
    *, variance: Variance, meeting: Meeting, reason: str, by, today: date | None = None
) -> DocketItem:
    """Ask the Board to rescind a variance in effect (§20-21: it may limit what it granted)."""
    today = today or timezone.localdate()
    variance = Variance.objects.select_for_update().get(pk=variance.pk)
    reasons = docketing_refusals(
        meeting, today, public=False, kind=DocketItem.Kind.VARIANCE_RESCISSION
    )
    if not variance.in_effect_on(today):
        reasons.append("The variance is not in effect: there is nothing to rescind.")
    if not reason.strip():
        reasons.append("Say why the Board is asked to rescind it.")
    if variance.rescission_items.filter(status=DocketItem.Status.SCHEDULED).exists():
        reasons.append("Its rescission is already on the docket.")
    refuse_if(reasons, "The rescission cannot be put before the Board.")
    return board_matter(
        variance.application,
        meeting,
        DocketItem.Kind.VARIANCE_RESCISSION,
        today,
        by,
        variance=variance,
        staff_recommendation=reason.strip(),
    )
