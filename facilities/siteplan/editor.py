"""The editor's side of the plan: shapes as form fields in feet from the lot's south-west
corner (what a person reads off a paper plan), and the map around the lot for drawing.

The stored plan is in state-plane metres; the form and the browser work in local feet, so a
clerk typing "40 ft east, 30 ft north" never meets a coordinate like 231004.7.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from shapely.geometry.base import BaseGeometry

from facilities.parcels.geometry import feet, metres
from facilities.siteplan.shapes import MAX_POINTS

FIELDS = ("id", "kind", "form", "x", "y", "width_ft", "depth_ft", "rotation_deg", "points")
NUMBER_FIELDS = ("x", "y", "width_ft", "depth_ft", "rotation_deg")
MAX_ROWS = 60
# No number typed in the editor is more than this many feet (about two miles) from the lot's
# corner; the plan's reach (shapes.PLAN_REACH_FT) is checked on the shapes themselves.
MAX_FEET = 10_000


@dataclass(frozen=True)
class Origin:
    """The lot's south-west corner (bounding box), in metres."""

    x: float
    y: float

    @classmethod
    def of(cls, parcel_shape: BaseGeometry) -> Origin:
        min_x, min_y, _, _ = parcel_shape.bounds
        return cls(min_x, min_y)

    def to_local(self, x: float, y: float) -> tuple[float, float]:
        return round(feet(x - self.x), 1), round(feet(y - self.y), 1)

    def to_map(self, x_ft: float, y_ft: float) -> tuple[float, float]:
        return round(self.x + metres(x_ft), 3), round(self.y + metres(y_ft), 3)


def _points_text(points, origin: Origin) -> str:
    return " ".join("{},{}".format(*origin.to_local(x, y)) for x, y in points)


def rows_from_shapes(shapes: list[dict], origin: Origin) -> list[dict]:
    """The stored shapes as rows of the number form (feet from the lot's corner)."""
    rows = []
    for shape in shapes:
        row = {name: shape.get(name, "") for name in ("id", "kind", "form")}
        if "x" in shape and "y" in shape:
            row["x"], row["y"] = origin.to_local(shape["x"], shape["y"])
        for name in ("width_ft", "depth_ft", "rotation_deg"):
            row[name] = shape.get(name, "")
        row["points"] = _points_text(shape.get("points") or [], origin)
        rows.append(row)
    return rows


class FormProblem(ValueError):
    pass


def _float(value: str, label: str) -> float:
    text = str(value).strip()
    try:
        number = float(text) if len(text) <= 24 else math.nan
    except ValueError as error:
        raise FormProblem(f"{label}: {value!r} is not a number of feet.") from error
    if not math.isfinite(number):
        raise FormProblem(f"{label}: {value!r} is not a number of feet.")
    if abs(number) > MAX_FEET:
        raise FormProblem(f"{label}: {number:g} ft is beyond the plan (at most {MAX_FEET:,} ft).")
    return number


def _parse_points(text: str, label: str, origin: Origin) -> list[list[float]]:
    pairs = str(text).replace(";", " ").split()
    if len(pairs) > MAX_POINTS:
        raise FormProblem(f"{label}: at most {MAX_POINTS} corners.")
    points = []
    for pair in pairs:
        try:
            x_text, y_text = pair.split(",")
        except ValueError as error:
            raise FormProblem(f"{label}: write each corner as east,north (e.g. 40,30).") from error
        x, y = origin.to_map(_float(x_text, label), _float(y_text, label))
        points.append([x, y])
    return points


def shapes_from_post(data, origin: Origin) -> list[dict]:
    """The posted number form as stored shapes (metres); problems name the shape and field."""
    try:
        count = min(int(data.get("shape-count", "0")), MAX_ROWS)
    except ValueError as error:
        raise FormProblem("The form was damaged; reload the page.") from error
    shapes = []
    for index in range(count):
        prefix = f"s{index}-"
        if data.get(prefix + "remove") or not data.get(prefix + "id", "").strip():
            continue
        ident = data.get(prefix + "id", "").strip()
        form = data.get(prefix + "form", "")
        shape: dict = {"id": ident, "kind": data.get(prefix + "kind", ""), "form": form}
        if form in ("rect", "point"):
            x = _float(data.get(prefix + "x", ""), f"{ident}, east")
            y = _float(data.get(prefix + "y", ""), f"{ident}, north")
            shape["x"], shape["y"] = origin.to_map(x, y)
        if form == "rect":
            for name, label in (
                ("width_ft", "width"),
                ("depth_ft", "depth"),
                ("rotation_deg", "turn"),
            ):
                shape[name] = _float(data.get(prefix + name, ""), f"{ident}, {label}")
        if form in ("polygon", "line"):
            shape["points"] = _parse_points(
                data.get(prefix + "points", ""), f"{ident}, corners", origin
            )
        shapes.append(shape)
    return shapes


def _rings(geometry: BaseGeometry, origin: Origin) -> list[list[tuple[float, float]]]:
    polygons = getattr(geometry, "geoms", [geometry])
    return [
        [origin.to_local(x, y) for x, y in p.exterior.coords]
        for p in polygons
        if hasattr(p, "exterior")
    ]


def map_data(parcel, parcels, footprints, origin: Origin) -> dict:
    """The map around the lot in local feet, for the browser to draw under the plan."""
    lot = parcel.shape
    return {
        "lot": _rings(lot, origin),
        "neighbours": [
            {"rings": _rings(p.shape, origin), "label": p.site_address or "", "way": p.is_way}
            for p in parcels
        ],
        "footprints": [_rings(f.shape, origin) for f in footprints],
        "extent": [
            *origin.to_local(lot.bounds[0], lot.bounds[1]),
            *origin.to_local(lot.bounds[2], lot.bounds[3]),
        ],
    }
