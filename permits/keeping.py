"""A keeping, for comparing two: the animals, and the structures with their distances.

Two comparisons rest on this. What the abutters were told (the keeping as it stood when the
notice was mailed, §20-20(9)) against what the Board is asked to decide; and a renewal against
the permit it renews (§20-20(8): "conditions ... have not changed"; a renewal that asks for
more is a new application, §20-20(3), (9)).

A change enlarges the keeping when it asks for more than was noticed or permitted: more
animals of a species, a species not there before, a structure not there before, or a structure
closer to any feature it keeps a distance from (a line, a well, a wetland, a way...). Fewer
animals, a structure removed or moved farther away shrink it. A snapshot is plain JSON so that
it can be kept on the record as it was.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal

from facilities.choices import DISTANCE_FEATURES, Species, StructureKind

FEATURE_NAMES = dict(DISTANCE_FEATURES)


@dataclass(frozen=True)
class Keeping:
    """Animals by species ({"chicken": 6}) and structures by label, each with its kind and
    distances in feet ({"C1": {"kind": "coop", "distances": {"property_line": 60.0}}})."""

    animals: dict[str, int] = field(default_factory=dict)
    structures: dict[str, dict] = field(default_factory=dict)

    def snapshot(self) -> dict:
        return {"animals": dict(self.animals), "structures": dict(self.structures)}

    @classmethod
    def from_snapshot(cls, data: dict | None) -> Keeping | None:
        if not data:
            return None
        return cls(animals=dict(data.get("animals", {})), structures=dict(data["structures"]))


def _feet(value) -> float | None:
    if value is None:
        return None
    return float(Decimal(value))


def keeping_from(animals, structures) -> Keeping:
    """The keeping of animal rows (species, count) and structure rows (label, kind, distances)."""
    return Keeping(
        animals={a.species: a.count for a in animals if a.count > 0},
        structures={
            s.label: {
                "kind": s.kind,
                "distances": {key: _feet(value) for key, value in s.distances().items()},
            }
            for s in structures
        },
    )


def _species(name: str) -> str:
    try:
        return Species(name).label.lower()
    except ValueError:
        return name


def _kind(name: str) -> str:
    try:
        return StructureKind(name).label.lower()
    except ValueError:
        return name


@dataclass
class Changes:
    """What changed between two keepings, in words a clerk and the Board read."""

    enlargements: list[str] = field(default_factory=list)
    reductions: list[str] = field(default_factory=list)

    @property
    def unchanged(self) -> bool:
        return not self.enlargements and not self.reductions


def compare(before: Keeping, after: Keeping) -> Changes:
    changes = Changes()
    for species in sorted(set(before.animals) | set(after.animals)):
        was, now = before.animals.get(species, 0), after.animals.get(species, 0)
        name = _species(species)
        if was == 0 and now > 0:
            changes.enlargements.append(f"a new species: {now} {name}")
        elif now > was:
            changes.enlargements.append(f"more {name}: {now} instead of {was}")
        elif now == 0 and was > 0:
            changes.reductions.append(f"no {name} (were {was})")
        elif now < was:
            changes.reductions.append(f"fewer {name}: {now} instead of {was}")
    for label in sorted(set(before.structures) | set(after.structures)):
        old, new = before.structures.get(label), after.structures.get(label)
        if old is None:
            changes.enlargements.append(f"a structure added: {_kind(new['kind'])} {label}")
            continue
        if new is None:
            changes.reductions.append(f"a structure removed: {_kind(old['kind'])} {label}")
            continue
        if old["kind"] != new["kind"]:
            changes.enlargements.append(
                f"{label} is now a {_kind(new['kind'])} (was a {_kind(old['kind'])})"
            )
        _compare_distances(label, old["distances"], new["distances"], changes)
    return changes


def _compare_distances(label: str, old: dict, new: dict, changes: Changes) -> None:
    # A distance left blank means the feature lies farther than anyone measures (contract).
    for key in sorted(set(old) | set(new)):
        was, now = old.get(key), new.get(key)
        if was == now:
            continue
        feature = FEATURE_NAMES.get(key, key).lower()
        if now is not None and (was is None or now < was):
            was_text = "not within range" if was is None else f"{was:g} ft"
            changes.enlargements.append(
                f"{label} moved closer to the {feature}: {now:g} ft (was {was_text})"
            )
        else:
            now_text = "out of range" if now is None else f"{now:g} ft"
            changes.reductions.append(
                f"{label} moved farther from the {feature}: {now_text} (was {was:g} ft)"
            )
