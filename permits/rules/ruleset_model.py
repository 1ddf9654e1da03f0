"""The shape of a ruleset: the regulation's figures and readings held as data.

An amendment of the regulation becomes a new :class:`Ruleset` with its own effective date, not
an edit of the check functions: every number a check compares against is read from here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import date
from types import MappingProxyType


@dataclass(frozen=True, slots=True)
class Figure:
    """One number the regulation fixes, with its unit (``ft``, ``sq ft``, ``days``...)."""

    value: int | float
    unit: str
    label: str


@dataclass(frozen=True, slots=True)
class RuleSpec:
    """A catalogue rule: what it checks, where the regulation says so, and its figures."""

    rule: str
    citation: str
    title: str
    summary: str
    applies_to: str
    figures: Mapping[str, Figure]
    reading: str = ""

    def value(self, name: str) -> int | float:
        """The figure called ``name`` (raises ``KeyError`` for a figure the rule lacks)."""
        return self.figures[name].value


@dataclass(frozen=True, slots=True)
class Interpretations:
    """Readings of unclear text, recorded as data so the Board can change them.

    Each field names the reading the contract adopts; the checks consult these rather than
    hard-coding a reading.
    """

    equine_species: frozenset[str]
    exempt_species: frozenset[str]
    wild_species: frozenset[str]
    prohibited_species: frozenset[str]
    pigeon_species: frozenset[str]
    poultry_species: frozenset[str]
    housing_kinds: frozenset[str]
    #: "Additional and maximum of three (3) horses" read as three in all (not 1 + 3).
    equine_maximum_is_in_all: bool
    #: §20-17(3) "including the stable site": stable floor area counts toward the corral minimum.
    corral_area_includes_stable_site: bool
    #: Which structure kinds each setback binds, and the figure that applies to each kind.
    setback_bindings: Mapping[str, Mapping[str, str]]
    #: The distance fields each setback measures; the nearest one counts.
    setback_features: Mapping[str, tuple[str, ...]]
    #: How each setback's feature is named in messages.
    setback_feature_labels: Mapping[str, str]
    #: §20-15(4), last paragraph: the setbacks the Board may enlarge case by case.
    enlargeable_rules: frozenset[str]
    #: §20-20(9): a variance request itself needs the hearing, so no variance waives it.
    unwaivable_rules: frozenset[str]
    #: Rule -> the name of its figure below which a variance waives nothing (a distance the
    #: regulation says is "in no event" to be less); findings short of it stay ``fail``.
    variance_floors: Mapping[str, str]
    #: §20-20(8): permits first issued before this day may be renewed under the old rules.
    grandfathering_cutoff: date
    #: The contract: an absent distance means no such feature within this many feet.
    absent_distance_beyond_ft: int
    #: §20-17(2): which site conditions an inspected porous fill remedies.
    porous_fill_remedies: frozenset[str]
    #: §20-16(2): the structure kinds that are a pit or receptacle for manure.
    manure_containment_kinds: frozenset[str]
    #: §20-16(3)(b) "any lot line": the distance fields a burial pit's lot-line setback measures.
    lot_line_features: tuple[str, ...]
    #: §20-17(1): equines under the lot's other active permits count toward its limits.
    equines_counted_per_lot: bool
    #: §20-14, Abutter (c): abutters to abutters count within this many feet of a property
    #: line of the applicant (the abutter list drafted from the parcel map uses it).
    abutter_reach_ft: int


@dataclass(frozen=True, slots=True)
class Husbandry:
    """Figures that the inspection checklist and the pigeon calendar use (§20-16, §20-18)."""

    pigeon_weekly_cleaning_from: tuple[int, int]
    pigeon_weekly_cleaning_to: tuple[int, int]
    pigeon_cleaning_in_season_days: int
    pigeon_cleaning_off_season_days: int
    pigeon_disinfections_per_year: int
    pigeon_training_banned_from_hour: int
    pigeon_training_banned_to_hour: int
    pigeon_training_banned_months: tuple[int, int]
    pigeon_release_after_feeding_hours: int
    dead_animal_disposal_hours: int


@dataclass(frozen=True, slots=True)
class Statement:
    """A sentence a document prints that states what the regulation means (the permit's
    §20-20(3) sentence under the animals authorized): the ruleset's, with its citation, never
    the town's editable wording, so that no setting can change what the regulation says."""

    citation: str
    text: str


@dataclass(frozen=True, slots=True)
class Ruleset:
    """One version of the regulation, in force from ``effective``."""

    id: str
    title: str
    effective: date
    rules: Mapping[str, RuleSpec]
    interpretations: Interpretations
    husbandry: Husbandry
    #: The sentences documents print in the regulation's own meaning, by where they print.
    statements: Mapping[str, Statement] = field(default_factory=lambda: frozen_mapping({}))

    @property
    def catalogue(self) -> tuple[str, ...]:
        """The rule ids in catalogue order."""
        return tuple(self.rules)


def frozen_mapping(items: Mapping) -> Mapping:
    """A read-only view, so that ruleset data cannot be altered after it is built."""
    return MappingProxyType(dict(items))
