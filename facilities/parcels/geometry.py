"""Geometry stored as plain text, read with Shapely: no GDAL or SpatiaLite is needed.

Every coordinate is in NAD83 Massachusetts Mainland, metres (EPSG:26986), the system the
MassGIS standardized parcels use; distances shown to people are converted to feet here only.
"""

from __future__ import annotations

import math
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


# The side, in metres, of the square tiles that index the map (Parcel.tile): a shape that fits
# in a tile is filed under the tile holding the centre of its bounding box, a larger one (a
# street's right of way, a reservoir) under none, and every search reads those few.
TILE_M = 200.0
# A tile's number: its column times this, plus its row (Massachusetts has under 5,000 rows).
_TILE_ROWS = 100_000


def _tile(column: int, row: int) -> int:
    return column * _TILE_ROWS + row


def bbox_fields(geometry: BaseGeometry) -> dict[str, float | int | None]:
    min_x, min_y, max_x, max_y = geometry.bounds
    return {
        "min_x": min_x,
        "min_y": min_y,
        "max_x": max_x,
        "max_y": max_y,
        "tile": tile_of(min_x, min_y, max_x, max_y),
    }


def tile_of(min_x: float, min_y: float, max_x: float, max_y: float) -> int | None:
    """The tile a bounding box is filed under, or None when it does not fit in one."""
    if max_x - min_x > TILE_M or max_y - min_y > TILE_M:
        return None
    return _tile(math.floor((min_x + max_x) / 2 / TILE_M), math.floor((min_y + max_y) / 2 / TILE_M))


def tiles_meeting(min_x: float, min_y: float, max_x: float, max_y: float) -> list[int]:
    """The tiles whose shapes can meet the box: a shape that fits a tile has its centre within
    half a tile of anything it meets."""
    half = TILE_M / 2
    columns = range(math.floor((min_x - half) / TILE_M), math.floor((max_x + half) / TILE_M) + 1)
    rows = range(math.floor((min_y - half) / TILE_M), math.floor((max_y + half) / TILE_M) + 1)
    return [_tile(column, row) for column in columns for row in rows]


def loc_id_for(geometry: BaseGeometry) -> str:
    """A LOC_ID in the MassGIS manner: M_ + the easting and northing (whole metres) of a
    point inside the parcel."""
    point = geometry.representative_point()
    return f"M_{round(point.x)}_{round(point.y)}"
