"""A hand-made parcel layer whose abutters are known, in the MassGIS layout.

Metres east and north of (230000, 910000) in EPSG:26986, a spot in Stoneham:

          y=262 +-----------+
                |           |  E_FAR (110..160, 180..240) touches B, 120 m from the lot
                |     B     |
          y=120 |           +--------+
                |           | E_NEAR | (110..160, 62..120)
     y=62 +-----+-----+-----+---+----+----+
          | N0  | N1  | N2  | N3  |  N4   |     N2 is the applicant's lot (60..90)
     y=12 +-----+-----+-----+-----+-------+
          ======== MAIN STREET (ROW, 12 m wide) ========
      y=0 +-----+-----+-----+-----+-------+
          | S0  | S1  | S2  | S3  |  S4   |
    y=-50 +-----+-----+-----+-----+-------+
          x=0   30    60    90    120   150

Known answer (§20-14): (a) abutting N1, N3, B; (b) opposite S1, S2, S3 (S1 and S3 meet S2's
corners straight across); (c) N0, N4, S0, S4, E_NEAR; not E_FAR (beyond 300 ft), not W
(across the street from nothing on the list), not the street.
"""

from __future__ import annotations

from shapely.geometry import box

from facilities.parcels.writer import write_layer

X0, Y0 = 230_000.0, 910_000.0


def at(x0, y0, x1, y1):
    return box(X0 + x0, Y0 + y0, X0 + x1, Y0 + y1)


OUTLINES = {
    "MAIN": (at(-120, 0, 300, 12), "ROW"),
    "N0": (at(0, 12, 30, 62), "FEE"),
    "N1": (at(30, 12, 60, 62), "FEE"),
    "N2": (at(60, 12, 90, 62), "FEE"),
    "N3": (at(90, 12, 120, 62), "FEE"),
    "N4": (at(120, 12, 150, 62), "FEE"),
    "S0": (at(0, -50, 30, 0), "FEE"),
    "S1": (at(30, -50, 60, 0), "FEE"),
    "S2": (at(60, -50, 90, 0), "FEE"),
    "S3": (at(90, -50, 120, 0), "FEE"),
    "S4": (at(120, -50, 150, 0), "FEE"),
    "B": (at(40, 62, 110, 262), "FEE"),
    "E_NEAR": (at(110, 62, 160, 120), "FEE"),
    "E_FAR": (at(110, 180, 160, 240), "FEE"),
    "W": (at(-120, 12, -60, 62), "FEE"),
}
ABUTTING = {"N1", "N3", "B"}
OPPOSITE = {"S1", "S2", "S3"}
SECOND = {"N0", "N4", "S0", "S4", "E_NEAR"}
MAP_IDS = {name: f"7-{100 + i}-1" for i, name in enumerate(OUTLINES)}


def parcels(fy: int = 2026, owner_prefix: str = "Owner of") -> list[dict]:
    rows = []
    for name, (geometry, poly_type) in OUTLINES.items():
        row = {
            "geometry": geometry,
            "LOC_ID": f"L_{name}",
            "MAP_PAR_ID": MAP_IDS[name],
            "POLY_TYPE": poly_type,
        }
        if poly_type == "FEE":
            row.update(
                {
                    "SITE_ADDR": f"{name} Main Street",
                    "OWNER1": f"{owner_prefix} {name}",
                    "OWN_ADDR": f"{len(name)} Elm Street",
                    "OWN_CITY": "Stoneham",
                    "OWN_STATE": "MA",
                    "OWN_ZIP": "02180",
                    "LOT_SIZE": round(geometry.area / 4046.8564224, 3),
                    "USE_CODE": "101",
                    "FY": fy,
                }
            )
        rows.append(row)
    return rows


def footprints():
    # A house on S2 across the street and one on N3 next door.
    return [("H_S2", at(70, -30, 80, -20)), ("H_N3", at(100, 30, 110, 40))]


def write(path, **kwargs):
    return write_layer(
        path,
        kwargs.pop("rows", None) or parcels(),
        kwargs.pop("footprints", footprints()),
        **kwargs,
    )
