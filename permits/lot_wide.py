"""The lot is the parcel: what §20-17 and §20-18(3) count over every keeping on one lot.

The rules module judges one application's facts; its contract carries the lot's other horses
(`lot.equines_under_other_permits`) so that §20-17(1) counts the lot's horses. The stable,
corral and loft areas are the lot's too: a second permit on a shared lot that lists the same
stable cannot count its floor again for its own horses. This module adds, to the result of an
application that shares its lot with other active permits, the findings of the lot as a whole:
every active permit's equines (or mature pigeons) with the application's, against the lot's
stables, corrals and lofts, each structure counted once (structures of the lot's plans are
named by their label, so one label on two applications of the lot is one structure).

The one reading of "the lot's other keepings" is `other_live_permits`, which also gives
§20-17(1) its count (permits.facts_from_records.equines_under_other_permits_on).
"""

from __future__ import annotations

from datetime import date
from typing import Any

from hearings.ruleset_in_force import ruleset_on
from permits.models import Permit

# Statuses that stop a permit judging (contract: `eligible` is false on any of these).
_NOT_MET = ("fail", "missing", "pending")


def other_live_permits(application, lot, on: date, permits: list) -> list:
    """Of `permits` (the lot's, each annotated as `lot_permits()` does), those kept on the lot
    on `on` besides `application`: active, not expired, neither the application's own permit
    nor the one it renews, and not one already renewed by another active permit."""
    live = [p for p in permits if p.status == Permit.Status.ACTIVE and p.expires_on >= on]
    superseded = {p.renews_permit_id for p in live}
    own = getattr(application, "renews_id", None)
    return [
        p
        for p in live
        if p.pk != own
        and p.pk not in superseded
        and (application.pk is None or p.application_id != application.pk)
    ]


def _per_first(first, additional, count: int):
    return first + additional * max(count - 1, 0)


def _in_effect(variances, rule: str, on: date) -> bool:
    return any(
        rule in (v.rules or [])
        and v.granted
        and v.rescinded_on is None
        and (v.expires_on is None or v.expires_on >= on)
        for v in variances
    )


def _finding(spec, status, required, actual, message) -> dict[str, Any]:
    return {
        "rule": spec.rule,
        "citation": spec.citation,
        "status": status,
        "subject": None,
        "required": required,
        "actual": actual,
        "unit": "sq ft",
        "message": message,
    }


def _area(structures: dict, kinds: tuple[str, ...]) -> tuple[float, list[str]]:
    total, unknown = 0.0, []
    for (label, kind), area in structures.items():
        if kind not in kinds:
            continue
        if area is None:
            unknown.append(label)
        else:
            total += float(area)
    return total, unknown


def _number(value: float):
    return int(value) if float(value).is_integer() else round(value, 1)


def lot_wide_findings(
    *, application, animals, structures, others: list, variances=(), on: date
) -> list[dict[str, Any]]:
    """The findings of the lot as a whole, for an application sharing it with `others` (the
    permits `other_live_permits` gives). None where the application keeps no equines or
    pigeons, or the other permits keep none: then its own findings already say it all."""
    if not others:
        return []
    ruleset = ruleset_on(on)
    interpretations = ruleset.interpretations
    equine = set(interpretations.equine_species)

    def counts(rows) -> tuple[int, int]:
        horses = pigeons = 0
        for row in rows:
            count = row.count or 0
            if row.species in equine:
                horses += count
            elif row.species == "pigeon":
                mature = row.mature_count
                pigeons += count if mature is None else mature
        return horses, pigeons

    own_horses, own_pigeons = counts(animals)
    other_horses = other_pigeons = 0
    shapes: dict[tuple[str, str], Any] = {}
    for permit in others:
        horses, pigeons = counts(permit.animals.all())
        other_horses += horses
        other_pigeons += pigeons
        for structure in permit.application.structures.all():
            shapes.setdefault((structure.label, structure.kind), structure.area_sqft)
    # The application's own structures: one label already on the lot is that structure.
    for structure in structures:
        if structure.label and structure.kind:
            shapes[(structure.label, structure.kind)] = structure.area_sqft

    found = []
    if own_horses and other_horses:
        horses = own_horses + other_horses
        said = f"On the lot, with the {other_horses} equine(s) kept under other permits"
        stable = ruleset.rules["20-17.4"]
        required = _per_first(
            stable.value("first_equine_sqft"), stable.value("additional_equine_sqft"), horses
        )
        found.append(
            _judged(stable, shapes, ("stable",), required, horses, "equines", said, "stables")
        )
        corral = ruleset.rules["20-17.3"]
        kinds = (
            ("corral", "stable")
            if interpretations.corral_area_includes_stable_site
            else ("corral",)
        )
        required = _per_first(
            corral.value("first_equine_sqft"), corral.value("additional_equine_sqft"), horses
        )
        found.append(_judged(corral, shapes, kinds, required, horses, "equines", said, "corrals"))
    if own_pigeons and other_pigeons:
        pigeons = own_pigeons + other_pigeons
        loft = ruleset.rules["20-18.3"]
        said = f"On the lot, with the {other_pigeons} mature pigeon(s) kept under other permits"
        required = pigeons * loft.value("sqft_per_mature_pigeon")
        found.append(
            _judged(loft, shapes, ("loft",), required, pigeons, "mature pigeons", said, "lofts")
        )
    for finding in found:
        if finding["status"] == "fail" and _in_effect(variances, finding["rule"], on):
            finding["status"] = "waived"
    return found


def _judged(spec, shapes, kinds, required, count, what, said, named) -> dict[str, Any]:
    total, unknown = _area(shapes, kinds)
    required = _number(required)
    actual = _number(total)
    if total >= required:
        status = "pass"
    elif unknown:
        status = "missing"
    else:
        status = "fail"
    message = (
        f"{said}, the lot's {named} total {actual} sq ft, each structure counted once; "
        f"at least {required} sq ft is required for {count} {what} in all."
    )
    if status == "missing":
        message += f" The area of {', '.join(sorted(unknown))} is not given."
    return _finding(spec, status, required, actual, message)


def with_lot_wide(result: dict, extra: list[dict]) -> dict:
    """`result` (the rules' answer) with the lot-wide findings added, `eligible` recomputed.
    A grandfathered renewal (§20-20(8)) and an invalid result are left as they are."""
    if not extra or "error" in result:
        return result
    if any(f["status"] == "grandfathered" for f in result["findings"]):
        return result
    findings = [*result["findings"], *extra]
    eligible = not any(f["status"] in _NOT_MET for f in findings)
    return {**result, "findings": findings, "eligible": eligible}
