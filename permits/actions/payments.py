"""Payments of an application's fee: recorded, voided with a reason, or corrected (voided and
recorded again as made). A payment is never deleted; its history keeps who did what.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from django.db import transaction

from permits.eligibility import amount_paid, fee_due
from permits.models import Application, Payment
from stoneham_boh.lib.errors import ActionRefused
from stoneham_boh.lib.history import save_as


@transaction.atomic
def record_payment(
    *,
    application: Application,
    amount: Decimal,
    received_on: date,
    method: str,
    by,
    reference: str = "",
    corrects: Payment | None = None,
) -> Payment:
    if amount <= 0:
        raise ActionRefused("A payment must be a positive amount.")
    payment = Payment(
        application=application,
        amount=amount,
        received_on=received_on,
        method=method,
        reference=reference,
        received_by=by,
        corrects=corrects,
    )
    return save_as(payment, by)


def _void(payment: Payment, reason: str, by) -> Payment:
    payment = Payment.objects.select_for_update().select_related("application").get(pk=payment.pk)
    if payment.voided:
        raise ActionRefused(f"This payment was voided already ({payment.void_reason}).")
    reason = reason.strip()
    limit = Payment._meta.get_field("void_reason").max_length
    if not reason:
        raise ActionRefused("Say why the payment is void.")
    if len(reason) > limit:
        raise ActionRefused(f"Keep the reason to {limit} characters.")
    payment.voided = True
    payment.void_reason = reason
    return save_as(payment, by)


def _refuse_if_the_issued_fee_is_unpaid(application: Application) -> None:
    """A permit issued on its fee keeps the fee paid: a void that would leave it unpaid is a
    correction to record instead (§20-20(4))."""
    due = fee_due(application)
    if (
        application.status == Application.Status.ISSUED
        and due is not None
        and amount_paid(application) < due
    ):
        raise ActionRefused(
            f"The permit was issued on the fee of ${due}: without this payment it would be "
            "unpaid. Correct the payment (record it as it was made) instead of voiding it."
        )


@transaction.atomic
def void_payment(*, payment: Payment, reason: str, by) -> Payment:
    """A payment recorded in error is voided with its reason, never deleted; its history keeps
    who voided it and when."""
    payment = _void(payment, reason, by)
    _refuse_if_the_issued_fee_is_unpaid(payment.application)
    return payment


@transaction.atomic
def correct_payment(
    *,
    payment: Payment,
    reason: str,
    by,
    amount: Decimal,
    received_on: date,
    method: str,
    reference: str = "",
) -> Payment:
    """A mistyped payment corrected: voided with the reason, and the payment as it was made
    recorded in its place, naming the one it corrects."""
    voided = _void(payment, f"Corrected: {reason.strip()}" if reason.strip() else "", by)
    corrected = record_payment(
        application=voided.application,
        amount=amount,
        received_on=received_on,
        method=method,
        reference=reference,
        by=by,
        corrects=voided,
    )
    _refuse_if_the_issued_fee_is_unpaid(voided.application)
    return corrected
