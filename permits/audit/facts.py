"""The rules contract's facts, built by the audit itself from the records.

Not through permits.facts_from_records: every path that acts builds its facts there, so a
mistake in it would be invisible to an audit that shared it. This reading is written from the
contract and the models alone: the figure measured on the plan governs over the typed one for
each feature the plan measured; the Board's approvals, variances and enlarged setbacks are
those voted for the keeping (the application and those of the permits it renews) by the day
the rules are applied.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Any

from facilities.choices import DISTANCE_FEATURES, NAMED_SPECIES, NOT_DRAWN
from hearings.ruleset_in_force import check as amended_check
from hearings.ruleset_in_force import ruleset_on
from permits import rules
from permits.models import DOCUMENT_FIELDS

from .construction import approved_and_complete

DISTANCE_KEYS = tuple(key for key, _ in DISTANCE_FEATURES)


def number(value) -> float | int | None:
    if value is None:
        return None
    if isinstance(value, Decimal):
        return int(value) if value == value.to_integral_value() else float(value)
    return value


def iso(day: date | None) -> str | None:
    return day.isoformat() if day else None


def distances_of(structure) -> dict[str, Any]:
    """Each distance as the rules read it: measured on the plan where the plan measured that
    feature (null there: none within range), else the typed figure."""
    found = {key: number(getattr(structure, f"distance_{key}_ft")) for key in DISTANCE_KEYS}
    for key, value in (structure.measured_distances_ft or {}).items():
        if key in found:
            found[key] = number(value) if not isinstance(value, int | float) else value
    return {key: value for key, value in found.items() if value is not None}


def no_longer_drawn(structure) -> bool:
    """The plan measured this structure once and draws it no more: none of its distances is
    known, whatever was typed (read from the plan's own marker, not the model's property)."""
    return bool((getattr(structure, "measured_distances_ft", None) or {}).get(NOT_DRAWN))


def structure_facts(structure, *, prefix: str = "") -> dict[str, Any]:
    facts = {
        "id": f"{prefix}{structure.label}",
        "kind": structure.kind,
        "area_sqft": number(structure.area_sqft),
        "fence_height_ft": number(structure.fence_height_ft),
        "screened_window": structure.screened_window,
        "opposite_louvers": structure.opposite_louvers,
        "potable_water": structure.potable_water,
        "well_drained": structure.well_drained,
        "groundwater_clearance_ft": number(structure.groundwater_clearance_ft),
        "distances_ft": distances_of(structure),
    }
    if no_longer_drawn(structure):
        facts["distances_unknown"] = True
    return facts


def animal_facts(animal, *, wild: bool = False) -> dict[str, Any]:
    entry: dict[str, Any] = {"species": animal.species, "count": animal.count}
    if animal.mature_count is not None:
        entry["mature"] = animal.mature_count
    if wild or getattr(animal, "wild", False):
        entry["wild"] = True
    if animal.species in NAMED_SPECIES or animal.name:
        entry["name"] = animal.name
    return entry


def lot_facts(lot, *, area, equines_elsewhere: int = 0) -> dict[str, Any]:
    porous = None
    if lot.porous_fill_depth_in is not None or lot.porous_fill_extends_ft is not None:
        porous = {
            "depth_in": number(lot.porous_fill_depth_in),
            "extends_ft": number(lot.porous_fill_extends_ft),
            "board_inspected": lot.porous_fill_board_inspected,
        }
    return {
        "area_acres": number(area),
        "percolation_min_per_inch": number(lot.percolation_min_per_inch),
        "flood_prone": lot.flood_prone,
        "stagnant_water": lot.stagnant_water,
        "porous_fill": porous,
        "equines_under_other_permits": equines_elsewhere,
    }


def lot_area(lot, parcels: dict):
    """§20-17(1): the Assessor's area where the lot is on the parcel map, else the typed one."""
    if lot.tax_parcel_id:
        parcel = parcels.get(lot.tax_parcel_id)
        if parcel is not None and parcel.lot_size_acres is not None:
            return parcel.lot_size_acres
        if lot.parcel_area_acres is not None:
            return lot.parcel_area_acres
    return lot.area_acres


