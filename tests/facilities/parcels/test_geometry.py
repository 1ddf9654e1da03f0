"""The map's search: the parcels and footprints near a lot, found through the tile index."""

from __future__ import annotations

import random

import pytest
from shapely.geometry import box

from facilities.parcels.geometry import TILE_M, bbox_fields, to_wkt
from facilities.parcels.models import Footprint

pytestmark = pytest.mark.django_db

X0, Y0 = 230_000.0, 910_000.0


def _meets(shape, window) -> bool:
    min_x, min_y, max_x, max_y = window
    return not (
        shape.max_x < min_x or shape.min_x > max_x or shape.max_y < min_y or shape.min_y > max_y
    )


def test_the_search_finds_exactly_the_shapes_whose_box_meets_the_window():
    """Shapes from a shed to a street longer than many tiles, at random places: the tile index
    must find every one a plain scan of the bounding boxes finds, and no other."""
    rng = random.Random(20)
    sizes = [3, 30, 120, TILE_M - 1, TILE_M, TILE_M + 1, 700, 4000]
    for n in range(600):
        x, y = X0 + rng.uniform(-500, 3000), Y0 + rng.uniform(-500, 3000)
        outline = box(x, y, x + rng.choice(sizes), y + rng.choice(sizes))
        Footprint.objects.create(
            source_id=str(n), geometry_wkt=to_wkt(outline), **bbox_fields(outline)
        )
    shapes = list(Footprint.objects.all())
    assert any(s.tile is None for s in shapes) and any(s.tile is not None for s in shapes)
    for _ in range(150):
        x, y = X0 + rng.uniform(-200, 2800), Y0 + rng.uniform(-200, 2800)
        bounds = (x, y, x + rng.uniform(0, 300), y + rng.uniform(0, 300))
        margin = rng.choice([0.0, 10.0, 101.44, 250.0])
        window = (bounds[0] - margin, bounds[1] - margin, bounds[2] + margin, bounds[3] + margin)
        expected = {s.pk for s in shapes if _meets(s, window)}
        assert set(Footprint.objects.near(bounds, margin).values_list("pk", flat=True)) == expected
