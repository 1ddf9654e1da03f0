"""Undoing a clerk's mistake on an application: marked received when it was not.

The receipt fixes the application's fee (§20-20(4): the schedule in force the day it was
received) and opens the Board's workflow. Taking it back returns the application to where it
stood before (a draft typed by the clerk, or an application sent online and waiting for the
clerk's review), clears the fee kept at receipt, and keeps a `ReceiptUndone` with the day and
fee undone, who, when and why. It is refused while anything that rests on the receipt stands:
what a clerk would have to unwind by hand, each named with what to do.
"""

from __future__ import annotations

from django.db import transaction

from permits.models import Application, ReceiptUndone
from stoneham_boh.lib.dates import long_date
from stoneham_boh.lib.errors import ActionRefused
from stoneham_boh.lib.history import save_as

Status = Application.Status


def returned_status(application: Application) -> str:
    """Where an application stood before it was received: an online one had been sent and
    waited for the clerk's review; the clerk's own was a draft."""
    return Status.SUBMITTED if application.is_online else Status.DRAFT


def receipt_dependents(application: Application) -> list[str]:
    """Every record that rests on the application's receipt, in words saying what to do
    first; empty when the receipt can be taken back."""
    reasons = []
    if application.status != Status.RECEIVED:
        reasons.append(
            f"The application is {application.get_status_display().lower()}: only one "
            "received and not yet taken further can be returned."
        )
    for item in application.docket_items.select_related("meeting"):
        if item.status != item.Status.WITHDRAWN:
            reasons.append(
                f"It is on the docket of the meeting of {long_date(item.meeting.date)} "
                f"({item.get_status_display().lower()}): withdraw it from the docket first."
            )
        elif item.abutter_notices.filter(mailed_on__isnull=False).exists():
            reasons.append(
                f"The abutters were notified by registered mail of its hearing of "
                f"{long_date(item.meeting.date)}: the notice stands on the record as received."
            )
    for payment in application.payments.filter(voided=False):
        reasons.append(
            f"A payment of ${payment.amount} ({payment.get_method_display().lower()}, "
            f"{long_date(payment.received_on)}) is recorded against the fee kept at receipt "
            "(§20-20(4)): the fee is fixed by the day received, so the application stays "
            "received while a payment stands. If the payment was recorded in error too, "
            "void it first."
        )
    if application.building_inspector_approved_on is not None:
        reasons.append(
            "The building inspector's approval is recorded on it: void that document first."
        )
    if application.inspections.exists():
        reasons.append("An inspection is recorded for it: the agent's record rests on it.")
    if getattr(application, "permit", None) is not None:
        reasons.append(f"Permit {application.permit.number} was issued on it.")
    return reasons


@transaction.atomic
def undo_receipt(*, application: Application, reason: str, by) -> ReceiptUndone:
    """Take back a receipt recorded by mistake: the application returns to the state it was
    in before, its fee no longer fixed, with who, when and why kept on file."""
    application = Application.objects.select_for_update().get(pk=application.pk)
    reason = (reason or "").strip()
    limit = ReceiptUndone._meta.get_field("reason").max_length
    reasons = receipt_dependents(application)
    if not reason:
        reasons.append("Say why the receipt was a mistake.")
    elif len(reason) > limit:
        reasons.append(f"Keep the reason to {limit} characters.")
    if reasons:
        raise ActionRefused("The application stays received.", reasons)
    undone = save_as(
        ReceiptUndone(
            application=application,
            received_on=application.received_on,
            fee_at_receipt=application.fee_at_receipt,
            returned_to=returned_status(application),
            reason=reason,
            corrected_by=by,
        ),
        by,
    )
    application.status = undone.returned_to
    application.received_on = None
    application.fee_at_receipt = None
    save_as(application, by)
    return undone
