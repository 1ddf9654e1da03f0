"""The one adapter from an application in the database to the facts of the rules contract.

Every screen, the issue and renew actions, the benchmark and the tests go through
`facts_for()` and `evaluate_application()`, so what the clerk sees in the compliance panel is
exactly what the issue action checks.

The adapter reads only prefetched relations when the application came from
`Application.objects.with_facts()`, so evaluating ten thousand applications costs a fixed
number of queries.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Any

from django.db.models import Prefetch
from django.utils import timezone

from permits import rules

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


def prefetches() -> list:
    """The relations facts_for() reads, for `prefetch_related(*prefetches())`."""
    return [
        *FACT_CHILDREN,
        Prefetch("abutter_list__abutters", queryset=_live_abutters()),
        Prefetch(
            "docket_items",
            queryset=_docket_items().prefetch_related(
                Prefetch("abutter_notices", queryset=_notices())
            ),
        ),
    ]


# What facts_for() reads through foreign keys, for `select_related(*FACT_RELATED)` before
# `load_facts()`; the renewed permit's application carries the variances of the keeping.
FACT_RELATED = ("lot", "applicant", "renews__application", "abutter_list")
# The one-to-many relations facts_for() reads.
FACT_CHILDREN = ("structures", "animals", "setback_enlargements", "variances")


def load_facts(applications, *, also: tuple = (), together: tuple = ()) -> list:
    """Load what facts_for() reads into applications fetched with
    `select_related(*FACT_RELATED)`: their hearings in one query, everything else they
    hold (and the relations named in `also`, such as "documents") in one more.

    The same relations as `prefetches()`, for pages with a tight budget of queries: the
    application page and the docket load a dozen relations in two queries, not twelve,
    however many hearings and abutters there are. `together`: more (objects, relation)
    pairs to load in the same query (see stoneham_boh.lib.query_bundle).
    """
    from django.db.models import prefetch_related_objects

    from stoneham_boh.lib.query_bundle import prefetch_together

    applications = list(applications)
    prefetch_related_objects(applications, Prefetch("docket_items", queryset=_docket_items()))
    items = [item for a in applications for item in a.docket_items.all()]
    earlier = [a.renews.application for a in applications if a.renews_id is not None]
    abutter_lists = [getattr(a, "abutter_list", None) for a in applications]
    prefetch_together(
        *[(applications, name) for name in FACT_CHILDREN + tuple(also)],
        (earlier, "variances"),
        (abutter_lists, Prefetch("abutters", queryset=_live_abutters())),
        (items, Prefetch("abutter_notices", queryset=_notices())),
        *together,
    )
    return applications


def _docket_items():
    # Hearings sit above permits: their rows are reached through the relations they declare.
    return _docket_item_model().objects.select_related(
        "meeting", "meeting__legal_notice", "decision"
    )


def _docket_item_model():
    from permits.models import Application

    return Application.docket_items.field.model


def _notices():
    return (
        _docket_item_model()
        .abutter_notices.field.model.objects.only("id", "docket_item_id", "abutter_id", "mailed_on")
        .order_by("docket_item", "id")
    )


def _live_abutters():
    """The abutters still on a certified list (struck-off ones need no notice): ids only."""
    from facilities.models import Abutter

    return Abutter.objects.filter(voided=False).only("id", "abutter_list_id")


def decisive_docket_item(application):
    """The hearing that counts for the application: the latest one not withdrawn or continued."""
    items = [item for item in application.docket_items.all() if item.status in _HEARD]
    if not items:
        return None
    return max(items, key=lambda item: (item.meeting.date, item.pk))


def decision_date(application, as_of: date | None = None) -> date:
    """The day the decision is made: the Board's decision if recorded, else `as_of` (today)."""
    item = decisive_docket_item(application)
    decision = getattr(item, "decision", None) if item is not None else None
    if decision is not None and decision.result in ("approved", "denied"):
        return decision.decided_on
    return as_of or timezone.localdate()


