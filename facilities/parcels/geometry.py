"""Geometry stored as plain text, read with Shapely: no GDAL or SpatiaLite is needed.

Every coordinate is in NAD83 Massachusetts Mainland, metres (EPSG:26986), the system the
MassGIS standardized parcels use; distances shown to people are converted to feet here only.
"""

from __future__ import annotations

from functools import lru_cache

import shapely
from shapely.geometry.base import BaseGeometry

STATE_PLANE = 26986
METRES_PER_FOOT = 0.3048
SQ_METRES_PER_ACRE = 4046.8564224


def feet(metres: float) -> float:
    return metres / METRES_PER_FOOT


def metres(feet_: float) -> float:
    return feet_ * METRES_PER_FOOT


def acres(square_metres: float) -> float:
    return square_metres / SQ_METRES_PER_ACRE


@lru_cache(maxsize=4096)
def from_wkt(text: str) -> BaseGeometry:
    """The geometry of stored WKT (cached: pages and drafts read the same parcels often)."""
    return shapely.from_wkt(text)


def to_wkt(geometry: BaseGeometry) -> str:
    # Centimetres are finer than any assessor map and keep the text short.
    return shapely.to_wkt(geometry, rounding_precision=2, trim=True)


def bbox_fields(geometry: BaseGeometry) -> dict[str, float]:
    min_x, min_y, max_x, max_y = geometry.bounds
    return {"min_x": min_x, "min_y": min_y, "max_x": max_x, "max_y": max_y}


def loc_id_for(geometry: BaseGeometry) -> str:
    """A LOC_ID in the MassGIS manner: M_ + the easting and northing (whole metres) of a
    point inside the parcel."""
    point = geometry.representative_point()
    return f"M_{round(point.x)}_{round(point.y)}"