def voted(keeping: list, on: date) -> tuple[set[str], list, dict]:
    """What the Board voted for a keeping by `on`: approvals, variances, enlarged setbacks."""
    approvals = {
        a.subject
        for application in keeping
        for a in application.board_approvals.all()
        if a.granted_on <= on
    }
    variances = [
        v
        for application in keeping
        for v in application.variances.all()
        if v.granted and v.granted_on is not None and v.granted_on <= on
    ]
    enlargements: dict[str, Any] = {}
    for application in keeping:  # newest first: a later vote wins
        for e in application.setback_enlargements.all():
            if e.decision_id and e.decision.decided_on <= on:
                enlargements.setdefault(e.rule, number(e.minimum_ft))
    return approvals, variances, enlargements


def variance_facts(variances, on: date) -> list[dict]:
    return [
        {
            "rule": rule,
            "granted": v.rescinded_on is None or v.rescinded_on > on,
            "expires": iso(v.expires_on),
        }
        for v in variances
        for rule in (v.rules or [])
        if rule in rules.CATALOGUE
    ]


def facts_for(
    *,
    application,
    keeping: list,
    animals,
    structures,
    lot: dict,
    on: date,
    kind: str,
    hearing: dict | None = None,
    prior_permit_issued: date | None = None,
    conditions_unchanged: bool = False,
    injurious_conditions: bool = False,
) -> dict[str, Any]:
    """The facts of one keeping on `on`, from rows of the records."""
    approvals, variances, enlargements = voted(keeping, on)
    own_approvals = {a.subject for a in application.board_approvals.all() if a.granted_on <= on}
    wild = {(a.species, a.name) for a in application.animals.all() if a.wild}
    facts: dict[str, Any] = {
        "application": {
            "kind": kind,
            "date": on.isoformat(),
            "construction": application.construction,
            "construction_approved": {
                # §20-20(2): a remodel declared at renewal needs its own approval.
                "board": "construction" in own_approvals,
                "building_inspector": approved_and_complete(application, on),
            },
            "prior_permit_issued": iso(prior_permit_issued),
            "conditions_unchanged": conditions_unchanged,
            "injurious_conditions": injurious_conditions,
        },
        "lot": lot,
        "animals": [
            animal_facts(a, wild=(a.species, a.name) in wild) for a in animals if a.count > 0
        ],
        "structures": [structure_facts(s) for s in structures],
        "facility": {"securely_fenced": application.securely_fenced},
        "vermin_control": {
            "plan_approved": "vermin_plan" in approvals,
            "licensed_operator": application.vermin_licensed_operator,
        },
        "documents": {key: getattr(application, name) for name, key, _ in DOCUMENT_FIELDS},
        "approvals": {
            "conservation_commission_wetland_ft": number(
                application.conservation_commission_wetland_ft
            ),
            "wild_animal": "wild_animal" in approvals,
            "composting": "composting" in approvals,
        },
        "setback_enlargements": enlargements,
        "variances": variance_facts(variances, on),
    }
    if application.manure_method:
        facts["manure"] = {"method": application.manure_method}
    if hearing is not None:
        facts["hearing"] = hearing
    return facts


def evaluate(facts: dict, ruleset_day: date | None = None, known=None) -> dict:
    """The pure rules module's result (or its error object) for `facts`, under the ruleset in
    force on `ruleset_day` when given (else on the facts' own date), with the amendments that
    `known` accepts (else all)."""
    if ruleset_day is None and known is None:
        return amended_check(facts)
    return rules.check(facts, ruleset_for=lambda day: ruleset_on(ruleset_day or day, known=known))


BLOCKING = ("fail", "missing", "pending")


def blocking(result: dict, only: frozenset[str] | None = None) -> list[dict]:
    if "error" in result:
        return [
            {
                "rule": "facts",
                "citation": "the rules contract",
                "status": "error",
                "message": f"the records make no valid facts: {result['error']['message']} "
                f"(at {result['error']['path'] or 'the top'})",
            }
        ]
    return [
        f
        for f in result["findings"]
        if f["status"] in BLOCKING and (only is None or f["rule"] in only)
    ]
