"""The one adapter from an application in the database to the facts of the rules contract:
the assembly of the facts object, and the evaluations that hand it to the rules.

Every screen, the issue and renew actions, the benchmark and the tests go through
`facts_for()` and `evaluate_application()`, so what the clerk sees in the compliance panel is
exactly what the issue action checks.

What the adapter reads is loaded by permits.facts_loading: only prefetched relations when the
application came from `Application.objects.with_facts()`, so evaluating ten thousand
applications costs a fixed number of queries.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Any

from django.db.models import prefetch_related_objects
from django.utils import timezone

from facilities.choices import NAMED_SPECIES
from hearings.notice_timing import timing_for
from hearings.ruleset_in_force import check as amended_check
from permits import rules
from permits.construction import construction_record

# Loading lives in permits.facts_loading; the names that callers written before the split
# import from here are re-exported (`name as name`), with the two the assembly reads.
from permits.facts_loading import FACT_RELATED as FACT_RELATED
from permits.facts_loading import bulk_prefetches as bulk_prefetches
from permits.facts_loading import child_prefetch as child_prefetch
from permits.facts_loading import docket_items_of as docket_items_of
from permits.facts_loading import live_abutter_ids as live_abutter_ids
from permits.facts_loading import load_facts as load_facts
from permits.facts_loading import loaded_rows, other_permits_on
from permits.facts_loading import lot_permits as lot_permits
from permits.facts_loading import prefetches as prefetches
from permits.facts_loading import struck_abutters as struck_abutters
from permits.lot_wide import lot_wide_findings, with_lot_wide
from permits.models import DOCUMENT_FIELDS

# Statuses of a docket item whose hearing counts for §20-20(9).
_HEARD = ("scheduled", "decided")


def _number(value: Decimal | int | None) -> float | int | None:
    if value is None:
        return None
    if isinstance(value, Decimal):
        return int(value) if value == value.to_integral_value() else float(value)
    return value


def _iso(day: date | None) -> str | None:
    return day.isoformat() if day else None


# Kinds of docket item that are the application's public hearing (§20-20(9)); the Board's
# approvals, revocations and rescissions are decided at meetings but are not that hearing.
_PUBLIC_HEARINGS = ("new_application", "variance_request")


def decisive_docket_item(application):
    """The hearing that counts for the application: the latest one not withdrawn or continued."""
    items = [
        item
        for item in loaded_rows(application, "docket_items")
        if item.status in _HEARD and item.kind in _PUBLIC_HEARINGS
    ]
    if not items:
        return None
    return max(items, key=lambda item: (item.meeting.date, item.pk))


def equines_under_other_permits_on(application, lot, on: date) -> int:
    """§20-17(1): the equines kept on `lot` under its other permits active on `on`.

    Left out: the application's own permit and the permit it renews (the renewal replaces
    it), and a permit already renewed by another active one (the same keeping, counted once).
    Void, revoked and expired permits keep nothing.
    """
    return sum(p.equine_count or 0 for p in other_permits_on(application, lot, on))


def lot_wide(result: dict, *, application, lot, animals, structures, variances, on) -> dict:
    """`result` with the findings of the lot as a whole where other permits share the lot
    (permits.lot_wide): their stables, corrals and lofts counted once with the application's."""
    others = other_permits_on(application, lot, on)
    if not others or "error" in result:
        return result
    prefetch_related_objects(others, "animals", "application__structures")
    extra = lot_wide_findings(
        application=application,
        animals=animals,
        structures=structures,
        others=others,
        variances=variances,
        on=on,
    )
    return with_lot_wide(result, extra)


def _hearing_facts(application) -> dict[str, Any] | None:
    """The hearing facts, with the notices judged by `hearings.notice_timing.timing_for`, the
    one reading of who was noticed and when that the docket and the decision also use."""
    item = decisive_docket_item(application)
    if item is None:
        return None
    decision = getattr(item, "decision", None)
    result = decision.result if decision is not None else None
    timing = timing_for(item, application=application)
    return {
        # The hearing's date once it is set, decided or not: the notices are judged against
        # it, and the panel says when it is (before, it said the date was "not yet set").
        "held_on": _iso(item.meeting.date),
        "abutter_notice_mailed": _iso(timing.abutters_given_on),
        "newspaper_notice_published": _iso(timing.newspaper_given_on),
        "decision": result if result in ("approved", "denied") else None,
    }


