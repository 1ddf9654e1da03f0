"""Building blocks shared by the checks, so that every comparison reads and words the same.

Every comparison in the contract is "at least" (or, for a ceiling, "at most"): a value equal
to the figure passes.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..facts import Distances, Structure
from ..findings import FAIL, MISSING, PASS, Finding
from ..ruleset_model import RuleSpec
from ..wording import num, quantity

Number = int | float


def verdict(spec: RuleSpec, ok: bool, subject: str | None, message: str) -> Finding:
    """A yes/no finding that compares no quantity."""
    return Finding(spec.rule, spec.citation, PASS if ok else FAIL, subject, message)


def at_least(
    spec: RuleSpec,
    subject: str | None,
    what: str,
    actual: Number | None,
    required: Number | None,
    unit: str,
    spoken_unit: str | None = None,
) -> Finding:
    """``actual >= required``; ``missing`` when either side is unknown."""
    said = unit if spoken_unit is None else spoken_unit
    if required is None:
        return Finding(
            spec.rule,
            spec.citation,
            MISSING,
            subject,
            f"{what} cannot be judged: the figure it must reach is not known.",
            required,
            actual,
            unit,
        )
    need = quantity(required, said)
    if actual is None:
        return Finding(
            spec.rule,
            spec.citation,
            MISSING,
            subject,
            f"{what} is not known; at least {need} is required.",
            required,
            actual,
            unit,
        )
    return Finding(
        spec.rule,
        spec.citation,
        PASS if actual >= required else FAIL,
        subject,
        f"{what} is {quantity(actual, said)}; at least {need} is required.",
        required,
        actual,
        unit,
    )


def at_most(
    spec: RuleSpec,
    subject: str | None,
    what: str,
    actual: Number | None,
    allowed: Number,
    unit: str,
    spoken_unit: str | None = None,
) -> Finding:
    """``actual <= allowed``; ``missing`` when the actual value is unknown."""
    said = unit if spoken_unit is None else spoken_unit
    most = quantity(allowed, said)
    if actual is None:
        return Finding(
            spec.rule,
            spec.citation,
            MISSING,
            subject,
            f"{what} is not known; at most {most} is allowed.",
            allowed,
            actual,
            unit,
        )
    return Finding(
        spec.rule,
        spec.citation,
        PASS if actual <= allowed else FAIL,
        subject,
        f"{what} is {quantity(actual, said)}; at most {most} is allowed.",
        allowed,
        actual,
        unit,
    )


def nearest(distances: Distances, fields: tuple[str, ...]) -> Number | None:
    """The smallest of the named distances that are given; ``None`` when none is."""
    best = None
    for name in fields:
        value = getattr(distances, name)
        if value is not None and (best is None or value < best):
            best = value
    return best


def distance_finding(
    spec: RuleSpec,
    subject: str,
    name: str,
    feature: str,
    actual: Number | None,
    required: Number,
    horizon: Number,
    note: str = "",
    unknown: bool = False,
) -> Finding:
    """One structure's distance from one feature, against its minimum.

    An absent distance means the feature is not within ``horizon`` feet (the contract's 300):
    that settles any minimum up to the horizon, and leaves a larger (enlarged) one ``missing``.
    ``unknown`` (the structure's ``distances_unknown``): no figure is known, ``missing``.
    """
    need = num(required)
    if unknown:
        return Finding(
            spec.rule,
            spec.citation,
            MISSING,
            subject,
            f"{name}'s distance from the {feature} is not known: the site plan no longer draws "
            f"it; at least {need} ft is required{note}.",
            required,
            None,
            "ft",
        )
    if actual is None:
        status = PASS if required <= horizon else MISSING
        return Finding(
            spec.rule,
            spec.citation,
            status,
            subject,
            f"{name} has no {feature} within {num(horizon)} ft; at least {need} ft is "
            f"required{note}.",
            required,
            None,
            "ft",
        )
    return Finding(
        spec.rule,
        spec.citation,
        PASS if actual >= required else FAIL,
        subject,
        f"{name} is {num(actual)} ft from the {feature}; at least {need} ft is required{note}.",
        required,
        actual,
        "ft",
    )


def total_area(
    spec: RuleSpec,
    what: str,
    structures: Iterable[Structure],
    required: Number | None,
) -> Finding:
    """The floor areas of ``structures`` added together, against ``required`` sq ft.

    Areas that are unknown are left out of the sum; if the known areas already reach the
    minimum the rule passes, otherwise the unknown ones make it ``missing``.
    """
    total: Number = 0
    unknown: list[str] = []
    for structure in structures:
        if structure.area_sqft is None:
            unknown.append(structure.id)
        else:
            total += structure.area_sqft
    if required is None:
        return at_least(spec, None, what, total, None, "sq ft")
    if unknown and total < required:
        return Finding(
            spec.rule,
            spec.citation,
            MISSING,
            None,
            f"{what} is not known (no area for {', '.join(unknown)}); at least "
            f"{num(required)} sq ft is required.",
            required,
            None,
            "sq ft",
        )
    return at_least(spec, None, what, total, required, "sq ft")
