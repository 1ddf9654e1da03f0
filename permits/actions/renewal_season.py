"""Renewal season: renewals renewed together.

A renewal together is the ordinary renewal of each permit chosen, one after another, through
the same actions the renewal page calls (start_renewal, submit_application, record_payment,
issue_permit), so every rule those actions check is checked for each. Each permit is renewed
or not on its own: one refused (a rule not met today, the fee not paid) is rolled back whole,
leaving nothing half-done on file, and says why; the others go. Choosing them together adds
one thing: a renewal whose keeping differs from the permit it renews is not renewed here
(§20-20(3), (8)), since the clerk chose it from a list of the unchanged ones.

The actions are called through their noun modules (`intake.submit_application`), so that the
history proof (tests/watched_actions.py) sees each call.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from django.db import transaction
from django.utils import timezone

from permits import renewals
from permits.actions import intake, issue
from permits.actions import payments as payment_actions
from permits.actions import renewals as renewal_actions
from permits.eligibility import amount_paid, fee_due
from permits.models import Application, Permit, RenewalBatch, RenewalBatchEntry
from stoneham_boh.lib.dates import long_date
from stoneham_boh.lib.errors import ActionRefused
from stoneham_boh.lib.history import save_as


@dataclass(frozen=True)
class PaymentTaken:
    """The fee the clerk took for one renewal: recorded as its own payment, for what is owed."""

    method: str
    reference: str = ""


def _refuse_if_changed(permit: Permit, renewal: Application, on: date) -> None:
    """Only the unchanged renew together: a renewal already opened and edited goes on its own
    page, where the clerk sees what differs."""
    changes = renewals.changes_from_permit(
        permit, renewal, renewal.animals.all(), renewal.structures.all(), on
    )
    if not changes.unchanged:
        differs = "; ".join(changes.enlargements + changes.reductions) or "its facts"
        raise ActionRefused(
            f"Renewal #{renewal.pk} differs from permit {permit.number} ({differs}): renew it on "
            "its own page (§20-20(3), (8))."
        )


def _renew_one(permit: Permit, payment: PaymentTaken | None, *, on: date, by):
    """The ordinary renewal of one permit, start to issue; (new permit, payment or None)."""
    renewal = renewal_actions.start_renewal(permit=permit, by=by, today=on)
    if renewal.status == Application.Status.ISSUED:
        raise ActionRefused(f"Permit {permit.number} was renewed already (renewal #{renewal.pk}).")
    # As saved: a renewal just created holds its kind as the enum member, which the rules'
    # parser refuses as a kind; read from the database it is the plain value.
    renewal.refresh_from_db()
    # Renewed together means received, paid and issued the day of the batch (the audit's
    # together.py): a renewal received on another day, perhaps for another permit year, is
    # taken up on its own page, where its day and its year are judged.
    if renewal.received_on is not None and renewal.received_on != on:
        raise ActionRefused(
            f"Renewal #{renewal.pk} of permit {permit.number} was received on "
            f"{long_date(renewal.received_on)}: issue it from its own page, not with the "
            "renewals together."
        )
    _refuse_if_changed(permit, renewal, on)
    if renewal.status == Application.Status.DRAFT:
        intake.submit_application(application=renewal, received_on=on, by=by)
    recorded = None
    due = fee_due(renewal)
    if payment is not None and due is not None and amount_paid(renewal) < due:
        recorded = payment_actions.record_payment(
            application=renewal,
            amount=due - amount_paid(renewal),
            received_on=on,
            method=payment.method,
            reference=payment.reference,
            by=by,
        )
    return issue.issue_permit(application=renewal, by=by, on=on), recorded


def _reasons(refusal: ActionRefused) -> list[str]:
    return refusal.reasons or [refusal.message]


@transaction.atomic
def renew_together(
    *,
    permits: list[Permit],
    by,
    payments: dict[int, PaymentTaken] | None = None,
    on: date | None = None,
) -> RenewalBatch:
    """Renew each of `permits` as the renewal page would, on `on` (today): received, its fee
    recorded when the clerk took it (`payments`, by permit pk), and issued. Each permit is
    renewed whole or not at all; the batch keeps, for each, its new permit or its reasons."""
    on = on or timezone.localdate()
    payments = payments or {}
    if not permits:
        raise ActionRefused("Choose at least one renewal to renew.")
    batch = save_as(RenewalBatch(renewed_on=on, run_by=by), by)
    for permit in permits:
        entry = RenewalBatchEntry(batch=batch, renews=permit)
        try:
            with transaction.atomic():
                entry.permit, entry.payment = _renew_one(
                    permit, payments.get(permit.pk), on=on, by=by
                )
        except ActionRefused as refusal:
            entry.refusal = "\n".join(_reasons(refusal))
        save_as(entry, by)
    return batch
