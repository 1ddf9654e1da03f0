"""Renewal season, read: the renewals ready to go, and the batches renewed together with the
permits they issued (the action itself is permits.actions.renew_together).

The list of those ready is read in a fixed few queries however many permits expire: whether
the renewal window is open, no renewal is under way, the holder did not write of a change, no
revocation is pending and no order stands unabated on the lot. The rules of the day are then
applied to each by the issue itself, which says which rule stops it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal

from django.db.models import Prefetch, Q
from django.utils import timezone

from inspections.models import Order
from permits import renewals
from permits.models import (
    FeeSchedule,
    Permit,
    PermitAnimal,
    RenewalBatch,
    RenewalBatchEntry,
    permit_expiry,
)
from permits.portal.models import RenewalRequest
from stoneham_boh.lib.dates import long_date

# --- the list of renewals ready -----------------------------------------------------------


@dataclass
class Candidate:
    """A permit expiring this year with no renewal under way, and what holds it back, if
    anything, before the rules are applied (an empty `held` means ready)."""

    permit: Permit
    held: list[str] = field(default_factory=list)

    @property
    def is_ready(self) -> bool:
        return not self.held


@dataclass
class Season:
    year_end: date
    fee: Decimal | None  # the renewal fee of the schedule in force today (§20-20(4))
    candidates: list[Candidate]

    @property
    def ready_ones(self) -> list[Candidate]:
        return [c for c in self.candidates if c.is_ready]

    @property
    def held_ones(self) -> list[Candidate]:
        return [c for c in self.candidates if not c.is_ready]


def due_this_year(today: date) -> date:
    """The day this year's permits expire (§20-20(5)): the renewals of the season renew them."""
    return permit_expiry(today.year)


def season(today: date | None = None) -> Season:
    """Every permit due, each marked ready or held with its reasons: six queries in all."""
    today = today or timezone.localdate()
    year_end = due_this_year(today)
    permits = list(
        Permit.objects.expiring_on(year_end)
        .select_related("holder", "lot")
        .prefetch_related(
            Prefetch("animals", queryset=PermitAnimal.objects.order_by("species", "name"))
        )
        .order_by("lot__street_address", "number")
    )
    lots = {p.lot_id for p in permits}
    ids = [p.pk for p in permits]
    changes_asked = set(
        RenewalRequest.objects.pending()
        .filter(permit_id__in=ids, unchanged=False)
        .values_list("permit_id", flat=True)
    )
    revoking = set(
        Permit.objects.filter(
            pk__in=ids, revocation_proceedings__docket_item__status="scheduled"
        ).values_list("pk", flat=True)
    )
    overdue = Q(status=Order.Status.UNABATED) | Q(status=Order.Status.OPEN, deadline__lt=today)
    unabated = set(Order.objects.filter(overdue, lot_id__in=lots).values_list("lot_id", flat=True))
    schedule = FeeSchedule.in_force_on(today)
    candidates = []
    for permit in permits:
        held = [renewals.year_refusal(permit, today)]
        if permit.pk in changes_asked:
            held.append("The holder wrote that the keeping has changed: renew it on its own page.")
        if permit.pk in revoking:
            held.append("The Board is asked to revoke it (§20-20(5)).")
        if permit.lot_id in unabated:
            held.append("An order on the lot is not abated by its deadline (§20-16(6)).")
        candidates.append(Candidate(permit, [reason for reason in held if reason]))
    return Season(
        year_end=year_end,
        fee=None if schedule is None else schedule.renewal_fee,
        candidates=candidates,
    )


# --- the batches on file ------------------------------------------------------------------


def batch_permits(batch: RenewalBatch) -> list[Permit]:
    """The permits a batch issued, in the order chosen, loaded as the permit's PDF reads them."""
    return [
        entry.permit
        for entry in batch.entries.select_related(
            "permit__holder", "permit__lot", "permit__application"
        ).prefetch_related("permit__animals")
        if entry.permit is not None
    ]


def entries_of(batch: RenewalBatch) -> list[RenewalBatchEntry]:
    return list(
        batch.entries.select_related("renews__holder", "renews__lot", "permit", "payment").order_by(
            "pk"
        )
    )


def summary(batch: RenewalBatch) -> str:
    entries = list(batch.entries.all())
    renewed = sum(1 for e in entries if e.permit_id)
    return f"{renewed} of {len(entries)} renewed on {long_date(batch.renewed_on)}" + (
        "." if renewed == len(entries) else f"; {len(entries) - renewed} not renewed."
    )
