"""Every distance the rules need, measured from the drawn plan over the parcel map, in feet.

The contract's distance facts (rules-contract.md) and what each is measured to here:

- property_line: the applicant's lot line where it meets other land (§20-15(4)(a) "abutting
  property line"): the parcel's outline less the stretches along a street or way;
- lot_line: any line of the lot, a line along a way included (§20-16(3)(b));
- public_way: the nearest public right of way (POLY_TYPE ROW) on the map (§20-15(4)(f));
- well, sewage_disposal, wetland, watercourse, dwelling: the drawn features of those kinds;
- abutting_dwelling: building footprints on other parcels, and drawn abutting dwellings.

A feature farther than the ruleset's absent_distance_beyond_ft is "none within" (None), as the
contract reads an absent distance. A kind the plan does not show at all is left out, so the figure
typed for it (say, a neighbour's well read off the applicant's paper plan) still counts.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from shapely.geometry.base import BaseGeometry
from shapely.ops import unary_union

from facilities.choices import DISTANCE_FEATURES, NOT_DRAWN
from facilities.parcels.abutters import TOUCH_M
from facilities.parcels.geometry import feet
from facilities.siteplan.shapes import Shape

# The contract's distance keys the rules read (facilities.choices mirrors the rules' vocabulary).
DISTANCE_FIELDS = tuple(key for key, _ in DISTANCE_FEATURES)

FEATURE_KINDS = {
    "well": "well",
    "septic": "sewage_disposal",
    "wetland": "wetland",
    "watercourse": "watercourse",
    "dwelling": "dwelling",
}


@dataclass
class PlanContext:
    """The map around one lot: its outline, the ways and the other buildings."""

    lot: BaseGeometry
    public_ways: list[BaseGeometry] = field(default_factory=list)
    private_ways: list[BaseGeometry] = field(default_factory=list)
    neighbours: list[BaseGeometry] = field(default_factory=list)
    other_buildings: list[BaseGeometry] = field(default_factory=list)
    beyond_ft: float = 300

    def __post_init__(self):
        boundary = self.lot.boundary
        ways = self.public_ways + self.private_ways
        if ways:
            frontage = unary_union([w.buffer(TOUCH_M) for w in ways])
            abutting = boundary.difference(frontage)
            self.abutting_line = abutting if not abutting.is_empty else None
        else:
            self.abutting_line = boundary
        self.lot_line = boundary


def _nearest(
    geometry: BaseGeometry, features: list[BaseGeometry], beyond_ft: float
) -> float | None:
    distance = min(feet(geometry.distance(f)) for f in features)
    return None if distance > beyond_ft else round(distance, 1)


def measure_structure(structure: BaseGeometry, shapes: list[Shape], context: PlanContext) -> dict:
    """The measured distances (ft) of one structure, by the contract's keys."""
    beyond = context.beyond_ft
    measured: dict[str, float | None] = {
        "lot_line": round(feet(structure.distance(context.lot_line)), 1),
    }
    if context.abutting_line is not None:
        measured["property_line"] = round(feet(structure.distance(context.abutting_line)), 1)
    if context.public_ways:
        measured["public_way"] = _nearest(structure, context.public_ways, beyond)
    for kind, key in FEATURE_KINDS.items():
        features = [s.geometry for s in shapes if s.kind == kind]
        if features:
            measured[key] = _nearest(structure, features, beyond)
    abutting = [s.geometry for s in shapes if s.kind == "abutting_dwelling"]
    abutting += context.other_buildings
    if abutting:
        measured["abutting_dwelling"] = _nearest(structure, abutting, beyond)
    return measured


def measure_plan(shapes: list[Shape], context: PlanContext) -> dict[str, dict]:
    """Measured distances of every structure on the plan, by structure label."""
    return {
        shape.id: measure_structure(shape.geometry, shapes, context)
        for shape in shapes
        if shape.kind == "structure"
    }


def measured_after_plan(structure, figures: dict | None) -> dict | None:
    """What a structure keeps as measured once a plan is saved (or rechecked) with `figures`
    for it: the figures; or, drawn before and not now, the mark that they are unknown."""
    if figures is not None:
        return figures
    if getattr(structure, "measured_distances_ft", None) is not None:
        return {NOT_DRAWN: True}
    return None
