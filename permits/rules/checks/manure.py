"""§20-16(3) handling of manure: no stockpiles, burial pits, composting."""

from __future__ import annotations

from collections.abc import Iterator

from ..context import Context
from ..findings import FAIL, MISSING, PASS, Finding
from ._common import at_least, distance_finding, nearest, verdict

_METHOD_WORDS = {
    "receptacle": "kept in a receptacle",
    "burial": "buried in a pit",
    "compost": "composted",
    "off_site": "removed off site",
    "stockpile": "stockpiled",
}


def no_stockpiling(ctx: Context) -> Iterator[Finding]:
    """§20-16(3)(a): no manure kept outside a pit or receptacle.

    The application must say how manure is handled: no method is ``missing`` (undecidable),
    the method ``stockpile`` fails.
    """
    spec = ctx.rules["20-16.3.a"]
    method = ctx.facts.manure.method
    if method is None:
        yield Finding(
            spec.rule,
            spec.citation,
            MISSING,
            None,
            "The application does not say how manure is handled.",
        )
    elif method == "stockpile":
        yield Finding(
            spec.rule,
            spec.citation,
            FAIL,
            None,
            "Manure is to be stockpiled; it must be kept in a pit or receptacle.",
        )
    else:
        yield Finding(spec.rule, spec.citation, PASS, None, f"Manure is {_METHOD_WORDS[method]}.")


def burial_pits(ctx: Context) -> Iterator[Finding]:
    """§20-16(3)(b): each manure burial pit's distances, soil and depth above groundwater.

    "Any lot line" is the nearer of the pit's ``property_line`` and ``lot_line`` distances
    (ruleset ``lot_line_features``: a lot line along a way counts too); "surface or
    sub-surface watercourses" its ``watercourse`` distance. Burial declared as the method with
    no pit described is ``missing``: the pit's siting is a fact needed to decide.
    """
    spec = ctx.rules["20-16.3.b"]
    pits = ctx.of_kind("manure_burial_pit")
    if not pits and ctx.facts.manure.method == "burial":
        yield Finding(
            spec.rule,
            spec.citation,
            MISSING,
            None,
            "Manure is to be buried, but no manure burial pit is described.",
        )
        return
    horizon = ctx.interpretations.absent_distance_beyond_ft
    lot_lines = ctx.interpretations.lot_line_features
    for pit in pits:
        name = ctx.names[pit.id]
        distances = pit.distances
        yield distance_finding(
            spec,
            pit.id,
            name,
            "lot line",
            nearest(distances, lot_lines),
            spec.value("property_line_ft"),
            horizon,
            unknown=pit.distances_unknown,
        )
        yield distance_finding(
            spec,
            pit.id,
            name,
            "abutting dwelling",
            distances.abutting_dwelling,
            spec.value("abutting_dwelling_ft"),
            horizon,
            unknown=pit.distances_unknown,
        )
        yield distance_finding(
            spec,
            pit.id,
            name,
            "watercourse",
            distances.watercourse,
            spec.value("watercourse_ft"),
            horizon,
            unknown=pit.distances_unknown,
        )
        yield at_least(
            spec,
            pit.id,
            f"The bottom of {name} above maximum groundwater",
            pit.groundwater_clearance_ft,
            spec.value("groundwater_clearance_ft"),
            "ft",
        )
        if pit.well_drained:
            yield verdict(spec, True, pit.id, f"{name} is in well-drained soil.")
        else:
            yield verdict(spec, False, pit.id, f"{name} is not shown to be in well-drained soil.")


def composting(ctx: Context) -> Iterator[Finding]:
    """§20-16(3)(e): manure is composted only with the Board's specific approval."""
    if ctx.facts.manure.method != "compost":
        return
    spec = ctx.rules["20-16.3.e"]
    if ctx.facts.approvals.composting:
        yield verdict(spec, True, None, "The Board approved composting manure.")
    else:
        yield verdict(
            spec, False, None, "Composting manure needs the Board's approval, not recorded."
        )
