"""Provenance: nothing makes a permit but the issue action on a received application the Board
decided where a hearing was required, a plain renewal, or an entry of the town's paper register.
"""

from __future__ import annotations

from hearings.ruleset_in_force import ruleset_on
from stoneham_boh.lib.dates import long_date

from .anomaly import BREACH, NOT_SHOWN, Anomaly, permit_ref
from .hearing import approving_item
from .keeping import enlargements, keeping_of


def renewal_enlargements(register, permit) -> list[str]:
    """What a renewal's permit asks beyond the permit it renews (empty for any other)."""
    application = register.application(permit)
    renewed = register.by_pk.get(application.renews_id)
    if application.kind != "renewal" or renewed is None:
        return []
    before = keeping_of(
        renewed.animals.all(),
        register.structures_renewed(renewed, permit),
        register.application(renewed),
    )
    after = keeping_of(permit.animals.all(), register.structures_issued(permit), application)
    return enlargements(before, after)


def needs_hearing(register, permit) -> bool:
    application = register.application(permit)
    return application.kind == "new" or bool(renewal_enlargements(register, permit))


def legacy_acceptance(register, permit):
    """The Board's decision accepting a paper-register entry (a ``register_acceptance`` item
    of its application, approved), or None."""
    application = register.application(permit)
    for item in application.docket_items.all():
        decision = getattr(item, "decision", None)
        if (
            item.kind == "register_acceptance"
            and decision is not None
            and decision.result == "approved"
        ):
            return decision
    return None


def check_provenance(register) -> list[Anomaly]:
    found = []
    for permit in register.permits:
        ref = permit_ref(permit)
        application = register.application(permit)

        def add(provision, sentence, kind=BREACH, ref=ref, found=found):
            found.append(Anomaly("provenance", provision, ref, sentence, kind))

        if application.status != "issued":
            add(
                "§20-20(3)",
                f"Its application is {application.get_status_display().lower()}, not issued.",
            )
        if permit.lot_id != application.lot_id or permit.holder_id != application.applicant_id:
            add("§20-20(7)", "It names another lot or holder than its application.")
        if permit.legacy:
            found += _legacy(register, permit, application, add)
            continue
        if application.received_on is None or application.received_on > permit.issued_on:
            add("§20-20(1)", "It was issued on an application not received by then.")
        if application.kind == "renewal" and not application.renews_id:
            add("§20-20(8)", "It was issued as a renewal, but renews no permit on file.")
        renewed = register.by_pk.get(application.renews_id) if application.renews_id else None
        if application.renews_id and renewed is None:
            # The register holds every permit but the void: a renewal of a void one rests on
            # a permit that, on the record, never was.
            add(
                "§20-20(8)",
                f"It renews permit {application.renews.number}, which is void: a renewal "
                "rests on a permit in force.",
            )
        if renewed is not None and (
            renewed.lot_id != permit.lot_id or renewed.holder_id != permit.holder_id
        ):
            add("§20-20(7)", f"It renews permit {renewed.number} of another holder or lot.")
        if needs_hearing(register, permit):
            item = approving_item(application, by=permit.issued_on)
            if item is None:
                what = (
                    "a new application"
                    if application.kind == "new"
                    else "a renewal asking for more ("
                    + "; ".join(renewal_enlargements(register, permit))
                    + ")"
                )
                add(
                    "§20-20(9)",
                    f"It was issued on {what} that the Board did not approve after a public "
                    "hearing.",
                )
            else:
                faults = register.decision_faults.get(item.decision.pk)
                if faults:
                    add(
                        faults[0][0],
                        "It rests on the Board's approval of "
                        f"{long_date(item.decision.decided_on)}, "
                        f"which the records cannot uphold: {faults[0][1]}",
                    )
        if permit.grandfathered:
            first = register.chain(permit)[-1]
            day = first.first_permitted_on if first.legacy else first.issued_on
            cutoff = ruleset_on(permit.issued_on).interpretations.grandfathering_cutoff
            if day is None or day >= cutoff:
                add(
                    "§20-20(8)",
                    "It is marked grandfathered, but its keeping was first "
                    f"permitted after {long_date(cutoff)}.",
                )
    return found


def _legacy(register, permit, application, add) -> list:
    cutoff = ruleset_on(permit.issued_on).interpretations.grandfathering_cutoff
    first = permit.first_permitted_on
    if first is None:
        add("§20-20(8)", "A paper-register entry with no date of its original permit.")
    elif permit.grandfathered and first >= cutoff:
        add(
            "§20-20(8)",
            f"It is grandfathered, but the keeping was first permitted on {long_date(first)}, "
            f"after the regulation took effect on {long_date(cutoff)}.",
        )
    if not permit.legacy_basis.strip():
        add("§20-20(8)", "A paper-register entry that names no record it rests on.")
    if not any(not d.voided for d in application.documents.all()):
        add(
            "§20-20(8)",
            "A paper-register entry with no scanned document of the paper permit.",
            NOT_SHOWN,
        )
    accepted = legacy_acceptance(register, permit)
    if accepted is None:
        if permit.status != "provisional":
            add(
                "§20-20(8)",
                f"A paper-register entry {permit.get_status_display().lower()} that the Board "
                "never accepted by a vote.",
            )
    else:
        faults = register.decision_faults.get(accepted.pk)
        if faults:
            add(
                faults[0][0],
                f"It rests on the Board's acceptance of {long_date(accepted.decided_on)}, "
                f"which the records cannot uphold: {faults[0][1]}",
            )
    return []
