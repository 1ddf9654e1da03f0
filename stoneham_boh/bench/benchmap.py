"""The parcel map and the drawn site plans of the benchmark's lots.

In use every lot sits on a parcel of the Assessor's map and every application has its plan
drawn on it, and the application page draws that plan with the parcels and buildings around
(two more queries, and the drawing's own work). So the first MAPPED_LOTS lots of each set are
mapped as real records are: a parcel layer in the MassGIS layout is written and imported
through the action, which links each lot to its parcel by its map-block-lot, and every
application on those lots gets the demo's plan (facilities.parcels.demo.plan_for), saved
through the editor's action while open and filed as the plan of record once decided.

Each mapped lot has a block of its own, as crowded as a lot on one of the demo's streets: its
street, four neighbours on either side, the lots opposite and the lots behind, each neighbour
with its owner and its house. The blocks lie on the demo layer's street grid (plan_for reads
which side the street is on from it), south of where the demo's and the benchmark's town
layers lie, and far enough apart that no block is within another's reach.
"""

from __future__ import annotations

import random
import tempfile
from pathlib import Path

from shapely.geometry import box

from facilities import actions
from facilities.models import Lot
from facilities.parcels import demo_layer
from facilities.parcels.demo import draw_plans
from facilities.parcels.geometry import SQ_METRES_PER_ACRE, loc_id_for
from facilities.parcels.models import Footprint
from facilities.parcels.writer import write_layer
from permits.models import Application

MAPPED_LOTS = 100  # the first lots of each set; the measured applications are among them
NEIGHBOURS_EACH_SIDE = 4
NEIGHBOUR_WIDTH_M = (28.0, 42.0)  # the demo's frontages
COLUMNS = 25
# A block spans at most about 450 m east to west; the plan reads the map about 100 m around
# the lot, so blocks 700 m apart (and a street pitch apart north to south) never meet.
COLUMN_PITCH_M = 700.0
# The map-block-lot of the neighbours: map numbers from here on are no lot's of the benchmark
# (whose maps are numbered from 1) nor of its town layer (from 60).
FIRST_MAP = 500


def map_lots(pairs, *, by, today) -> None:
    """Map `pairs` of (lot, its applicant) and draw the plans of the applications on them."""
    pairs = list(pairs)
    if not pairs:
        return
    first = Lot.objects.filter(tax_parcel__isnull=False).count()
    rng = random.Random(first)  # noqa: S311 - reproducible benchmark data
    rows, footprints = [], []
    for block, (lot, owner) in enumerate(pairs, start=first):
        block_rows, block_footprints = _block(block, lot, owner, today.year, rng)
        rows += block_rows
        footprints += block_footprints
    # The import replaces every footprint with the layer's: keep the blocks mapped before.
    footprints += [(f.source_id, f.shape) for f in Footprint.objects.all()]
    with tempfile.TemporaryDirectory() as folder:
        path = write_layer(Path(folder) / "M284-bench-lots.zip", rows, footprints)
        actions.import_parcel_layer(path=path, by=by, source_name="Benchmark lots (generated)")
    draw_plans(
        Application.objects.filter(lot__in=[lot for lot, _ in pairs])
        .select_related("lot__tax_parcel")
        .order_by("id"),
        by=by,
        today=today,
    )


def _street_of(block: int) -> tuple[float, float]:
    """The west end of the block's lot and the south edge of its street: every other street
    of the demo's grid south of its first, so that the lots behind fill the pitch between."""
    x0, y0 = demo_layer.ORIGIN
    row, column = divmod(block, COLUMNS)
    return x0 + column * COLUMN_PITCH_M, y0 - 2 * demo_layer.STREET_PITCH * (row + 1)


def _block(block: int, lot, owner, fy: int, rng) -> tuple[list[dict], list]:
    """The parcel rows and house footprints of one lot's block."""
    west, street = _street_of(block)
    front = street + demo_layer.STREET_WIDTH
    back = front + demo_layer.DEPTH
    width = max(60.0, float(lot.area_acres or 0) * SQ_METRES_PER_ACRE / demo_layer.DEPTH)
    subject = box(west, front, west + width, back)
    rows = [_lot_row(subject, lot, owner, fy)]
    # (outline, whether its street is to the south) of each neighbour.
    neighbours = []
    left, right = west, west + width
    for _ in range(NEIGHBOURS_EACH_SIDE):
        step = rng.uniform(*NEIGHBOUR_WIDTH_M)
        neighbours.append((box(left - step, front, left, back), True))
        left -= step
        step = rng.uniform(*NEIGHBOUR_WIDTH_M)
        neighbours.append((box(right, front, right + step, back), True))
        right += step
    # Opposite, and behind (fronting the next street north): as many lots across the span.
    count = max(1, round((right - left) / (sum(NEIGHBOUR_WIDTH_M) / 2)))
    for low in (street - demo_layer.DEPTH, back):
        edges = [left + (right - left) * n / count for n in range(count + 1)]
        neighbours += [
            (box(a, low, b, low + demo_layer.DEPTH), False)
            for a, b in zip(edges, edges[1:], strict=False)
        ]
    way = box(left - 20, street, right + 20, front)
    rows.append({"geometry": way, "LOC_ID": loc_id_for(way), "MAP_PAR_ID": "", "POLY_TYPE": "ROW"})
    name = demo_layer.split_address(lot.street_address)
    street_name = name[1] if name else lot.street_address
    footprints = []
    for n, (outline, street_south) in enumerate(neighbours, start=1):
        rows.append(
            _neighbour_row(outline, f"{FIRST_MAP + block}-{n}-1", f"{n} {street_name}", fy, rng)
        )
        footprints.append(
            (f"BL{block}-{n}", demo_layer.house_footprint(outline, north=street_south))
        )
    return rows, footprints


def _lot_row(outline, lot, owner, fy: int) -> dict:
    """The lot's own parcel, at its map-block-lot (so the import links them), owned by its
    applicant."""
    return {
        **_parcel_fields(outline, lot.parcel_id, lot.street_address, fy),
        "OWNER1": owner.name,
        "OWN_ADDR": owner.mailing_street,
        "OWN_CITY": owner.mailing_city,
        "OWN_STATE": owner.mailing_state,
        "OWN_ZIP": owner.mailing_zip,
        "LOT_SIZE": float(lot.area_acres),
    }


def _neighbour_row(outline, map_id: str, address: str, fy: int, rng) -> dict:
    return {
        **_parcel_fields(outline, map_id, address, fy),
        "OWNER1": f"{rng.choice(demo_layer.FIRST)} {rng.choice(demo_layer.LAST)}",
        "OWN_ADDR": address,
        "OWN_CITY": "Stoneham",
        "OWN_STATE": "MA",
        "OWN_ZIP": "02180",
        "LOT_SIZE": round(outline.area / SQ_METRES_PER_ACRE, 3),
    }


def _parcel_fields(outline, map_id: str, address: str, fy: int) -> dict:
    return {
        "geometry": outline,
        "LOC_ID": loc_id_for(outline),
        "MAP_PAR_ID": map_id,
        "POLY_TYPE": "FEE",
        "SITE_ADDR": address,
        "USE_CODE": "101",
        "FY": fy,
    }
