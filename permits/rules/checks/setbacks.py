"""§20-15(4) setbacks of animal structures; §20-16(2) manure pits and receptacles from dwellings.

All of them measure a structure's distance from a feature against a minimum, so they share
:func:`setback_findings`; which structure kinds each binds, which distances it measures and its
figures are ruleset data.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from ..context import Context
from ..findings import MISSING, PASS, Finding
from ..wording import listing, num
from ._common import Number, distance_finding, nearest


def setback_findings(
    ctx: Context,
    rule: str,
    regulation_minimum: Callable[[Number], tuple[Number, str]] | None = None,
) -> Iterator[Finding]:
    """One finding for each structure the setback ``rule`` binds.

    The minimum is the ruleset's figure for the structure's kind (optionally adjusted by
    ``regulation_minimum``), raised to the Board's enlargement for this case when that is larger
    (§20-15(4), last paragraph).
    """
    spec = ctx.rules[rule]
    interp = ctx.interpretations
    binding = interp.setback_bindings[rule]
    fields = interp.setback_features[rule]
    feature = interp.setback_feature_labels[rule]
    horizon = interp.absent_distance_beyond_ft
    enlarged = ctx.enlargements.get(rule)
    for structure in ctx.structures:
        figure = binding.get(structure.kind)
        if figure is None:
            continue
        required = spec.value(figure)
        note = ""
        if regulation_minimum is not None:
            required, note = regulation_minimum(required)
        if enlarged is not None and enlarged > required:
            required, note = enlarged, " (as enlarged by the Board)"
        yield distance_finding(
            spec,
            structure.id,
            ctx.names[structure.id],
            feature,
            nearest(structure.distances, fields),
            required,
            horizon,
            note,
            unknown=structure.distances_unknown,
        )


def abutting_property_line(ctx: Context) -> Iterator[Finding]:
    """§20-15(4)(a): housing at least 50 ft from any abutting property line."""
    return setback_findings(ctx, "20-15.4.a")


def wetland_or_watercourse(ctx: Context) -> Iterator[Finding]:
    """§20-15(4)(b): housing at least 100 ft from the nearer of wetland and watercourse.

    The text says "Conservation Committee"; read as the Conservation Commission. A distance it
    authorized replaces the 100 ft when smaller, but never goes under the 50 ft floor; a figure
    larger than the regulation's is not an authorization to reduce and is ignored.
    """
    spec = ctx.rules["20-15.4.b"]
    authorized = ctx.facts.approvals.conservation_commission_wetland_ft
    if authorized is None:
        return setback_findings(ctx, "20-15.4.b")
    floor = spec.value("floor_ft")

    def commission_minimum(regulation: Number) -> tuple[Number, str]:
        if authorized >= regulation:
            return regulation, ""
        if authorized <= floor:
            return floor, f" (the Conservation Commission may not go below {num(floor)} ft)"
        return authorized, " (as the Conservation Commission authorized)"

    return setback_findings(ctx, "20-15.4.b", commission_minimum)


def drinking_water_well(ctx: Context) -> Iterator[Finding]:
    """§20-15(4)(d): housing at least 100 ft from any drinking-water well."""
    return setback_findings(ctx, "20-15.4.d")


def sewage_disposal_area(ctx: Context) -> Iterator[Finding]:
    """§20-15(4)(e): housing at least 10 ft from any part of an individual sewage disposal area."""
    return setback_findings(ctx, "20-15.4.e")


def public_way(ctx: Context) -> Iterator[Finding]:
    """§20-15(4)(f): stables at least 35 ft, corrals at least 15 ft, from any public way.

    Only stables and corrals are named, so other housing (coops, pens...) has no such setback.
    """
    return setback_findings(ctx, "20-15.4.f")


def manure_storage_from_dwellings(ctx: Context) -> Iterator[Finding]:
    """§20-16(2): manure kept in a pit or receptacle, each 100 ft from any dwelling.

    The paragraph binds all manure, so a plan that describes no pit or receptacle (of the
    ruleset's ``manure_containment_kinds``) is ``missing``. "Any dwelling" includes the
    applicant's own, so the nearer of ``dwelling`` and ``abutting_dwelling`` counts, for a
    receptacle and (revision 3) a burial pit alike: the pit is the paragraph's "pit", and
    §20-16(3)(b)'s abutting-dwelling figure adds to it, not replaces it. The Board's §20-15(4)
    power to enlarge does not reach it.
    """
    spec = ctx.rules["20-16.2"]
    kinds = ctx.interpretations.manure_containment_kinds
    containers = [s for s in ctx.structures if s.kind in kinds]
    if not containers:
        yield Finding(
            spec.rule,
            spec.citation,
            MISSING,
            None,
            "The plan describes no pit or receptacle in which manure is kept.",
        )
        return
    distances = list(setback_findings(ctx, "20-16.2"))
    if distances:
        yield from distances
        return
    names = listing([ctx.names[s.id] for s in containers])
    yield Finding(spec.rule, spec.citation, PASS, None, f"Manure is kept in {names}.")
