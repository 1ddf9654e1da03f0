"""The lot is the parcel (§20-17(1), (3), (4), §20-18(3)): horses, acreage and the stable,
corral and loft areas are counted over every permit in force on the parcel in a year, against
the Assessor's area where the parcel is mapped. Lots are the same parcel when they share a
mapped parcel, or the same street address however it is typed ("12 Main St" is
"12 MAIN STREET, Unit 2"): a lot in force that another current lot duplicates is itself an
anomaly, since its parcel's other permits cannot be counted with it until the clerk merges them.
"""

from __future__ import annotations

from datetime import date

from stoneham_boh.lib.addresses import address_key

from .anomaly import BREACH, NOT_SHOWN, Anomaly, lot_ref, permit_ref
from .facts import (
    animal_facts,
    blocking,
    evaluate,
    lot_area,
    lot_facts,
    structure_facts,
    variance_facts,
    voted,
)

LOT_RULES = frozenset({"20-17.1", "20-17.3", "20-17.4", "20-18.3"})
EQUINES = frozenset({"horse", "pony", "donkey", "mule"})


def parcel_key(lot) -> tuple:
    return (
        ("parcel", lot.tax_parcel_id)
        if lot.tax_parcel_id
        else ("address", address_key(lot.street_address))
    )


def check_parcels(register) -> list[Anomaly]:
    found = []
    groups: dict[tuple, list] = {}
    for permit in register.permits:
        if permit.status == "active":
            groups.setdefault((parcel_key(permit.lot), permit.year), []).append(permit)
    found += _unmapped(register)
    found += _duplicated(register)
    for (_key, year), permits in sorted(groups.items(), key=lambda kv: (kv[0][1], str(kv[0][0]))):
        lots = {p.lot_id: p.lot for p in permits}
        if len(lots) > 1:
            listed = ", ".join(sorted(f"#{pk}" for pk in lots))
            found.append(
                Anomaly(
                    "parcel",
                    "§20-14 (Lot)",
                    lot_ref(permits[0].lot),
                    f"One parcel is recorded as {len(lots)} lots ({listed}) with permits in "
                    f"force in {year}.",
                    BREACH,
                )
            )
        if len(permits) < 2:
            continue
        found += _counted_together(register, permits, year)
    return found


def _unmapped(register) -> list[Anomaly]:
    """Active permits on a lot merged into another (its records belong to the lot it was
    merged into), and, issued once the map was imported, on a lot off it whose reason is not
    recorded (Lot.unmapped_reason). A permit issued before the map was imported broke no rule;
    its renewal is judged when it issues."""
    merged, off_map, found = set(), set(), []
    for permit in register.permits:
        lot = permit.lot
        if permit.status != "active":
            continue
        if lot.merged_into_id is not None:
            if lot.pk not in merged:
                merged.add(lot.pk)
                found.append(
                    Anomaly(
                        "parcel",
                        "§20-14 (Lot)",
                        lot_ref(lot),
                        f"The lot was merged into lot #{lot.merged_into_id}, but permit "
                        f"{permit.number} is still in force on it.",
                        BREACH,
                    )
                )
            continue
        imported = register.map_imported_at
        recorded = register.permit_recorded_at.get(permit.pk)
        if (
            imported is not None
            and (recorded is None or recorded >= imported)
            and not lot.tax_parcel_id
            and not lot.unmapped_reason.strip()
            and lot.pk not in off_map
        ):
            off_map.add(lot.pk)
            found.append(
                Anomaly(
                    "parcel",
                    "§20-17(1)",
                    lot_ref(lot),
                    f"Permit {permit.number} was issued after the parcel map was imported, but "
                    "this lot is not on it and no reason is recorded: the Assessor's area, and "
                    "the permits that share its parcel, cannot be shown.",
                    NOT_SHOWN,
                )
            )
    return found


def _duplicated(register) -> list[Anomaly]:
    """A lot with a permit in force that another current lot repeats (the same mapped parcel,
    or the same address however typed): one parcel, two records (§20-14, Lot)."""
    in_force = {p.lot_id: p.lot for p in register.permits if p.status == "active"}
    by_parcel: dict = {}
    by_address: dict = {}
    for other in register.current_lots:
        if other.tax_parcel_id:
            by_parcel.setdefault(other.tax_parcel_id, []).append(other)
        by_address.setdefault(register.address_key(other.street_address), []).append(other)
    found = []
    for lot in sorted(in_force.values(), key=lambda lot: lot.pk):
        if lot.merged_into_id is not None:
            continue  # reported by _unmapped
        same = by_address.get(register.address_key(lot.street_address), [])
        same += by_parcel.get(lot.tax_parcel_id, []) if lot.tax_parcel_id else []
        twins = sorted(
            {other.pk: other for other in same if other.pk != lot.pk}.values(),
            key=lambda other: other.pk,
        )
        if twins:
            listed = ", ".join(f"#{other.pk}" for other in twins)
            found.append(
                Anomaly(
                    "parcel",
                    "§20-14 (Lot)",
                    lot_ref(lot),
                    f"The parcel is also on file as lot {listed} ({twins[0].street_address}): "
                    "merge the duplicate, so that every permit on the parcel is counted together.",
                    BREACH,
                )
            )
    return found


def _counted_together(register, permits, year: int) -> list[Anomaly]:
    """The permits of one parcel in one year, judged as one keeping on the parcel."""
    on = max(date(year, 1, 1), max(p.issued_on for p in permits))
    judged = [p for p in permits if not p.grandfathered]
    if not judged:
        return []
    others = sum(
        a.count for p in permits if p.grandfathered for a in p.animals.all() if a.species in EQUINES
    )
    animals, structures, variances = [], [], []
    for permit in judged:
        application = register.application(permit)
        animals += [animal_facts(a) for a in permit.animals.all() if a.count > 0]
        structures += [
            structure_facts(s, prefix=f"{permit.number}/") for s in application.structures.all()
        ]
        variances += voted(register.keeping(permit), on)[1]
    lot = permits[0].lot
    facts = {
        "application": {"kind": "renewal", "date": on.isoformat()},
        "lot": lot_facts(lot, area=lot_area(lot, register.parcels), equines_elsewhere=others),
        "animals": _merged(animals),
        "structures": structures,
        "variances": variance_facts(variances, on),
    }
    numbers = ", ".join(p.number for p in permits)
    return [
        Anomaly(
            "parcel",
            finding["citation"],
            permit_ref(judged[-1]),
            f"Counted over the permits in force on the parcel in {year} ({numbers}): "
            f"{finding['message']}",
            BREACH,
        )
        for finding in blocking(evaluate(facts), LOT_RULES)
    ]


def _merged(animals: list[dict]) -> list[dict]:
    """One entry per species and name (the contract lists each once)."""
    merged: dict[tuple, dict] = {}
    for entry in animals:
        key = (entry["species"], entry.get("name", ""))
        if key not in merged:
            merged[key] = dict(entry)
            continue
        into = merged[key]
        into["count"] += entry["count"]
        if "mature" in entry or "mature" in into:
            into["mature"] = into.get("mature", into["count"] - entry["count"]) + entry.get(
                "mature", entry["count"]
            )
    return list(merged.values())
