"""The demo's parcel map and plans: `stoneham_boh.ops.demo.load_demo()` calls `load()` once,
after the hearings' demo (whose certified abutter lists the map's owners match)."""

from __future__ import annotations

import math
from decimal import Decimal

import numpy
import shapely
from django.conf import settings

from facilities import actions, regulation
from facilities.choices import StructureKind
from facilities.models import AbutterList, Lot
from facilities.parcels import demo_layer
from facilities.parcels.geometry import metres
from facilities.parcels.writer import write_layer
from facilities.siteplan.context import plan_context
from facilities.siteplan.shapes import rectangle
from permits.models import Application

HOUSE_W_FT, HOUSE_D_FT = 40, 30
SEPTIC_FT = 20


def load(*, today, users, streets) -> None:
    clerk = users["clerk"]
    lots = list(Lot.objects.order_by("id"))
    rows, footprints = demo_layer.generate(list(streets), lots, fy=today.year)
    owners = {
        a.lot_id: a.applicant
        for a in Application.objects.select_related("applicant").order_by("id")
    }
    for row in rows:
        lot = row.get("_lot")
        if lot is not None and lot.pk in owners:
            applicant = owners[lot.pk]
            row.update(
                {
                    "OWNER1": applicant.name,
                    "OWN_ADDR": applicant.mailing_street,
                    "OWN_CITY": applicant.mailing_city,
                    "OWN_STATE": applicant.mailing_state,
                    "OWN_ZIP": applicant.mailing_zip,
                }
            )
    # In the order the lists were made, on every database: where two lists draft the same
    # parcel, the later one names its owner, as a newer certified list would.
    for abutter_list in AbutterList.objects.select_related("application__lot").order_by("id"):
        certified = list(abutter_list.abutters.filter(voided=False).order_by("id"))
        demo_layer.give_abutters_their_parcels(rows, abutter_list.application.lot, certified)
    folder = settings.VAR_DIR / "demo"
    folder.mkdir(parents=True, exist_ok=True)
    path = write_layer(folder / "M284-parcels.zip", rows, footprints)
    actions.import_parcel_layer(path=path, by=clerk, source_name="Demo parcel layer (generated)")
    draw_plans(
        Application.objects.select_related("lot__tax_parcel").order_by("id"), by=clerk, today=today
    )


def draw_plans(applications, *, by, today) -> None:
    """Draw the plan of each application whose lot is on the map. The demo and the benchmark's
    data (stoneham_boh.bench) both draw theirs here."""
    for application in applications:
        if application.lot.tax_parcel is not None:
            draw_plan(application, by=by, today=today)


def draw_plan(application, *, by, today) -> None:
    """Draw the plan of an application whose lot is on the map (`plan_for`), as the clerk would:
    in the editor while it is open, as its plan of record once decided. The benchmark draws its
    PDFs' plans this way too."""
    shapes = plan_for(application)
    if application.is_editable:
        actions.save_site_plan(application=application, shapes=shapes, by=by, today=today)
    else:
        actions.file_plan_of_record(application=application, shapes=shapes, by=by, today=today)


def _ft(value: Decimal | None, default: float) -> float:
    return float(value) if value is not None else default


def plan_for(application) -> list[dict]:
    """A plan that draws what the clerk typed: each housing structure as far from the rear line
    as its typed abutting-line figure, the dwelling and the septic area as far as theirs."""
    parcel = application.lot.tax_parcel
    x0, y0, x1, y1 = parcel.shape.bounds
    street_side_low = _street_is_south(parcel)
    rear = y1 if street_side_low else y0
    toward_street = -1 if street_side_low else 1
    mid = (x0 + x1) / 2
    shapes: list[dict] = []
    first = None
    for index, structure in enumerate(application.structures.order_by("id")):
        side = max(4.0, math.sqrt(float(structure.area_sqft or 64)))
        if first is None:
            back = _ft(structure.distance_property_line_ft, 62)
            x, y = mid, rear + toward_street * metres(back + side / 2)
            first = (x, y, side, structure)
        else:
            fx, fy, fside, _ = first
            x, y = mid + metres(fside / 2 + 30 + side / 2) * (1 if index % 2 else -1), fy
        shapes.append(
            {
                "id": structure.label,
                "kind": "structure",
                "form": "rect",
                "x": round(x, 2),
                "y": round(y, 2),
                "width_ft": round(side, 1),
                "depth_ft": round(side, 1),
                "rotation_deg": 0,
            }
        )
    if first is None:
        return shapes
    fx, fy, fside, housing = first
    dwelling = _ft(housing.distance_dwelling_ft, 55)
    shapes.append(
        {
            "id": "HOUSE",
            "kind": "dwelling",
            "form": "rect",
            "x": round(fx, 2),
            "y": round(fy + toward_street * metres(fside / 2 + dwelling + HOUSE_D_FT / 2), 2),
            "width_ft": HOUSE_W_FT,
            "depth_ft": HOUSE_D_FT,
            "rotation_deg": 0,
        }
    )
    septic = _ft(housing.distance_sewage_disposal_ft, 40)
    shapes.append(
        {
            "id": "SEPTIC",
            "kind": "septic",
            "form": "rect",
            "x": round(fx - metres(fside / 2 + septic + SEPTIC_FT / 2), 2),
            "y": round(fy, 2),
            "width_ft": SEPTIC_FT,
            "depth_ft": SEPTIC_FT,
            "rotation_deg": 0,
        }
    )
    _place_manure_away_from_the_dwelling(application, shapes, parcel)
    return shapes