def _structure_facts(structure) -> dict[str, Any]:
    distances = {
        key: _number(distance.value)
        for key, distance in structure.governing_distances().items()
        if distance.value is not None
    }
    facts: dict[str, Any] = {
        "id": structure.label,
        "kind": structure.kind,
        "area_sqft": _number(structure.area_sqft),
        "fence_height_ft": _number(structure.fence_height_ft),
        "screened_window": structure.screened_window,
        "opposite_louvers": structure.opposite_louvers,
        "potable_water": structure.potable_water,
        "well_drained": structure.well_drained,
        "groundwater_clearance_ft": _number(structure.groundwater_clearance_ft),
        "distances_ft": distances,
    }
    if structure.no_longer_drawn:
        facts["distances_unknown"] = True
    return facts


def facts_for(
    application, as_of: date | None = None, *, injurious_conditions: bool | None = None
) -> dict[str, Any]:
    """The contract's facts object for `application` on the day `as_of` (default today)."""
    return facts_from_parts(
        injurious_conditions=injurious_conditions,
        application=application,
        lot=application.lot_for_facts,
        animals=loaded_rows(application, "animals"),
        structures=loaded_rows(application, "structures"),
        setback_enlargements=setback_enlargements_for(application, as_of),
        variances=variances_for(application),
        approvals=board_approvals_for(application, as_of),
        record=application,
        as_of=as_of,
    )


def _keeping(application) -> list:
    """`application` and the applications of the permits it renews, newest first.

    What the Board granted to a holder's keeping on a lot (a variance, an approval, an
    enlarged setback) bears on the renewals of that keeping, which run the rules again.
    """
    chain = [application]
    seen = {application.pk}
    permit = application.renews if application.renews_id else None
    while permit is not None and permit.application_id not in seen:
        seen.add(permit.application_id)
        earlier = permit.application
        chain.append(earlier)
        permit = earlier.renews if earlier.renews_id else None
    return chain


def variances_for(application) -> list:
    """The variances that bear on `application`: its own, and those of the keeping it renews
    (the variance's own expiry date decides whether it still holds)."""
    return [v for earlier in _keeping(application) for v in loaded_rows(earlier, "variances")]


def approvals_granted(application, as_of: date | None = None) -> list:
    """The Board's approvals for this keeping (BoardApproval rows), granted on or before
    `as_of`: what the facts read and the application and permit show, with date and vote."""
    return [
        approval
        for earlier in _keeping(application)
        for approval in loaded_rows(earlier, "board_approvals")
        if as_of is None or approval.granted_on <= as_of
    ]


def board_approvals_for(application, as_of: date | None = None) -> set[str]:
    """The subjects the Board approved by its vote (the facts' approvals come from decisions,
    not ticks)."""
    return {approval.subject for approval in approvals_granted(application, as_of)}


def setback_enlargements_for(application, as_of: date | None = None) -> list:
    """The distances the Board enlarged by a vote in this case (§20-15(4)), the newest
    application's first, so a renewal's own enlargement wins over an older one."""
    found = {}
    for earlier in _keeping(application):
        for enlargement in loaded_rows(earlier, "setback_enlargements"):
            # Enlargements are few: reading a decision's date when there is one costs little.
            if enlargement.decision_id is None:
                continue
            if as_of is not None and enlargement.decision.decided_on > as_of:
                continue
            found.setdefault(enlargement.rule, enlargement)
    return list(found.values())


