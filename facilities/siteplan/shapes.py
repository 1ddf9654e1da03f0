"""The shapes of a site plan, as stored JSON and as Shapely geometry.

A shape is a dict. Coordinates are state-plane metres (EPSG:26986), the parcel map's system;
sizes typed by people are feet.

    {"id": "S1", "kind": "structure", "form": "rect",
     "x": 231000.0, "y": 912000.0, "width_ft": 12, "depth_ft": 16, "rotation_deg": 30}
    {"id": "W1", "kind": "well", "form": "point", "x": ..., "y": ...}
    {"id": "WET", "kind": "wetland", "form": "polygon", "points": [[x, y], ...]}
    {"id": "BROOK", "kind": "watercourse", "form": "line", "points": [[x, y], ...]}

A structure's `id` is the label of the application's structure it draws (S1, BARN...).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from shapely import affinity
from shapely.geometry import LineString, Point, Polygon, box
from shapely.geometry.base import BaseGeometry
from shapely.validation import explain_validity

from facilities.parcels.geometry import metres

KINDS = {
    "structure": "Animal structure",
    "dwelling": "Dwelling",
    "abutting_dwelling": "Abutting dwelling",
    "well": "Drinking-water well",
    "septic": "Sewage disposal area",
    "wetland": "Wetland",
    "watercourse": "Watercourse",
}
FORMS = ("rect", "polygon", "point", "line")
MAX_SHAPES = 200
MAX_POINTS = 200
MAX_SIZE_FT = 2000
# How far from the lot (its bounding box) a plan may show anything. Not a figure of the
# regulation: a bound, so that a shape drawn miles away is refused rather than "measured".
# The distances the rules need beyond the lot (the ruleset's absent-beyond distance) are far
# within it; facilities.actions widens it if a ruleset ever needs more.
PLAN_REACH_FT = 1000


class ShapeError(ValueError):
    """A shape that cannot be drawn; the message names the shape and the field."""


@dataclass(frozen=True)
class Shape:
    id: str
    kind: str
    geometry: BaseGeometry
    data: dict


def _number(
    data: dict, name: str, where: str, low: float | None = None, high: float | None = None
) -> float:
    value = data.get(name)
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise ShapeError(f"{where}: {name} must be a number.")
    if low is not None and value < low:
        raise ShapeError(f"{where}: {name} must be at least {low}.")
    if high is not None and value > high:
        raise ShapeError(f"{where}: {name} must be at most {high}.")
    return float(value)


def _points(data: dict, where: str, least: int) -> list[tuple[float, float]]:
    raw = data.get("points")
    if not isinstance(raw, list) or not least <= len(raw) <= MAX_POINTS:
        raise ShapeError(f"{where}: points must list {least} to {MAX_POINTS} corners.")
    points = []
    for index, pair in enumerate(raw):
        if not isinstance(pair, list | tuple) or len(pair) != 2:
            raise ShapeError(f"{where}: corner {index + 1} must be [x, y].")
        points.append((_number({"x": pair[0]}, "x", where), _number({"y": pair[1]}, "y", where)))
    return points


def rectangle(x: float, y: float, width_ft: float, depth_ft: float, rotation_deg: float) -> Polygon:
    """A rectangle centred on (x, y), `width_ft` east-west and `depth_ft` north-south before
    it is turned `rotation_deg` clockwise (as a compass bearing turns)."""
    half_w, half_d = metres(width_ft) / 2, metres(depth_ft) / 2
    shape = box(x - half_w, y - half_d, x + half_w, y + half_d)
    return affinity.rotate(shape, -rotation_deg, origin=(x, y))


def parse_shape(data, position: int) -> Shape:
    where = f"Shape {position}"
    if not isinstance(data, dict):
        raise ShapeError(f"{where}: must be an object.")
    ident = data.get("id")
    if not isinstance(ident, str) or not ident.strip() or len(ident) > 20:
        raise ShapeError(f"{where}: id must be a short name (1 to 20 characters).")
    if not ident.isprintable():
        raise ShapeError(f"{where}: id must be printable (no control characters).")
    where = f"Shape {ident}"
    kind, form = data.get("kind"), data.get("form")
    if kind not in KINDS:
        raise ShapeError(f"{where}: kind must be one of {', '.join(KINDS)}.")
    if form not in FORMS:
        raise ShapeError(f"{where}: form must be one of {', '.join(FORMS)}.")
    if form == "rect":
        geometry = rectangle(
            _number(data, "x", where),
            _number(data, "y", where),
            _number(data, "width_ft", where, 0.5, MAX_SIZE_FT),
            _number(data, "depth_ft", where, 0.5, MAX_SIZE_FT),
            _number(data, "rotation_deg", where, -360, 360),
        )
    elif form == "point":
        geometry = Point(_number(data, "x", where), _number(data, "y", where))
    elif form == "line":
        geometry = LineString(_points(data, where, 2))
    else:
        geometry = Polygon(_points(data, where, 3))
        if not geometry.is_valid:
            raise ShapeError(f"{where}: the outline is broken ({explain_validity(geometry)}).")
    if kind == "structure" and form not in ("rect", "polygon"):
        raise ShapeError(f"{where}: a structure is drawn as a rectangle or a polygon.")
    return Shape(id=ident.strip(), kind=kind, geometry=geometry, data=data)


def beyond_reach(shapes: list[Shape], lot: BaseGeometry, reach_ft: float) -> list[str]:
    """The shapes that do not lie wholly within `reach_ft` of the lot's bounding box."""
    min_x, min_y, max_x, max_y = lot.bounds
    zone = box(min_x, min_y, max_x, max_y).buffer(metres(reach_ft), join_style=2)
    return [
        f"Shape {shape.id}: it lies beyond {reach_ft:,.0f} ft of the lot; draw it on the lot "
        "or near it."
        for shape in shapes
        if not zone.covers(shape.geometry)
    ]


def parse_shapes(raw) -> list[Shape]:
    if not isinstance(raw, list):
        raise ShapeError("The plan must be a list of shapes.")
    if len(raw) > MAX_SHAPES:
        raise ShapeError(f"A plan holds at most {MAX_SHAPES} shapes.")
    shapes = [parse_shape(item, index + 1) for index, item in enumerate(raw)]
    ids = [s.id for s in shapes]
    doubled = sorted({i for i in ids if ids.count(i) > 1})
    if doubled:
        raise ShapeError(f"Shape {doubled[0]}: two shapes have this id.")
    return shapes
