"""§20-18 keeping of pigeons: the loft floor space the facts can decide."""

from __future__ import annotations

from collections.abc import Iterator

from ..context import Context
from ..findings import FAIL, Finding
from ._common import total_area


def loft_floor_space(ctx: Context) -> Iterator[Finding]:
    """§20-18(3): a loft with at least 1 sq ft of floor for each mature pigeon.

    All lofts are added together. Other structures (coops, pens) do not count: §20-18 speaks of
    lofts. §20-18 numbers only its first two paragraphs; the floor-space paragraph is counted as
    (3), reading the disinfection sentence as part of the cleaning paragraph (2).
    """
    if not ctx.has_pigeons:
        return
    spec = ctx.rules["20-18.3"]
    lofts = ctx.of_kind("loft")
    if not lofts:
        yield Finding(
            spec.rule, spec.citation, FAIL, None, "Pigeons are kept but no loft is described."
        )
        return
    mature = ctx.mature_pigeons
    required = None if mature is None else mature * spec.value("sqft_per_mature_pigeon")
    yield total_area(spec, "The loft floor area", lofts, required)
