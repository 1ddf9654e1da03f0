"""A wide lot (60 m, 197 ft, square) on a street, for the editor and the browser journey."""

from __future__ import annotations

from facilities import actions
from facilities.models import Parcel
from facilities.parcels.writer import write_layer
from permits.models import DOCUMENT_FIELDS
from tests import factories
from tests.facilities.parcel_layers import X0, Y0, at

STABLE = {
    "label": "S1",
    "kind": "stable",
    "area_sqft": 144,
    "distance_property_line_ft": 60,
    "screened_window": True,
    "opposite_louvers": True,
}

# The stable S1 drawn on the plan 55 ft from the wide lot's rear (abutting) line, which lies
# 72 m north of Y0: the centre is half its 12 ft depth further in.
DRAWN_STABLE_55_FT = {
    "id": "S1",
    "kind": "structure",
    "form": "rect",
    "x": X0 + 30,
    "y": Y0 + 72 - (55 + 6) * 0.3048,
    "width_ft": 12,
    "depth_ft": 12,
    "rotation_deg": 0,
}


def rows(fy=2026):
    outlines = {
        "STREET": (at(-100, 0, 200, 12), "ROW"),
        "WIDE": (at(0, 12, 60, 72), "FEE"),
        "WEST": (at(-60, 12, 0, 72), "FEE"),
        "EAST": (at(60, 12, 120, 72), "FEE"),
        "BACK": (at(0, 72, 60, 132), "FEE"),
        "OPPOSITE": (at(0, -60, 60, 0), "FEE"),
    }
    result = []
    for n, (name, (geometry, kind)) in enumerate(outlines.items()):
        row = {
            "geometry": geometry,
            "LOC_ID": f"W_{name}",
            "MAP_PAR_ID": f"8-{n + 1}-1",
            "POLY_TYPE": kind,
        }
        if kind == "FEE":
            row.update(
                {
                    "SITE_ADDR": f"{n * 10} Ravine Road",
                    "OWNER1": f"Owner of {name}",
                    "OWN_ADDR": f"{n * 10} Ravine Road",
                    "OWN_CITY": "Stoneham",
                    "OWN_STATE": "MA",
                    "OWN_ZIP": "02180",
                    "LOT_SIZE": 0.89,
                    "USE_CODE": "101",
                    "FY": fy,
                }
            )
        result.append(row)
    return result


def application_on_the_wide_lot(tmp_path, clerk, build=None, **fields):
    """A new application (a stable, typed 60 ft from the line) on the wide lot's parcel;
    `build`: another factory (factories.hen_renewal for a renewal)."""
    actions.import_parcel_layer(path=write_layer(tmp_path / "wide.zip", rows()), by=clerk)
    lot = factories.lot(by=clerk, parcel_id="8-2-1", street_address="10 Ravine Road")
    actions.link_lot_to_parcel(lot=lot, parcel=Parcel.objects.get(loc_id="W_WIDE"), by=clerk)
    person = factories.applicant(by=clerk)
    if build is None:  # a new application with its six §20-20(1) documents, not yet paid
        documents = {name: True for name, _, _ in DOCUMENT_FIELDS}
        fields = {"kind": "new", "paid": False, **documents, **fields}
        build = factories.hen_renewal
    return build(by=clerk, lot=lot, applicant=person, structure=STABLE, **fields)
