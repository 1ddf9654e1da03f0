"""§20-15 general requirements that are not setbacks: fencing, water, wild animals, roosters."""

from __future__ import annotations

from collections.abc import Iterator

from ..context import Context
from ..findings import FAIL, Finding
from ..wording import plural
from ._common import verdict


def secure_fencing(ctx: Context) -> Iterator[Finding]:
    """§20-15(7): every facility is securely fenced so that animals cannot escape."""
    spec = ctx.rules["20-15.7"]
    if ctx.facts.facility.securely_fenced:
        yield verdict(spec, True, None, "The facility is securely fenced.")
    else:
        yield verdict(
            spec, False, None, "The facility is not shown to be securely fenced against escape."
        )


def potable_water(ctx: Context) -> Iterator[Finding]:
    """§20-15(9): potable water at each structure that houses animals.

    "Available at the structure" is read as binding each housing structure; corrals and manure
    structures are not where animals are fed and cleaned.
    """
    spec = ctx.rules["20-15.9"]
    for structure in ctx.housing:
        name = ctx.names[structure.id]
        if structure.potable_water:
            yield verdict(spec, True, structure.id, f"{name} has potable water.")
        else:
            yield verdict(spec, False, structure.id, f"{name} has no potable water supply.")


def wild_animals(ctx: Context) -> Iterator[Finding]:
    """§20-15(10): a wild animal only with the Board's express written approval.

    The contract records one approval for the application (``approvals.wild_animal``); it
    covers every wild species listed.
    """
    spec = ctx.rules["20-15.10"]
    approved = ctx.facts.approvals.wild_animal
    for species in ctx.wild_species:
        if approved:
            message = f"The Board gave written approval to keep the wild animal ({species})."
        else:
            message = (
                f"A wild animal ({species}) needs the Board's express written approval, "
                "which is not recorded."
            )
        yield verdict(spec, approved, species, message)


def roosters(ctx: Context) -> Iterator[Finding]:
    """§20-15(11): roosters are prohibited; any rooster kept fails (a variance may waive it)."""
    spec = ctx.rules["20-15.11"]
    for species, count in ctx.prohibited.items():
        if count is None:
            kept = f"{species.capitalize()}s are listed"
        elif count == 1:
            kept = f"1 {species} is listed"
        else:
            kept = f"{plural(count, species)} are listed"
        yield Finding(
            spec.rule,
            spec.citation,
            FAIL,
            species,
            f"{kept}; {species}s are prohibited within Town limits.",
        )
