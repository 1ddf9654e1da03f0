"""§20-17 keeping of horses. Ponies, donkeys and mules count as horses (ruleset data)."""

from __future__ import annotations

from collections.abc import Iterator

from ..context import Context
from ..findings import FAIL, PASS, Finding
from ..wording import listing, num
from ._common import Number, at_least, at_most, total_area, verdict


def _per_equine(first: Number, additional: Number, equines: int | None) -> Number | None:
    """``first`` for one equine plus ``additional`` for each after it; ``None`` if unknown."""
    if equines is None:
        return None
    return first + additional * max(equines - 1, 0)


def number_and_lot_size(ctx: Context) -> Iterator[Finding]:
    """§20-17(1): no more than three equines, and an acre of lot for each.

    "Additional and maximum of three (3) horses" is read as three in all (ruleset data
    ``equine_maximum_is_in_all``); one acre for the first and one per additional is one acre per
    equine.
    """
    if not ctx.has_equines:
        return
    spec = ctx.rules["20-17.1"]
    equines = ctx.equines
    what = "The number of equines kept"
    others = ctx.facts.lot.equines_under_other_permits
    if others and ctx.interpretations.equines_counted_per_lot:
        # The lot's horses, not the application's: a second permit cannot add a fourth.
        what = f"The number of equines on the lot ({num(others)} under other permits)"
        equines = None if equines is None else equines + others
    maximum = spec.value("maximum_equines")
    if not ctx.interpretations.equine_maximum_is_in_all:
        maximum += 1
    yield at_most(spec, None, what, equines, maximum, "equines", "")
    acres = None if equines is None else equines * spec.value("acres_per_equine")
    yield at_least(spec, None, "The lot's area", ctx.facts.lot.area_acres, acres, "acres")


#: The §20-17(2) site conditions, in the order of their findings (ruleset: porous_fill_remedies).
_SITE_CONDITIONS = ("flood_prone", "stagnant_water", "impervious")


def site_conditions(ctx: Context) -> Iterator[Finding]:
    """§20-17(2): well-drained land, not flood-prone, no stagnant water, not impervious.

    Impervious is a percolation rate slower than 20 minutes per inch (§20-14). Porous fill
    inspected by the Board, deep and wide enough, remedies the conditions the ruleset lists in
    ``porous_fill_remedies``: impervious soil and standing water, since the filled grade stands
    above the surrounding ground. Revision 3: "not susceptible to flooding" is a property of
    the land, so a flood-prone lot fails whatever the fill.
    """
    if not ctx.has_equines:
        return
    spec = ctx.rules["20-17.2"]
    lot = ctx.facts.lot
    site = [
        verdict(
            spec,
            not lot.flood_prone,
            None,
            "The lot is flood-prone." if lot.flood_prone else "The lot is not flood-prone.",
        ),
        verdict(
            spec,
            not lot.stagnant_water,
            None,
            "Stagnant water collects on the lot."
            if lot.stagnant_water
            else "No stagnant water collects on the lot.",
        ),
        at_most(
            spec,
            None,
            "The soil's percolation rate",
            lot.percolation_min_per_inch,
            spec.value("max_percolation_min_per_inch"),
            "min/inch",
        ),
    ]
    problems = {
        name for name, finding in zip(_SITE_CONDITIONS, site, strict=True) if finding.status != PASS
    }
    fill = lot.porous_fill
    if not problems or fill is None:
        yield from site
        return
    fill_findings = [
        at_least(
            spec, None, "The porous fill's depth", fill.depth_in, spec.value("fill_depth_in"), "in"
        ),
        at_least(
            spec,
            None,
            "The porous fill's extent beyond the facility",
            fill.extends_ft,
            spec.value("fill_extends_ft"),
            "ft",
        ),
        verdict(
            spec,
            fill.board_inspected,
            None,
            "The Board inspected the excavation before filling."
            if fill.board_inspected
            else "The Board has not inspected the excavation before filling.",
        ),
    ]
    fill_ok = all(f.status == PASS for f in fill_findings)
    remedies = ctx.interpretations.porous_fill_remedies
    for name, finding in zip(_SITE_CONDITIONS, site, strict=True):
        if fill_ok and name in problems:
            if name in remedies:
                finding = finding._replace(
                    status=PASS, message=f"{finding.message} Remedied by inspected porous fill."
                )
            else:
                finding = finding._replace(
                    message=f"{finding.message} Porous fill does not cure it: the land itself "
                    "must not be susceptible to flooding."
                )
        yield finding
    yield from fill_findings


def corral(ctx: Context) -> Iterator[Finding]:
    """§20-17(3): a corral, each fence at least 6 ft high, enough corral area.

    The area is 1,000 sq ft for one equine plus 300 for each additional; "including the stable
    site" is read (ruleset data ``corral_area_includes_stable_site``) as counting the stables'
    floor area toward it. Equines with no corral at all fail.
    """
    if not ctx.has_equines:
        return
    spec = ctx.rules["20-17.3"]
    corrals = ctx.of_kind("corral")
    if not corrals:
        yield Finding(
            spec.rule, spec.citation, FAIL, None, "Equines are kept but no corral is described."
        )
        return
    for structure in corrals:
        yield at_least(
            spec,
            structure.id,
            f"{ctx.names[structure.id]}'s fence height",
            structure.fence_height_ft,
            spec.value("fence_height_ft"),
            "ft",
        )
    areas = list(corrals)
    what = "The corral area"
    if ctx.interpretations.corral_area_includes_stable_site:
        areas += ctx.of_kind("stable")
        what = "The corral area, stable site included,"
    required = _per_equine(
        spec.value("first_equine_sqft"), spec.value("additional_equine_sqft"), ctx.equines
    )
    yield total_area(spec, what, areas, required)


def stable_size(ctx: Context) -> Iterator[Finding]:
    """§20-17(4): a stable of at least 100 sq ft for one equine plus 60 per additional.

    All stables on the lot are added together; equines with no stable fail.
    """
    if not ctx.has_equines:
        return
    spec = ctx.rules["20-17.4"]
    stables = ctx.of_kind("stable")
    if not stables:
        yield Finding(
            spec.rule, spec.citation, FAIL, None, "Equines are kept but no stable is described."
        )
        return
    required = _per_equine(
        spec.value("first_equine_sqft"), spec.value("additional_equine_sqft"), ctx.equines
    )
    yield total_area(spec, "The stable floor area", stables, required)


def stable_ventilation(ctx: Context) -> Iterator[Finding]:
    """§20-17(4)(b): each stable has a screened window and louvers on opposite sides.

    Checked only where equines are kept, as §20-17 is about horses.
    """
    if not ctx.has_equines:
        return
    spec = ctx.rules["20-17.4.b"]
    for stable in ctx.of_kind("stable"):
        name = ctx.names[stable.id]
        lacking = [
            word
            for word, present in (
                ("a screened window", stable.screened_window),
                ("louvers on opposite sides", stable.opposite_louvers),
            )
            if not present
        ]
        if lacking:
            yield verdict(spec, False, stable.id, f"{name} lacks {listing(lacking)}.")
        else:
            yield verdict(
                spec, True, stable.id, f"{name} has a screened window and opposite louvers."
            )
