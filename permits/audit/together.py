"""Renewals renewed together (renewal season): what the clerk chose from the list of the
unchanged renewals must show exactly that. Each permit a batch issued renews the permit chosen,
for the same keeping as it (§20-20(3), (8): nothing more, nothing else), received and issued on
the batch's day; a payment recorded with it is that renewal's own, of no more than the fee
kept at its receipt (§20-20(4)); and each permit chosen and not renewed says why.

Read apart from the action: the keepings are compared by the audit's own comparison
(audit/keeping.py), never the one the action used.
"""

from __future__ import annotations

from stoneham_boh.lib.dates import long_date

from .anomaly import BREACH, NOT_SHOWN, Anomaly, permit_ref
from .keeping import changed, enlargements, keeping_of


def _keeping(register, permit, renewal=None) -> dict:
    """The keeping a permit allows, as the audit compares it (the permit renewed, with its
    structures as they stood when `renewal` issued: like with like). The construction
    declared is left out: a renewal builds nothing (the first application's shed was built
    under it)."""
    structures = (
        register.structures_renewed(permit, renewal)
        if renewal is not None
        else register.structures_issued(permit)
    )
    keeping = keeping_of(permit.animals.all(), structures, register.application(permit))
    keeping["keeping"]["construction"] = "none"
    return keeping


def _differences(before: dict, after: dict) -> list[str]:
    """In words: what `after` asks beyond `before`, else that they differ at all."""
    if not changed(before, after):
        return []
    return enlargements(before, after) or ["less than before, or otherwise changed"]


def check_renewals_together(register) -> list[Anomaly]:
    found = []
    for entry in register.batch_entries:
        batch = entry.batch
        day = long_date(batch.renewed_on)
        chosen = register.by_pk.get(entry.renews_id)
        if entry.permit_id is None:
            if not entry.refusal.strip() and chosen is not None:
                found.append(
                    Anomaly(
                        "together",
                        "§20-15(1)",
                        permit_ref(chosen),
                        f"Chosen for renewal on {day} and not renewed, with no reason on file.",
                        NOT_SHOWN,
                    )
                )
            continue
        permit = register.by_pk.get(entry.permit_id)
        if permit is None:  # voided since: the void has its own reason and history
            continue

        def add(provision, sentence, permit=permit, found=found):
            found.append(Anomaly("together", provision, permit_ref(permit), sentence, BREACH))

        application = register.application(permit)
        if application.renews_id != entry.renews_id:
            add(
                "§20-20(6)",
                f"Issued in the renewals of {day} for permit {entry.renews.number}, but it does "
                "not renew that permit.",
            )
            continue
        if chosen is None:  # the permit renewed was voided since, with its own reason
            continue
        if permit.issued_on != batch.renewed_on or application.received_on != batch.renewed_on:
            add(
                "§20-20(4)",
                f"Renewed together on {day}, yet received on "
                f"{long_date(application.received_on) if application.received_on else 'no day'} "
                f"and issued on {long_date(permit.issued_on)}.",
            )
        differences = _differences(
            _keeping(register, chosen, renewal=permit), _keeping(register, permit)
        )
        if differences:
            add(
                "§20-20(3)",
                f"Renewed together on {day} as unchanged, yet its keeping differs from permit "
                f"{chosen.number}: {', '.join(differences)}.",
            )
        payment = entry.payment
        if payment is not None and (
            payment.application_id != application.pk
            or payment.received_on != batch.renewed_on
            or application.fee_at_receipt is None
            or payment.amount > application.fee_at_receipt
        ):
            add(
                "§20-20(4)",
                f"The payment of ${payment.amount} recorded with it on {day} is not this "
                "renewal's fee, received that day "
                f"(the fee at receipt: ${application.fee_at_receipt}).",
            )
    return found