# Manure is kept at least as far from any dwelling as §20-16(2) asks; a plan that drew the bin
# beside the coop would show every demo keeping failing it. The bin goes to the point of the lot,
# on a grid, nearest its typed distance from the nearest dwelling (the keeper's or a
# neighbour's) without being nearer; where no point is that far, the farthest.
GRID_M = 2.0
MARGIN_M = 1.5


def _place_manure_away_from_the_dwelling(application, shapes, parcel) -> None:
    by_id = {shape["id"]: shape for shape in shapes}
    house = by_id.get("HOUSE")
    bins = application.structures.filter(kind=StructureKind.MANURE_STORAGE).order_by("id")
    # Most keepings have no bin: read the map around the lot only for those that do.
    if house is None or not bins:
        return
    # Any dwelling: the keeper's own, and the other buildings the plan's measurement sees.
    neighbours = plan_context(parcel, regulation.beyond_ft()).other_buildings
    dwellings = [rectangle(house["x"], house["y"], HOUSE_W_FT, HOUSE_D_FT, 0), *neighbours]
    inside = parcel.shape.buffer(-MARGIN_M)
    xs, ys = _grid(inside.bounds)
    for structure in bins:
        shape = by_id[structure.label]
        others = [_outline(o) for o in shapes if o is not shape and o["kind"] == "structure"]
        wanted = metres(_ft(structure.distance_dwelling_ft, regulation.manure_from_dwelling_ft()))
        # Every spot of the grid at once (Shapely's arrays): a bin on a large lot has some
        # fifteen hundred spots, and one polygon a spot made the demo's plans most of its load.
        half_w, half_d = metres(shape["width_ft"]) / 2, metres(shape["depth_ft"]) / 2
        outlines = shapely.box(xs - half_w, ys - half_d, xs + half_w, ys + half_d)
        fits = shapely.contains(inside, outlines)
        for other in others:
            fits &= ~shapely.intersects(outlines, other)
        if not fits.any():
            continue
        spots = outlines[fits]
        gaps = numpy.min([shapely.distance(spots, dwelling) for dwelling in dwellings], axis=0)
        # Far enough first, then nearest the figure; the grid's first spot among equals.
        best = numpy.lexsort((numpy.abs(gaps - wanted), gaps < wanted))[0]
        shape["x"], shape["y"] = round(float(xs[fits][best]), 2), round(float(ys[fits][best]), 2)


def _outline(shape: dict):
    return rectangle(shape["x"], shape["y"], shape["width_ft"], shape["depth_ft"], 0)


def _grid(bounds) -> tuple[numpy.ndarray, numpy.ndarray]:
    """The grid's points over `bounds`, every GRID_M metres: their x and their y, column by
    column from the south-west corner."""
    x0, y0, x1, y1 = bounds
    i, j = numpy.meshgrid(
        numpy.arange(int((x1 - x0) / GRID_M) + 1),
        numpy.arange(int((y1 - y0) / GRID_M) + 1),
        indexing="ij",
    )
    return x0 + i.ravel() * GRID_M, y0 + j.ravel() * GRID_M


def _street_is_south(parcel) -> bool:
    """Demo lots on a street's north side have the street below them."""
    y0 = demo_layer.ORIGIN[1]
    low = parcel.shape.bounds[1]
    return (low - y0) % demo_layer.STREET_PITCH < 1.0 + demo_layer.STREET_WIDTH
