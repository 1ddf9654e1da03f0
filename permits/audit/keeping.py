"""The audit's own comparison of two keepings: what was asked, noticed or permitted.

Written apart from the comparison the actions use, on the whole of what the rules read: each
animal by species and name, each structure by label with its kind, governing distances,
areas, fence and fittings, and the keeping's own facts (manure, fence, pest operator,
construction). A change the rules would judge worse is an enlargement.
"""

from __future__ import annotations

from facilities.choices import Species, StructureKind

from .facts import distances_of, number

# Figures of a structure where less is worse for the rules.
_AT_LEAST = ("area_sqft", "fence_height_ft", "groundwater_clearance_ft")
# Fittings whose loss is worse.
_FITTINGS = ("screened_window", "opposite_louvers", "potable_water", "well_drained")
# The keeping's own facts whose loss is worse.
_KEEPING_FLAGS = ("securely_fenced", "vermin_licensed_operator")


def _name(species: str, name: str) -> str:
    if name:
        return name
    return Species(species).label.lower() if species in Species.values else species


def _kind(kind: str) -> str:
    return StructureKind(kind).label.lower() if kind in StructureKind.values else kind


def keeping_of(animals, structures, application=None) -> dict:
    return {
        "animals": {
            (a.species, a.name or ""): (a.count, a.mature_count) for a in animals if a.count > 0
        },
        "structures": {
            s.label: {
                "kind": s.kind,
                "distances": distances_of(s),
                **{f: number(getattr(s, f)) for f in _AT_LEAST},
                **{f: getattr(s, f) for f in _FITTINGS},
            }
            for s in structures
        },
        "keeping": None
        if application is None
        else {
            "manure_method": application.manure_method,
            "construction": application.construction,
            **{f: getattr(application, f) for f in _KEEPING_FLAGS},
        },
    }


def enlargements(before: dict, after: dict) -> list[str]:
    """What `after` asks beyond `before`, in words."""
    found = []
    for key, (count, mature) in sorted(after["animals"].items()):
        name = _name(*key)
        was = before["animals"].get(key)
        if was is None:
            found.append(f"{count} {name}, not there before")
        elif count > was[0]:
            found.append(f"{count} {name} instead of {was[0]}")
        elif mature is not None and (was[1] if was[1] is not None else was[0]) < mature:
            found.append(f"{mature} mature {name} instead of {was[1]}")
    for label, new in sorted(after["structures"].items()):
        old = before["structures"].get(label)
        if old is None:
            found.append(f"{_kind(new['kind'])} {label}, not there before")
            continue
        if old["kind"] != new["kind"]:
            found.append(f"{label} a {_kind(new['kind'])} (was a {_kind(old['kind'])})")
        for key, now in sorted(new["distances"].items()):
            was = old["distances"].get(key)
            if was is None or now < was:
                was_text = "beyond range" if was is None else f"{was:g} ft"
                found.append(f"{label} {now:g} ft from the {key.replace('_', ' ')} ({was_text})")
        for figure in _AT_LEAST:
            if old[figure] is not None and (new[figure] is None or new[figure] < old[figure]):
                found.append(
                    f"{label} {figure.replace('_', ' ')} {new[figure]} (was {old[figure]})"
                )
        for fitting in _FITTINGS:
            if old[fitting] and not new[fitting]:
                found.append(f"{label} no longer has {fitting.replace('_', ' ')}")
    old_k, new_k = before.get("keeping"), after.get("keeping")
    if old_k and new_k:
        if new_k["manure_method"] != old_k["manure_method"]:
            found.append(
                f"manure {new_k['manure_method'] or 'not described'} "
                f"(was {old_k['manure_method'] or 'not described'})"
            )
        if new_k["construction"] != "none":
            found.append(f"construction declared: {new_k['construction']}")
        for flag in _KEEPING_FLAGS:
            if old_k[flag] and not new_k[flag]:
                found.append(f"no longer {flag.replace('_', ' ')}")
    return found


def changed(before: dict, after: dict) -> bool:
    """Any difference at all (§20-20(8): the conditions have not changed)."""
    return before != after
