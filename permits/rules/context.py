"""What the checks need to know about an application, worked out once per evaluation.

The checks read the facts through this context so that each classification (which animals
count as horses, which structures house animals) is made in one place, from ruleset data.
"""

from __future__ import annotations

from .facts import Facts, Structure
from .ruleset_model import Ruleset
from .wording import structure_name


class Context:
    """The facts, the ruleset, and the derived counts and groupings the checks share."""

    __slots__ = (
        "facts",
        "ruleset",
        "rules",
        "interpretations",
        "on",
        "structures",
        "housing",
        "by_kind",
        "names",
        "enlargements",
        "permit_required",
        "has_equines",
        "equines",
        "has_pigeons",
        "mature_pigeons",
        "prohibited",
        "wild_species",
    )

    def __init__(self, facts: Facts, ruleset: Ruleset) -> None:
        interp = ruleset.interpretations
        self.facts = facts
        self.ruleset = ruleset
        self.rules = ruleset.rules
        self.interpretations = interp
        self.on = facts.application.date
        self.structures = facts.structures
        self.enlargements = dict(facts.setback_enlargements)

        housing_kinds = interp.housing_kinds
        housing: list[Structure] = []
        by_kind: dict[str, list[Structure]] = {}
        names: dict[str, str] = {}
        for structure in facts.structures:
            by_kind.setdefault(structure.kind, []).append(structure)
            names[structure.id] = structure_name(structure.kind, structure.id)
            if structure.kind in housing_kinds:
                housing.append(structure)
        self.housing = housing
        self.by_kind = by_kind
        #: structure id -> how messages name it ("Stable S1").
        self.names = names

        self._classify_animals(facts, interp)

    def _classify_animals(self, facts: Facts, interp) -> None:
        """Sort the animals kept by how the regulation treats them.

        An entry with a count of 0 keeps no animal. A count that is unknown (``None``) is taken
        to keep some, so the rules that need the number report ``missing``. ``"wild": true``
        makes any species wild, so a wild entry is never exempt.
        """
        permit_required = False
        has_equines = has_pigeons = False
        equines: int | None = 0
        mature_pigeons: int | None = 0
        prohibited: dict[str, int | None] = {}
        wild: list[str] = []
        equine_species = interp.equine_species
        for animal in facts.animals:
            count = animal.count
            if count == 0:
                continue
            species = animal.species
            is_wild = animal.wild or species in interp.wild_species
            if not is_wild and species in interp.exempt_species:
                continue
            permit_required = True
            if is_wild and species not in wild:
                wild.append(species)
            if species in equine_species:
                has_equines = True
                equines = None if count is None or equines is None else equines + count
            elif species in interp.pigeon_species:
                has_pigeons = True
                mature = animal.mature
                mature_pigeons = (
                    None if mature is None or mature_pigeons is None else mature_pigeons + mature
                )
            if species in interp.prohibited_species:
                known = prohibited.get(species, 0)
                prohibited[species] = None if count is None or known is None else known + count
        self.permit_required = permit_required
        self.has_equines = has_equines
        self.equines = equines
        self.has_pigeons = has_pigeons
        self.mature_pigeons = mature_pigeons
        self.prohibited = prohibited
        self.wild_species = wild

    def of_kind(self, kind: str) -> list[Structure]:
        return self.by_kind.get(kind, _NONE)


_NONE: list[Structure] = []
