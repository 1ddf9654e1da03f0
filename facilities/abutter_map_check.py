"""Each owner of a certified abutter list beside the town map's owner of that parcel.

The Assessor certifies the list; the town map carries the tax list's owner and mailing address
too. Where both name a parcel and the mailing addresses differ (an owner who moved, an owner out
of state), the clerk sees both before the list is imported and the letters go out: a letter
sent to an old address is not notice (§20-20(9)). Read-only.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from facilities.parcels.models import Parcel

HOME_STATE = "MA"


@dataclass(frozen=True)
class MapComparison:
    map_address: str  # the map's owner mailing address, one line
    same: bool
    out_of_state: str  # the state of an owner who lives outside Massachusetts, or ""


def _key(street: str, zip_code: str) -> tuple[str, str]:
    words = re.sub(r"[^a-z0-9 ]+", " ", street.lower()).split()
    # Street types written either way: "Street" on the list, "ST" on the map.
    short = {"street": "st", "road": "rd", "avenue": "ave", "lane": "ln", "drive": "dr"}
    return " ".join(short.get(word, word) for word in words), zip_code[:5]


def compare_with_map(rows: list[dict]) -> dict[int, MapComparison]:
    """Row index -> how its mailing address compares with the map's owner of its parcel.

    A row whose address could not be read (its problem is named at its row) has nothing to
    compare: it is left out, never a crash of the whole preview."""
    ids = {row.get("parcel_id") for row in rows if row.get("parcel_id")}
    parcels = {
        parcel.map_par_id: parcel
        for parcel in Parcel.objects.filter(map_par_id__in=ids)
        if parcel.has_owner and parcel.owner_street
    }
    compared = {}
    for index, row in enumerate(rows):
        parcel = parcels.get(row.get("parcel_id"))
        if parcel is None or not row.get("mailing_street"):
            continue
        same = _key(row["mailing_street"], row.get("mailing_zip", "")) == _key(
            parcel.owner_street, parcel.owner_zip
        )
        state = row.get("mailing_state", "")
        compared[index] = MapComparison(
            map_address=", ".join(parcel.owner_address_lines),
            same=same,
            out_of_state=state if state and state != HOME_STATE else "",
        )
    return compared