def facts_from_parts(
    *,
    application,
    lot,
    animals,
    structures,
    setback_enlargements=(),
    variances=(),
    approvals=(),
    record=None,
    as_of: date | None = None,
    equines_under_other_permits: int | None = None,
    injurious_conditions: bool | None = None,
    keeping_only: bool = False,
) -> dict[str, Any]:
    """The facts object from plain parts: objects carrying the models' field names.

    The parts may be saved rows or unsaved instances built from a form being typed, so the
    compliance panel's live recheck and the issue action read the facts the same way.
    `record` is the saved application whose hearing counts (None: no hearing yet).
    `equines_under_other_permits`: None counts them from the lot's permits on file.
    `injurious_conditions` (§20-20(8) proviso): None establishes it from the past year's
    inspections of the lot (permits.renewals); a bool overrides that, for a what-if check.
    `approvals`: the BoardApproval subjects the Board voted (see `board_approvals_for`).
    `keeping_only`: the keeping alone, for a snapshot or a comparison (permits.keeping): no
    renewal's §20-20(8) facts and no hearing, which compare nothing and cost a look-up.
    """
    animals, structures = list(animals), list(structures)
    porous_fill = None
    if lot.has_porous_fill:
        porous_fill = {
            "depth_in": _number(lot.porous_fill_depth_in),
            "extends_ft": _number(lot.porous_fill_extends_ft),
            "board_inspected": lot.porous_fill_board_inspected,
        }
    animal_facts = []
    for animal in animals:
        entry: dict[str, Any] = {"species": animal.species, "count": animal.count}
        if animal.mature_count is not None:
            entry["mature"] = animal.mature_count
        if animal.wild:
            entry["wild"] = True
        if animal.species in NAMED_SPECIES or getattr(animal, "name", ""):
            entry["name"] = getattr(animal, "name", "")
        animal_facts.append(entry)
    variance_facts = [
        {
            "rule": rule,
            "granted": variance.granted and variance.rescinded_on is None,
            "expires": _iso(variance.expires_on),
        }
        for variance in variances
        for rule in (variance.rules or [])
        if rule in rules.CATALOGUE
    ]
    # The day the rules are applied: the day of the check, or of issue when issuing. A
    # variance that expired before that day waives nothing (revision 2).
    on = as_of or timezone.localdate()
    if equines_under_other_permits is None:
        equines_under_other_permits = equines_under_other_permits_on(
            record if record is not None else application, lot, on
        )
    facts: dict[str, Any] = {
        "application": {
            "kind": application.kind,
            "date": on.isoformat(),
            "term_begins": _iso(term_begins_for(application, on)),
            "construction": application.construction,
            "construction_approved": _construction_approved(application, on),
            **({} if keeping_only else _renewal_facts(application, animals, structures, on)),
        },
        "lot": {
            # The Assessor's where the parcel is mapped; a typed figure only off the map.
            "area_acres": _number(lot.effective_area_acres),
            "percolation_min_per_inch": _number(lot.percolation_min_per_inch),
            "flood_prone": lot.flood_prone,
            "stagnant_water": lot.stagnant_water,
            "porous_fill": porous_fill,
            "equines_under_other_permits": equines_under_other_permits,
        },
        "animals": animal_facts,
        "structures": [_structure_facts(s) for s in structures],
        "facility": {"securely_fenced": application.securely_fenced},
        "vermin_control": {
            "plan_approved": "vermin_plan" in approvals,
            "licensed_operator": application.vermin_licensed_operator,
        },
        "documents": {key: getattr(application, field) for field, key, _ in DOCUMENT_FIELDS},
        "approvals": {
            "conservation_commission_wetland_ft": _number(
                application.conservation_commission_wetland_ft
            ),
            "wild_animal": "wild_animal" in approvals,
            "composting": "composting" in approvals,
        },
        "setback_enlargements": {e.rule: _number(e.minimum_ft) for e in setback_enlargements},
        "variances": variance_facts,
    }
    if application.manure_method:
        facts["manure"] = {"method": application.manure_method}
    if injurious_conditions is not None:
        facts["application"]["injurious_conditions"] = injurious_conditions
    hearing = _hearing_facts(record) if record is not None and not keeping_only else None
    if hearing is not None:
        facts["hearing"] = hearing
    return facts