def _hearing_facts(application) -> dict[str, Any] | None:
    item = decisive_docket_item(application)
    if item is None:
        return None
    meeting = item.meeting
    decision = getattr(item, "decision", None)
    result = decision.result if decision is not None else None
    legal_notice = getattr(meeting, "legal_notice", None)
    # Abutters are noticed only when every abutter on the certified list has been mailed;
    # the date that counts is the last mailing.
    abutter_list = getattr(application, "abutter_list", None)
    abutter_ids = {a.id for a in abutter_list.abutters.all()} if abutter_list else set()
    mailed = {n.abutter_id: n.mailed_on for n in item.abutter_notices.all() if n.mailed_on}
    all_mailed = bool(abutter_ids) and abutter_ids <= mailed.keys()
    return {
        "held_on": _iso(meeting.date) if result in ("approved", "denied") else None,
        "abutter_notice_mailed": _iso(max(mailed[i] for i in abutter_ids)) if all_mailed else None,
        "newspaper_notice_published": _iso(legal_notice.published_on) if legal_notice else None,
        "decision": result if result in ("approved", "denied") else None,
    }


def _structure_facts(structure) -> dict[str, Any]:
    distances = {
        key: _number(value) for key, value in structure.distances().items() if value is not None
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
    return facts


def facts_for(application, as_of: date | None = None) -> dict[str, Any]:
    """The contract's facts object for `application`, as JSON-able data."""
    return facts_from_parts(
        application=application,
        lot=application.lot,
        animals=application.animals.all(),
        structures=application.structures.all(),
        setback_enlargements=application.setback_enlargements.all(),
        variances=variances_for(application),
        record=application,
        as_of=as_of,
    )


def variances_for(application) -> list:
    """The variances that bear on `application`: its own, and those of the keeping it renews.

    A variance is granted to a holder's keeping on a lot (§20-21); a renewal of that permit runs
    the rules again and must still see it (its own expiry date decides whether it still holds).
    """
    variances = list(application.variances.all())
    seen = {application.pk}
    permit = application.renews if application.renews_id else None
    while permit is not None and permit.application_id not in seen:
        seen.add(permit.application_id)
        earlier = permit.application
        variances.extend(earlier.variances.all())
        permit = earlier.renews if earlier.renews_id else None
    return variances


def facts_from_parts(
    *,
    application,
    lot,
    animals,
    structures,
    setback_enlargements=(),
    variances=(),
    record=None,
    as_of: date | None = None,
) -> dict[str, Any]:
    """The facts object from plain parts: objects carrying the models' field names.

    The parts may be saved rows or unsaved instances built from a form being typed, so the
    compliance panel's live recheck and the issue action read the facts the same way.
    `record` is the saved application whose hearing counts (None: no hearing yet).
    """
    from permits.models import DOCUMENT_FIELDS

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
    decided = decision_date(record, as_of) if record is not None else None
    facts: dict[str, Any] = {
        "application": {
            "kind": application.kind,
            "date": (decided or as_of or timezone.localdate()).isoformat(),
            "construction": application.construction,
            "construction_approved": {
                "board": application.construction_board_approved,
                "building_inspector": application.construction_building_inspector_approved,
            },
            "prior_permit_issued": _iso(application.prior_permit_issued),
            "conditions_unchanged": application.conditions_unchanged,
        },
        "lot": {
            "area_acres": _number(lot.area_acres),
            "percolation_min_per_inch": _number(lot.percolation_min_per_inch),
            "flood_prone": lot.flood_prone,
            "stagnant_water": lot.stagnant_water,
            "porous_fill": porous_fill,
        },
        "animals": animal_facts,
        "structures": [_structure_facts(s) for s in structures],
        "facility": {"securely_fenced": application.securely_fenced},
        "vermin_control": {
            "plan_approved": application.vermin_plan_approved,
            "licensed_operator": application.vermin_licensed_operator,
        },
        "documents": {key: getattr(application, field) for field, key, _ in DOCUMENT_FIELDS},
        "approvals": {
            "conservation_commission_wetland_ft": _number(
                application.conservation_commission_wetland_ft
            ),
            "wild_animal": application.wild_animal_approved,
            "composting": application.composting_approved,
        },
        "setback_enlargements": {e.rule: _number(e.minimum_ft) for e in setback_enlargements},
        "variances": variance_facts,
    }
    if application.manure_method:
        facts["manure"] = {"method": application.manure_method}
    hearing = _hearing_facts(record) if record is not None else None
    if hearing is not None:
        facts["hearing"] = hearing
    return facts


def evaluate_parts(**parts) -> dict[str, Any]:
    """The contract's result for unsaved parts (see `facts_from_parts`), saving nothing."""
    return rules.check(facts_from_parts(**parts))


def evaluate_application(application, as_of: date | None = None) -> dict[str, Any]:
    """The contract's result (or error object) for `application`."""
    return rules.check(facts_for(application, as_of))
