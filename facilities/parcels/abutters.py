"""The abutter list drafted from the parcel map, by §20-14's definition of Abutter.

§20-14: "Abutter: a) owners of the abutting land, b) land opposite any public or private
street or way, and c) Abutters to Abutters within three hundred (300) feet of a property line
of the applicant", the owners "as they appear on the most recent tax lists".

The readings taken, where the text leaves room:

(a) Abutting land: a taxed parcel whose outline touches the applicant's. Assessor maps are
    digitised, so outlines within `TOUCH_M` (half a metre) of each other count as touching.
(b) Land opposite a street or way: a taxed parcel that fronts the same way polygon
    (POLY_TYPE ROW for a public way, PRIV_ROW for a private one, both named by §20-14) as the
    applicant's lot, and some point of whose outline lies within the way's width of the
    applicant's lot line, i.e. straight across the way, not up or down the street. The width is
    that of the way polygon read as a strip (the rectangle with its area and perimeter), plus
    `ACROSS_SLACK` for a way that meets the lot at a slant. Parcels across an intersection,
    diagonally from the lot, lie farther than the width and are left to the Assessor.
(c) Abutters to abutters within the reach: a taxed parcel that is itself abutting land, or land
    opposite, of a parcel found under (a) or (b), and some part of which lies within
    the reach (the ruleset's abutter_reach_ft, from §20-14) of the applicant's property
    line. Abutters of abutters of abutters are not abutters.

Every owner comes from the parcel table, which holds the most recent tax list imported.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from shapely.geometry.base import BaseGeometry
from shapely.strtree import STRtree

from facilities.parcels.geometry import metres

TOUCH_M = 0.5
ACROSS_SLACK = 1.25  # times the way's width
ABUTTING, OPPOSITE, SECOND = "abutting", "opposite", "second"


@dataclass(frozen=True)
class MapParcel:
    """What the drafting needs of a parcel: its key, outline and whether it is a way."""

    key: int
    geometry: BaseGeometry
    is_way: bool = False
    has_owner: bool = True


def way_width(geometry: BaseGeometry) -> float:
    """The width of a way polygon read as a strip: the short side of the rectangle with the
    same area and perimeter (exact for a straight road, close for a bending one)."""
    area, perimeter = geometry.area, geometry.length
    disc = perimeter * perimeter - 16 * area
    return (perimeter - math.sqrt(max(disc, 0.0))) / 4


class _Map:
    def __init__(self, parcels: list[MapParcel]):
        self.taxed = [p for p in parcels if p.has_owner and not p.is_way]
        self.ways = [p for p in parcels if p.is_way]
        self.tree = STRtree([p.geometry for p in self.taxed])
        self.way_tree = STRtree([p.geometry for p in self.ways])
        self.widths = {p.key: way_width(p.geometry) for p in self.ways}

    def within(self, geometry: BaseGeometry, distance: float) -> list[MapParcel]:
        hits = self.tree.query(geometry, predicate="dwithin", distance=distance)
        return [self.taxed[i] for i in hits]

    def touching(self, parcel: MapParcel) -> set[int]:
        return {p.key for p in self.within(parcel.geometry, TOUCH_M) if p.key != parcel.key}

    def opposite(self, parcel: MapParcel) -> set[int]:
        found: set[int] = set()
        for index in self.way_tree.query(parcel.geometry, predicate="dwithin", distance=TOUCH_M):
            way = self.ways[index]
            across = self.widths[way.key] * ACROSS_SLACK + TOUCH_M
            for other in self.within(parcel.geometry, across):
                if other.key != parcel.key and other.geometry.distance(way.geometry) <= TOUCH_M:
                    found.add(other.key)
        return found

    def neighbours(self, parcel: MapParcel) -> set[int]:
        return self.touching(parcel) | self.opposite(parcel)


def draft_abutters(subject: MapParcel, parcels: list[MapParcel], reach_ft: float) -> dict[int, str]:
    """Map each abutter's key to the kind of abutter it is (ABUTTING, OPPOSITE, SECOND)."""
    world = _Map([p for p in parcels if p.key != subject.key])
    by_key = {p.key: p for p in world.taxed}
    abutting = world.touching(subject)
    opposite = world.opposite(subject) - abutting
    first = abutting | opposite
    reach = metres(reach_ft)
    in_reach = {p.key for p in world.within(subject.geometry, reach)} - first
    second: set[int] = set()
    for key in first:
        second |= world.neighbours(by_key[key]) & in_reach
    result = dict.fromkeys(abutting, ABUTTING)
    result.update(dict.fromkeys(opposite, OPPOSITE))
    result.update(dict.fromkeys(second, SECOND))
    return result


def margin_m(reach_ft: float) -> float:
    """How far around the applicant's lot the map must be loaded: the reach, plus room for
    an abutter's own neighbours across a wide way."""
    return metres(reach_ft) + 120.0