def _construction_approved(application, on: date) -> dict[str, bool]:
    """§20-20(2)(a) from the application's own records (permits.construction): the Board's
    approval of the plans, and the building inspector's approval of the work once an agent
    found it complete. A renewal's remodel is judged on its own approvals, never on those of
    the keeping's first construction."""
    record = construction_record(application, on)
    if record is None:
        return {"board": False, "building_inspector": False}
    return {"board": record.board_approved, "building_inspector": record.complete_and_approved}


def term_begins_for(application, on: date) -> date | None:
    """The first day of the permit's term where it begins after `on` (revision 3).

    A renewal issued in December is next year's permit (permits.eligibility.permit_year_for),
    so its term begins on January 1; a variance it rests on must still be in effect then.
    None when the term begins on the day of issue.
    """
    # late: permits.eligibility imports this module at its top (circle).
    from permits.eligibility import permit_year_for

    year = permit_year_for(application, on)
    return date(year, 1, 1) if year > on.year else None


def _renewal_facts(application, animals, structures, on: date) -> dict[str, Any]:
    """§20-20(8) and (3) for a renewal, established from the records (permits.renewals).

    A renewal that asks for more than its permit is judged as the new application it is: the
    rules then require the public hearing (§20-20(9)).
    """
    # late: permits.renewals imports this module at its top, by way of permits.keeping.
    from permits.renewals import grandfathering_for

    grandfathering = grandfathering_for(application, animals, structures, on)
    if grandfathering is None:
        return {}
    injurious = bool(grandfathering.injurious)
    facts: dict[str, Any] = {
        "prior_permit_issued": _iso(grandfathering.first_permitted),
        "conditions_unchanged": grandfathering.unchanged,
    }
    if grandfathering.changes.enlargements:
        facts["kind"] = "new"
    facts["injurious_conditions"] = injurious
    return facts


def evaluate_parts(**parts) -> dict[str, Any]:
    """The contract's result for unsaved parts (see `facts_from_parts`), saving nothing, with
    the lot's other keepings counted (`lot_wide`)."""
    result = amended_check(facts_from_parts(**parts))
    record = parts.get("record")
    return lot_wide(
        result,
        application=record if record is not None else parts["application"],
        lot=parts["lot"],
        animals=list(parts["animals"]),
        structures=list(parts["structures"]),
        variances=parts.get("variances") or (),
        on=parts.get("as_of") or timezone.localdate(),
    )


def evaluate_application(
    application, as_of: date | None = None, *, injurious_conditions: bool | None = None
) -> dict[str, Any]:
    """The contract's result (or error object) for `application` on the day `as_of`, with the
    lot's other keepings counted (`lot_wide`)."""
    result = amended_check(facts_for(application, as_of, injurious_conditions=injurious_conditions))
    return lot_wide(
        result,
        application=application,
        lot=application.lot_for_facts,
        animals=loaded_rows(application, "animals"),
        structures=loaded_rows(application, "structures"),
        variances=variances_for(application),
        on=as_of or timezone.localdate(),
    )


def evaluate_register_entry(permit, as_of: date) -> dict[str, Any]:
    """The rules on an entry of the paper register on the day `as_of` (the Board's
    acceptance), judged as the paper keeping renewed into the register: first permitted on
    the paper permit's date, conditions unchanged, its paperwork and hearing on paper; the
    Board's approvals granted by then count (§20-20(8))."""
    application = permit.application
    facts = facts_for(application, as_of, injurious_conditions=False)
    facts.pop("hearing", None)
    facts["application"].update(
        kind="renewal",
        prior_permit_issued=_iso(permit.first_permitted_on),
        conditions_unchanged=True,
    )
    return lot_wide(
        amended_check(facts),
        application=application,
        lot=application.lot_for_facts,
        animals=loaded_rows(application, "animals"),
        structures=loaded_rows(application, "structures"),
        variances=variances_for(application),
        on=as_of,
    )
