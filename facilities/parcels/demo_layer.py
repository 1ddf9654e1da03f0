"""A generated, plausible parcel layer for the demo town, in the MassGIS file layout.

The demo's streets run east-west, 15 m wide, 175 m apart; each has a row of lots 80 m deep on
either side, so a lot backs onto the lots of the next street. House numbers rise eastward,
even on the north side, odd on the south, as in most of Stoneham. Every demo lot gets its
parcel at its own address, with its map-block-lot, owned by its applicant; the owners on the
demo's certified abutter lists own the parcels the map drafts as abutters, so the draft and
the certified list can be compared. Generated from the records, so it always fits them.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field

from shapely.geometry import box

from facilities import regulation
from facilities.parcels.abutters import MapParcel, draft_abutters
from facilities.parcels.geometry import SQ_METRES_PER_ACRE, loc_id_for

ORIGIN = (228_000.0, 905_000.0)  # metres, EPSG:26986: about Stoneham
STREET_WIDTH = 15.0
STREET_PITCH = 175.0
DEPTH = 80.0
LAST_NUMBER = 250
_NUMBER = re.compile(r"^(\d+)\s+(.+)$")
FIRST = ("Mary", "John", "Patricia", "James", "Linda", "Michael", "Susan", "David", "Joan", "Paul")
LAST = ("Murphy", "Walsh", "Russo", "Kelly", "Chen", "Burke", "Nguyen", "Costa", "Doherty", "Lynch")


@dataclass
class Slot:
    number: int
    width: float
    lot: object | None = None
    row: dict = field(default_factory=dict)


def split_address(address: str) -> tuple[int, str] | None:
    match = _NUMBER.match(address.strip())
    return (int(match.group(1)), match.group(2)) if match else None


def _side(slots: list[Slot], street_index: int, north: bool, street: str, rng, fy) -> list[dict]:
    x0, y0 = ORIGIN
    base = y0 + street_index * STREET_PITCH
    y_low, y_high = (
        (base + STREET_WIDTH, base + STREET_WIDTH + DEPTH) if north else (base - DEPTH, base)
    )
    rows, x = [], x0
    for slot in sorted(slots, key=lambda s: s.number):
        geometry = box(x, y_low, x + slot.width, y_high)
        x += slot.width
        owner = f"{rng.choice(FIRST)} {rng.choice(LAST)}"
        row = {
            "geometry": geometry,
            "LOC_ID": loc_id_for(geometry),
            "MAP_PAR_ID": f"{60 + street_index}-{slot.number}-{1 if north else 2}",
            "POLY_TYPE": "FEE",
            "SITE_ADDR": f"{slot.number} {street}",
            "OWNER1": owner,
            "OWN_ADDR": f"{slot.number} {street}",
            "OWN_CITY": "Stoneham",
            "OWN_STATE": "MA",
            "OWN_ZIP": "02180",
            "LOT_SIZE": round(geometry.area / SQ_METRES_PER_ACRE, 3),
            "USE_CODE": "101",
            "FY": fy,
        }
        if slot.lot is not None:
            row["MAP_PAR_ID"] = slot.lot.parcel_id
            if slot.lot.area_acres is not None:
                row["LOT_SIZE"] = float(slot.lot.area_acres)
            row["_lot"] = slot.lot
        slot.row = row
        rows.append(row)
    return rows


def generate(
    streets: list[str], lots: list, *, fy: int, seed: int = 2002
) -> tuple[list[dict], list]:
    """Parcel rows (with "geometry" and the MassGIS fields) and house footprints. A row made
    for one of `lots` carries it under "_lot"."""
    rng = random.Random(seed)  # noqa: S311 - reproducible demo data
    by_street: dict[str, list] = {}
    for lot in lots:
        parsed = split_address(lot.street_address)
        if parsed and parsed[1] in streets:
            by_street.setdefault(parsed[1], []).append((parsed[0], lot))
    rows: list[dict] = []
    x0, y0 = ORIGIN
    for index, street in enumerate(streets):
        wanted = by_street.get(street, [])
        taken = {number for number, _ in wanted}
        sides: dict[bool, list[Slot]] = {True: [], False: []}
        for number, lot in wanted:
            area = float(lot.area_acres or 0) * SQ_METRES_PER_ACRE
            sides[number % 2 == 0].append(Slot(number, max(60.0, area / DEPTH), lot))
        for number in range(1, LAST_NUMBER, 4):
            for n in (number, number + 1):
                if n not in taken:
                    sides[n % 2 == 0].append(Slot(n, rng.uniform(28, 42)))
        street_rows = _side(sides[True], index, True, street, rng, fy)
        street_rows += _side(sides[False], index, False, street, rng, fy)
        east = max(r["geometry"].bounds[2] for r in street_rows) + 20
        base = y0 + index * STREET_PITCH
        way = box(x0 - 20, base, east, base + STREET_WIDTH)
        rows.append(
            {"geometry": way, "LOC_ID": loc_id_for(way), "MAP_PAR_ID": "", "POLY_TYPE": "ROW"}
        )
        rows.extend(street_rows)
    footprints = [
        (
            f"B{i}",
            house_footprint(row["geometry"], north=row["geometry"].bounds[1] > _street_y(row)),
        )
        for i, row in enumerate(rows)
        if row["POLY_TYPE"] == "FEE" and "_lot" not in row
    ]
    return rows, footprints


def _street_y(row) -> float:
    y0 = ORIGIN[1]
    low = row["geometry"].bounds[1]
    index = round((low - y0) / STREET_PITCH)
    return y0 + index * STREET_PITCH


def house_footprint(parcel, north: bool):
    """A house 10 m back from the street, 12 by 9 m, in the middle of the frontage."""
    x0, y0, x1, y1 = parcel.bounds
    mid = (x0 + x1) / 2
    if north:
        return box(mid - 6, y0 + 10, mid + 6, y0 + 19)
    return box(mid - 6, y1 - 19, mid + 6, y1 - 10)


def give_abutters_their_parcels(rows: list[dict], lot, certified: list) -> None:
    """Make the owners on a certified list own the parcels the map drafts for `lot`, in the
    order of the draft (abutting land first); drafted parcels beyond the list keep their
    generated owners, so the comparison has something to show."""
    subject = next(r for r in rows if getattr(r.get("_lot"), "pk", None) == lot.pk)
    parcels = [
        MapParcel(key=i, geometry=r["geometry"], is_way=r["POLY_TYPE"] == "ROW")
        for i, r in enumerate(rows)
    ]
    me = rows.index(subject)
    found = draft_abutters(parcels[me], parcels, regulation.abutter_reach_ft())
    order = {"abutting": 0, "opposite": 1, "second": 2}
    keys = sorted(found, key=lambda k: (order[found[k]], rows[k]["SITE_ADDR"]))
    keys = [k for k in keys if "_lot" not in rows[k]]
    for key, abutter in zip(keys, certified, strict=False):
        rows[key].update(
            {
                "OWNER1": abutter.owner_names,
                "OWN_ADDR": abutter.mailing_street,
                "OWN_CITY": abutter.mailing_city,
                "OWN_STATE": abutter.mailing_state,
                "OWN_ZIP": abutter.mailing_zip,
                "MAP_PAR_ID": abutter.parcel_id or rows[key]["MAP_PAR_ID"],
            }
        )
