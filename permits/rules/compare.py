"""The one comparison of two sets of facts: does ``after`` ask for more than ``before``?

What was noticed (the abutters' letters, the legal notice), what was permitted (the permit a
renewal renews) and what is asked (the application before the Board) are each a set of facts of
the rules contract. Every caller compares them here, on the WHOLE keeping the rules judge: the
animals (by species, and by name for ``other_domestic``), mature pigeons, every structure with
its kind, areas, fittings and every distance, the manure method, the fencing, the vermin control,
the lot and the construction declared.

The principle: a change that the rules would judge worse is an *enlargement*. More animals, an
animal not there before, a structure closer to anything it keeps a distance from, a smaller
stable, corral or loft, a fence lost, manure stockpiled: each asks for more than was noticed or
permitted. A known figure that became unknown is an enlargement too (the rules would say
``missing``). Anything else that differs is a *change* that does not enlarge (fewer animals, a
coop moved away): it still means "not unchanged" for §20-20(8).

Beyond the field-by-field reading, the rules themselves are asked: with the process facts
(dates, hearing, documents, variances) held equal, a rule that passes on ``before`` and fails or
is missing on ``after`` is an enlargement, so no fact the comparison forgot can slip through.

The process facts (the application's date and kind, documents, hearing, the Board's
approvals, its approval of the vermin control plan among them, the enlarged setbacks,
variances) are not compared: they are the record of the process, not what is asked.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from .engine import evaluate
from .facts import Animal, Distances, Facts, Structure
from .findings import FAIL, MISSING
from .ruleset import ruleset_in_force
from .ruleset_model import Ruleset
from .vocabulary import DISTANCE_FIELDS, KIND_LABELS
from .wording import num

__all__ = ["Change", "Enlargement", "differences", "enlargements", "unchanged"]


@dataclass(frozen=True, slots=True)
class Change:
    """One difference between two sets of facts.

    ``path`` names the fact (``animals[chicken]``, ``structures[C1].distances.well``),
    ``message`` says it in the Board's words, and ``enlarges`` is true when the rules would
    judge ``after`` worse than ``before`` on it.
    """

    path: str
    message: str
    enlarges: bool


#: An enlargement is a change that enlarges.
Enlargement = Change

# Structure attributes the rules judge, by the kinds they judge them for. A kind outside the
# set has no rule on the attribute, so its change is a change but never an enlargement.
_AREA_KINDS = frozenset({"stable", "corral", "loft"})
_FENCE_KINDS = frozenset({"corral"})
_STABLE_KINDS = frozenset({"stable"})
_PIT_KINDS = frozenset({"manure_burial_pit"})
# Structures some rule counts on being there: removing one can only make the rules judge worse.
_COUNTED_KINDS = frozenset({"stable", "corral", "loft", "manure_storage", "manure_burial_pit"})

# A receptacle and taking manure away ask only what every permit is asked (§20-16(2)); any
# other method brings rules of its own: a burial pit §20-16(3)(b), composting the Board's
# approval (§20-16(3)(e)), stockpiling is forbidden (§20-16(3)(a)), and no method is unknown.
_PLAIN_MANURE = frozenset({"receptacle", "off_site"})

# A rule that passes (or does not apply) on `before` and fails or lacks a fact on `after`.
# How the distances are named in messages (the intake form's words).
_FEATURES = {
    "property_line": "abutting property line",
    "wetland": "wetland",
    "watercourse": "watercourse",
    "well": "drinking-water well",
    "sewage_disposal": "sewage disposal area",
    "public_way": "public way",
    "dwelling": "dwelling",
    "abutting_dwelling": "abutting dwelling",
    "lot_line": "nearest lot line",
}

_STATUS_RANK = {FAIL: 1, MISSING: 1}


def differences(before: Facts, after: Facts, ruleset: Ruleset | None = None) -> tuple[Change, ...]:
    """Every difference in the keeping between ``before`` and ``after``, enlargements first.

    ``ruleset`` defaults to the one in force on ``after``'s date.
    """
    if ruleset is None:
        ruleset = ruleset_in_force(after.application.date)
    changes = _field_changes(before, after, ruleset)
    # Where nothing differs fact by fact the rules see the same keeping on both sides.
    if changes and not any(change.enlarges for change in changes):
        changes += _judged_worse(before, after, ruleset)
    return tuple(sorted(changes, key=lambda change: not change.enlarges))


def _field_changes(before: Facts, after: Facts, ruleset: Ruleset) -> list[Change]:
    """The differences read fact by fact."""
    changes: list[Change] = []
    _animals(before.animals, after.animals, ruleset, changes)
    _structures(before.structures, after.structures, ruleset, changes)
    _keeping(before, after, changes)
    _lot(before.lot, after.lot, changes)
    return changes


def enlargements(
    before: Facts, after: Facts, ruleset: Ruleset | None = None
) -> tuple[Enlargement, ...]:
    """What ``after`` asks for beyond ``before``; empty when it asks for nothing more."""
    return tuple(change for change in differences(before, after, ruleset) if change.enlarges)


def unchanged(before: Facts, after: Facts, ruleset: Ruleset | None = None) -> bool:
    """§20-20(8) "conditions ... have not changed": no difference at all in the keeping."""
    return not differences(before, after, ruleset)


# --- animals --------------------------------------------------------------------------------


def _animal_key(animal: Animal) -> tuple[str, str, bool]:
    """Animals are told apart by species, by name (``other_domestic``: 2 guinea pigs are not
    50 ferrets) and by whether they are wild."""
    name = " ".join((animal.name or "").split()).casefold()
    return (animal.species, name, animal.wild)


def _animal_name(key: tuple[str, str, bool]) -> str:
    species, name, wild = key
    words = name or species.replace("_", " ")
    return f"wild {words}" if wild and "wild" not in words else words


def _herd(animals: tuple[Animal, ...], ruleset: Ruleset) -> dict:
    """Count and mature count by key; exempt species (cats, dogs) are no part of a keeping.
    An unknown count (None) stays unknown."""
    exempt = ruleset.interpretations.exempt_species
    herd: dict[tuple, list] = {}
    for animal in animals:
        if animal.species in exempt and not animal.wild:
            continue
        entry = herd.setdefault(_animal_key(animal), [0, 0])
        for i, value in enumerate((animal.count, animal.mature)):
            entry[i] = None if value is None or entry[i] is None else entry[i] + value
    return herd


def _animals(before, after, ruleset: Ruleset, changes: list[Change]) -> None:
    was_herd, now_herd = _herd(before, ruleset), _herd(after, ruleset)
    pigeons = ruleset.interpretations.pigeon_species
    for key in sorted(set(was_herd) | set(now_herd)):
        name, path = _animal_name(key), f"animals[{'/'.join(filter(None, key[:2]))}]"
        was, now = was_herd.get(key), now_herd.get(key)
        if was is None or was[0] == 0:
            if now is not None and now[0] != 0:
                count = "an unknown number of" if now[0] is None else num(now[0])
                changes.append(Change(path, f"a new species: {count} {name}", True))
            continue
        if now is None or now[0] == 0:
            changes.append(Change(path, f"no {name} (were {_n(was[0])})", False))
            continue
        if was[0] != now[0]:
            if now[0] is None:
                changes.append(Change(path, f"the number of {name} is not known", True))
            elif was[0] is None or now[0] > was[0]:
                changes.append(
                    Change(path, f"more {name}: {num(now[0])} instead of {_n(was[0])}", True)
                )
            else:
                changes.append(
                    Change(path, f"fewer {name}: {num(now[0])} instead of {num(was[0])}", False)
                )
        if key[0] in pigeons and was[1] != now[1]:
            more = now[1] is None or (was[1] is not None and now[1] > was[1])
            changes.append(
                Change(
                    path + ".mature",
                    f"mature {name}: {_n(now[1])} instead of {_n(was[1])}",
                    more,
                )
            )


def _n(value) -> str:
    return "an unknown number" if value is None else num(value)


# --- structures -----------------------------------------------------------------------------


def _kind(kind: str) -> str:
    return KIND_LABELS.get(kind, kind).lower()


def _structures(before, after, ruleset: Ruleset, changes: list[Change]) -> None:
    old_by_id = {s.id: s for s in before}
    new_by_id = {s.id: s for s in after}
    housing = ruleset.interpretations.housing_kinds
    housing_left = any(s.kind in housing for s in after)
    for ident in sorted(set(old_by_id) | set(new_by_id)):
        old, new = old_by_id.get(ident), new_by_id.get(ident)
        path = f"structures[{ident}]"
        if old is None:
            changes.append(Change(path, f"a structure added: {_kind(new.kind)} {ident}", True))
            continue
        if new is None:
            counted = old.kind in _COUNTED_KINDS or (old.kind in housing and not housing_left)
            changes.append(Change(path, f"a structure removed: {_kind(old.kind)} {ident}", counted))
            continue
        if old.kind != new.kind:
            changes.append(
                Change(
                    path + ".kind",
                    f"{ident} is now a {_kind(new.kind)} (was a {_kind(old.kind)})",
                    True,
                )
            )
        _structure(ident, path, old, new, ruleset, changes)


def _structure(ident, path, old: Structure, new: Structure, ruleset, changes) -> None:
    housing = ruleset.interpretations.housing_kinds
    horizon = ruleset.interpretations.absent_distance_beyond_ft
    kinds = {old.kind, new.kind}
    # Figures where less is worse.
    for attribute, words, judged in (
        ("area_sqft", "floor area", _AREA_KINDS),
        ("fence_height_ft", "fence height", _FENCE_KINDS),
        ("groundwater_clearance_ft", "clearance above groundwater", _PIT_KINDS),
    ):
        was, now = getattr(old, attribute), getattr(new, attribute)
        if was == now:
            continue
        unit = "sq ft" if attribute == "area_sqft" else "ft"
        worse = bool(kinds & judged) and (now is None or (was is not None and now < was))
        changes.append(
            Change(
                f"{path}.{attribute}",
                f"{ident}'s {words} {_figure(now, unit)} (was {_figure(was, unit)})",
                worse,
            )
        )
    # Fittings where losing one is worse.
    for attribute, words, judged in (
        ("screened_window", "screened window", _STABLE_KINDS),
        ("opposite_louvers", "louvers on opposite sides", _STABLE_KINDS),
        ("potable_water", "potable water", housing),
        ("well_drained", "well-drained soil", _PIT_KINDS),
    ):
        was, now = getattr(old, attribute), getattr(new, attribute)
        if was == now:
            continue
        said = f"{ident} now has {words}" if now else f"{ident} no longer has {words}"
        changes.append(Change(f"{path}.{attribute}", said, bool(kinds & judged) and not now))
    if new.distances_unknown != old.distances_unknown:
        said = "are no longer known" if new.distances_unknown else "are measured again"
        changes.append(
            Change(f"{path}.distances", f"{ident}'s distances {said}", new.distances_unknown)
        )
    if not new.distances_unknown:
        _distances(ident, path, old.distances, new.distances, horizon, changes)


def _figure(value, unit: str) -> str:
    return "not known" if value is None else f"{num(value)} {unit}"


def _distances(ident, path, old: Distances, new: Distances, horizon, changes: list[Change]) -> None:
    # An absent distance means no such feature within the horizon (the contract): farther
    # than any figure. A structure moved closer to anything asks for more.
    for key in DISTANCE_FIELDS:
        was, now = getattr(old, key), getattr(new, key)
        if was == now:
            continue
        feature = _FEATURES[key]
        if now is not None and (was is None or now < was):
            was_text = "none within range" if was is None else f"{num(was)} ft"
            changes.append(
                Change(
                    f"{path}.distances.{key}",
                    f"{ident} moved closer to the {feature}: {num(now)} ft (was {was_text})",
                    True,
                )
            )
        else:
            now_text = "none within range" if now is None else f"{num(now)} ft"
            # "None within range" is only known to be beyond the horizon: less than a figure
            # given beyond it, which an enlarged minimum may need.
            vaguer = now is None and was > horizon
            changes.append(
                Change(
                    f"{path}.distances.{key}",
                    f"{ident} moved farther from the {feature}: {now_text} (was {num(was)} ft)",
                    vaguer,
                )
            )


# --- the keeping's practices, the construction and the lot --------------------------------


def _keeping(before: Facts, after: Facts, changes: list[Change]) -> None:
    was, now = before.manure.method, after.manure.method
    if was != now:
        worse = now not in _PLAIN_MANURE
        changes.append(
            Change(
                "manure.method",
                f"manure: {_method(now)} (was {_method(was)})",
                worse,
            )
        )
    for path, was, now, words in (
        (
            "facility.securely_fenced",
            before.facility.securely_fenced,
            after.facility.securely_fenced,
            "the facility securely fenced",
        ),
        (
            "vermin_control.licensed_operator",
            before.vermin_control.licensed_operator,
            after.vermin_control.licensed_operator,
            "a licensed pest control operator",
        ),
    ):
        if was != now:
            changes.append(Change(path, ("now " if now else "no longer ") + words, not now))
    was, now = before.application.construction, after.application.construction
    if was != now:
        # A change of the keeping (§20-20(8): no longer grandfathered), but not by itself more
        # than was asked: §20-20(2)(a) gates it on the Board's and the building inspector's
        # approvals, which the rules' check below finds missing until they are recorded; what
        # the work builds is compared on the structures.
        changes.append(
            Change("application.construction", f"construction: {now} (was {was})", False)
        )


def _method(method: str | None) -> str:
    return "not stated" if method is None else method.replace("_", " ")


def _lot(old, new, changes: list[Change]) -> None:
    def compare(path, was, now, words, worse):
        if was != now:
            changes.append(
                Change(f"lot.{path}", f"{words}: {_said(now)} (was {_said(was)})", worse)
            )

    compare(
        "area_acres",
        old.area_acres,
        new.area_acres,
        "the lot's area (acres)",
        new.area_acres is None or (old.area_acres is not None and new.area_acres < old.area_acres),
    )
    compare(
        "percolation_min_per_inch",
        old.percolation_min_per_inch,
        new.percolation_min_per_inch,
        "percolation (min/inch)",
        new.percolation_min_per_inch is None
        or (
            old.percolation_min_per_inch is not None
            and new.percolation_min_per_inch > old.percolation_min_per_inch
        ),
    )
    compare("flood_prone", old.flood_prone, new.flood_prone, "flood-prone", new.flood_prone)
    compare(
        "stagnant_water",
        old.stagnant_water,
        new.stagnant_water,
        "stagnant water",
        new.stagnant_water,
    )
    compare(
        "equines_under_other_permits",
        old.equines_under_other_permits,
        new.equines_under_other_permits,
        "equines under other permits on the lot",
        new.equines_under_other_permits > old.equines_under_other_permits,
    )
    if old.porous_fill != new.porous_fill:
        changes.append(
            Change(
                "lot.porous_fill",
                "the porous fill differs",
                _fill_weaker(old.porous_fill, new.porous_fill),
            )
        )


def _fill_weaker(old, new) -> bool:
    if old is None:
        return False
    if new is None:
        return True
    for attribute in ("depth_in", "extends_ft"):
        was, now = getattr(old, attribute), getattr(new, attribute)
        if was != now and (now is None or (was is not None and now < was)):
            return True
    return old.board_inspected and not new.board_inspected


def _said(value) -> str:
    if value is None:
        return "not known"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return num(value)


# --- what the rules say ------------------------------------------------------------------


def _judged_worse(before: Facts, after: Facts, ruleset: Ruleset) -> list[Change]:
    """Rules that pass on the keeping of ``before`` and fail (or lack a fact) on ``after``,
    with every fact of the process held equal: no variance, no grandfathering."""
    application = dataclasses.replace(
        after.application, conditions_unchanged=False, prior_permit_issued=None
    )
    common = dataclasses.replace(after, application=application, variances=())
    old = dataclasses.replace(
        common,
        application=dataclasses.replace(application, construction=before.application.construction),
        lot=before.lot,
        animals=before.animals,
        structures=before.structures,
        manure=before.manure,
        facility=before.facility,
        # The Board's approval of the plan is its decision, not the keeping: held equal.
        vermin_control=dataclasses.replace(
            before.vermin_control, plan_approved=after.vermin_control.plan_approved
        ),
    )
    was = _ranks(evaluate(old, ruleset).findings)
    found = []
    for (rule, subject), (rank, finding) in _ranks(evaluate(common, ruleset).findings).items():
        if rank > was.get((rule, subject), (0, None))[0]:
            found.append(
                Change(
                    f"rules[{rule}]" + (f"[{subject}]" if subject else ""),
                    f"{finding.citation}: {finding.message}",
                    True,
                )
            )
    return found


def _ranks(findings) -> dict:
    """(rule, subject) -> the worst status's rank and its finding (a rule may report more
    than one finding on one subject)."""
    worst: dict = {}
    for finding in findings:
        key = (finding.rule, finding.subject)
        rank = _STATUS_RANK.get(finding.status, 0)
        if key not in worst or rank > worst[key][0]:
            worst[key] = (rank, finding)
    return worst
