"""A lot in force off the parcel map while the map holds its address (§20-14, Lot; §20-17(1);
issue 33, finding 2).

"204 Marble" typed without its suffix made a second lot beside the map's "204 MARBLE ST"; the
clerk recorded "not found on the map", and the typed 3 acres governed three horses on a
1.6-acre parcel. A lot with a permit in force, not linked to a parcel, whose address (resolved
as the lot matcher resolves it) is a site address of the map, is the map's parcel recorded
apart from it, whatever reason is recorded: its area and the parcel's other permits cannot be
shown until the clerk links or merges it.
"""

from __future__ import annotations

from .anomaly import BREACH, Anomaly, lot_ref


def check_lots_off_the_map(register) -> list[Anomaly]:
    found, seen = [], set()
    for permit in register.permits:
        lot = permit.lot
        if (
            permit.status != "active"
            or lot.pk in seen
            or lot.tax_parcel_id
            or lot.merged_into_id is not None
        ):
            continue
        on_the_map = register.map_addresses.get(register.address_key(lot.street_address))
        if not on_the_map:
            continue
        seen.add(lot.pk)
        reason = f" (recorded: “{lot.unmapped_reason}”)" if lot.unmapped_reason.strip() else ""
        found.append(
            Anomaly(
                "parcel",
                "§20-14 (Lot)",
                lot_ref(lot),
                f"The lot is recorded off the parcel map{reason}, but the map holds its address "
                f"({on_the_map[0]}): permit {permit.number} is counted on the typed area, not "
                "the Assessor's, and apart from the parcel's other permits. Link the lot to its "
                "parcel, or merge it into the lot on file there.",
                BREACH,
            )
        )
    return found
