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

from django.db.models import F, IntegerField, OuterRef, Prefetch, Subquery, Sum
from django.utils import timezone

from facilities.choices import NAMED_SPECIES
from permits import rules
from permits.lot_wide import lot_wide_findings, other_live_permits, with_lot_wide

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


def child_prefetch(relation: str, **filters) -> Prefetch:
    """A prefetch of the application's `relation` (rows matching `filters`), in its model's
    order less a leading "application": the prefetch splits the rows by application anyway,
    and that ordering joined the applications' table into every such query for nothing."""
    from permits.models import Application

    model = Application._meta.get_field(relation).related_model
    ordering = [name for name in model._meta.ordering if name != "application"]
    return Prefetch(relation, queryset=model.objects.filter(**filters).order_by(*ordering))


def prefetches() -> list:
    """The relations facts_for() reads, for `prefetch_related(*prefetches())`."""
    return [
        *_children(),
        *_prefetches_but_children(),
        # The renewed keeping's variances, approvals and enlargements still hold (load_facts()
        # reads the whole keeping, however often it was renewed).
        "renews__application__variances",
        "renews__application__board_approvals",
        "renews__application__setback_enlargements",
        Prefetch("abutter_list__abutters", queryset=_live_abutters()),
    ]


def _children() -> list:
    return [child_prefetch(name) for name in FACT_CHILDREN]


def _prefetches_but_children() -> list:
    return [
        # With their applications: the earlier applications of a renewed keeping are among
        # them (_link_keeping_chains).
        Prefetch("lot__permits", queryset=lot_permits().select_related("application")),
        Prefetch(
            "docket_items",
            queryset=_docket_items().prefetch_related(
                Prefetch("abutter_notices", queryset=_notices())
            ),
        ),
    ]


# The prefix of the lists bulk_prefetches() attaches.
BULK = "facts_"


def bulk_prefetches() -> list:
    """prefetches() for evaluating thousands of applications at once (the renewal re-check):
    the same rows, but the one-to-many relations come as plain lists (`Prefetch(to_attr=)`,
    read by `_rows()`). Django otherwise builds a queryset per application and relation to
    hold what it prefetched: half the re-check's time at 10,000 permits. Pages keep
    prefetches(), since their templates read the relations through `.all()`."""
    return [
        *(Prefetch(name, to_attr=BULK + name) for name in FACT_CHILDREN),
        Prefetch("lot__permits", queryset=lot_permits(), to_attr=BULK + "permits"),
        *(
            Prefetch(f"renews__application__{name}", to_attr=BULK + name)
            for name in ("variances", "board_approvals", "setback_enlargements")
        ),
        Prefetch("abutter_list__abutters", queryset=_live_abutters()),
        Prefetch(
            "docket_items",
            queryset=_docket_items().prefetch_related(
                Prefetch("abutter_notices", queryset=_notices())
            ),
            to_attr=BULK + "docket_items",
        ),
    ]


def _rows(record, relation: str) -> list:
    """The rows of `record.<relation>`: the list bulk_prefetches() attached, else `.all()`
    (prefetched by prefetches(), or one query)."""
    rows = getattr(record, BULK + relation, None)
    return rows if rows is not None else list(getattr(record, relation).all())


# What facts_for() reads through foreign keys, for `select_related(*FACT_RELATED)` before
# `load_facts()`; the renewed permit's application carries the variances of the keeping.
FACT_RELATED = ("lot", "applicant", "renews__application", "abutter_list")
# The one-to-many relations facts_for() reads.
FACT_CHILDREN = (
    "structures",
    "animals",
    "setback_enlargements",
    "variances",
    "board_approvals",
)


def load_facts(applications, *, also: tuple = ()) -> list:
    """Load what facts_for() reads into applications fetched with
    `select_related(*FACT_RELATED)`, and the relations named in `also` (such as "documents"):
    one query a relation, however many applications, hearings and abutters there are."""
    from django.db.models import prefetch_related_objects

    applications = list(applications)
    prefetch_related_objects(applications, *_prefetches_but_children(), *also)
    earlier = _link_keeping_chains(applications)
    # The renewed keeping's variances, approvals and enlargements still hold, and the
    # renewal compares with its structures: one query a relation for every application.
    prefetch_related_objects([*applications, *earlier], *_children())
    renewed = [application.renews for application in applications if application.renews_id]
    prefetch_related_objects(renewed, "animals")
    _load_live_abutter_ids(applications)
    _link_continued_hearings(applications)
    return applications


def _link_keeping_chains(applications) -> list:
    """Link each renewal to the earlier applications of its keeping, and return them.

    A permit is not transferable (§20-20(7)), so the permits a keeping renewed are among the
    lot's own permits, prefetched with their applications: a keeping renewed every year read
    its history with four queries a year. A link that leaves the lot (a record entered
    otherwise) stays unlinked and is read as before, one query at a time.
    """
    from permits.models import Application

    renews = Application._meta.get_field("renews")
    earlier = []
    for application in applications:
        lot = application.lot
        cached = getattr(lot, "_prefetched_objects_cache", {}).get("permits")
        if not application.renews_id or cached is None:
            continue
        permits = {permit.pk: permit for permit in cached}
        seen = {application.pk}
        current = application
        while current.renews_id in permits:
            permit = permits[current.renews_id]
            if permit.application_id in seen:
                break
            renews.set_cached_value(current, permit)
            seen.add(permit.application_id)
            current = permit.application
            earlier.append(current)
    return earlier


def _link_continued_hearings(applications) -> None:
    """Point each continued hearing at the earlier hearing it continues, loaded with the
    application's other hearings: the rules judge a continuation that kept its notice by the
    earlier hearing's notices, which were read again with two queries more."""
    for application in applications:
        hearings = {item.pk: item for item in _rows(application, "docket_items")}
        for item in hearings.values():
            earlier = hearings.get(item.continued_from_id)
            if earlier is not None:
                item._meta.get_field("continued_from").set_cached_value(item, earlier)


# The attribute _load_live_abutter_ids() sets on each abutter list.
LIVE_ABUTTER_IDS = "live_abutter_ids"


def _load_live_abutter_ids(applications) -> None:
    """The ids of the live abutters of each application's list, in one query of plain
    values: all the rules and pages read of them. Loading them as records cost a page with
    three hundred abutters six milliseconds."""
    from facilities.models import Abutter

    lists = {}
    for application in applications:
        abutter_list = getattr(application, "abutter_list", None)
        if abutter_list is not None:
            setattr(abutter_list, LIVE_ABUTTER_IDS, set())
            lists[abutter_list.pk] = abutter_list
    if not lists:
        return
    for abutter_list in lists.values():
        setattr(abutter_list, STRUCK_ABUTTERS, [])
    # The struck ones come in the same query, with the day of the strike (their names are
    # read only if a strike came after the letters: hearings.notices.late_strikes).
    for list_id, abutter_id, voided, voided_on in Abutter.objects.filter(
        abutter_list__in=list(lists)
    ).values_list("abutter_list_id", "id", "voided", "voided_on"):
        if voided:
            getattr(lists[list_id], STRUCK_ABUTTERS).append(
                Abutter(id=abutter_id, abutter_list_id=list_id, voided=True, voided_on=voided_on)
            )
        else:
            getattr(lists[list_id], LIVE_ABUTTER_IDS).add(abutter_id)


def live_abutter_ids(application) -> set[int]:
    """Ids of the abutters on the application's certified list who were not struck off.

    The one reading of who must be noticed: it filters whatever the caller loaded (the ids
    load_facts() read, all the abutters, or only the live ones), so every page and action
    counts the same abutters.
    """
    abutter_list = getattr(application, "abutter_list", None)
    if abutter_list is None:
        return set()
    loaded = getattr(abutter_list, LIVE_ABUTTER_IDS, None)
    if loaded is not None:
        return set(loaded)
    cached = getattr(abutter_list, "_prefetched_objects_cache", {}).get("abutters")
    if cached is not None:
        return {a.id for a in cached if not a.voided}
    return set(abutter_list.abutters.filter(voided=False).values_list("id", flat=True))


def struck_abutters(application) -> list:
    """The abutters struck from the application's certified list, with the day of each strike
    (hearings.notices judges whether each came before the letters): loaded with the facts by
    load_facts(), else one small query. Only their ids and days are read."""
    abutter_list = getattr(application, "abutter_list", None)
    if abutter_list is None:
        return []
    loaded = getattr(abutter_list, STRUCK_ABUTTERS, None)
    if loaded is not None:
        return loaded
    cached = getattr(abutter_list, "_prefetched_objects_cache", {}).get("abutters")
    # A prefetch that loaded the day of each strike (prefetches(): every abutter of the list).
    if cached is not None and all("voided_on" in a.__dict__ for a in cached):
        return [a for a in cached if a.voided]
    return list(_struck().filter(abutter_list=abutter_list))


def _struck():
    from facilities.models import Abutter

    return (
        Abutter.objects.filter(voided=True)
        .only("id", "abutter_list_id", "voided", "voided_on")
        .order_by("id")
    )


# The attribute _load_live_abutter_ids() sets on each abutter list: its struck abutters.
STRUCK_ABUTTERS = "struck_abutters_loaded"


def _docket_items():
    from hearings.models import DocketItem

    return DocketItem.objects.select_related("meeting", "meeting__legal_notice", "decision")


def _notices():
    from hearings.models import AbutterNotice

    return (
        AbutterNotice.objects.only("id", "docket_item_id", "abutter_id", "mailed_on")
        # By id within each item: ordering by the item joined its table and its meeting's.
        .order_by("id")
    )


def _live_abutters():
    """The abutters of a certified list, as few columns as the readings need: `voided`, so
    that `live_abutter_ids` filters whatever a page loaded, and the day of a strike, which
    `struck_abutters` reads (a strike after the letters still leaves the owner to notice)."""
    from facilities.models import Abutter

    return Abutter.objects.only("id", "abutter_list_id", "voided", "voided_on")


# Kinds of docket item that are the application's public hearing (§20-20(9)); the Board's
# approvals, revocations and rescissions are decided at meetings but are not that hearing.
_PUBLIC_HEARINGS = ("new_application", "variance_request")


def decisive_docket_item(application):
    """The hearing that counts for the application: the latest one not withdrawn or continued."""
    items = [
        item
        for item in _rows(application, "docket_items")
        if item.status in _HEARD and item.kind in _PUBLIC_HEARINGS
    ]
    if not items:
        return None
    return max(items, key=lambda item: (item.meeting.date, item.pk))


def lot_permits():
    """A lot's permits, each with the number of equines it authorizes (`equine_count`) and
    the permit it renews (`renews_permit_id`): what §20-17(1) counts across the lot.

    Equines are the species any ruleset counts as horses (the rulesets agree on them).
    """
    from permits.models import Permit, PermitAnimal

    equine_species = {s for r in rules.RULESETS for s in r.interpretations.equine_species}
    equines = (
        PermitAnimal.objects.filter(permit=OuterRef("pk"), species__in=sorted(equine_species))
        .order_by()
        .values("permit")
        .annotate(total=Sum("count"))
        .values("total")
    )
    return Permit.objects.annotate(
        equine_count=Subquery(equines, output_field=IntegerField()),
        renews_permit_id=F("application__renews_id"),
    )


def other_permits_on(application, lot, on: date) -> list:
    """The lot's other permits active on `on` (permits.lot_wide.other_live_permits), read
    from the lot's permits a page or the bulk re-check prefetched, else with one query."""
    if lot is None or lot.pk is None:
        return []
    cached = getattr(lot, BULK + "permits", None)
    if cached is None:
        cached = getattr(lot, "_prefetched_objects_cache", {}).get("permits")
    permits = list(cached) if cached is not None else None
    if permits is None or (permits and not hasattr(permits[0], "equine_count")):
        permits = list(lot_permits().filter(lot=lot))
    return other_live_permits(application, lot, on, permits)


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
    from django.db.models import prefetch_related_objects

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
    """The hearing facts, with the notices judged by `hearings.notices.timing_for`, the one
    reading of who was noticed and when that the docket and the decision also use."""
    # Imported here: hearings.notices reads this module's abutter helpers at its own import.
    from hearings.notices import timing_for

    item = decisive_docket_item(application)
    if item is None:
        return None
    decision = getattr(item, "decision", None)
    result = decision.result if decision is not None else None
    timing = timing_for(item, application=application)
    return {
        "held_on": _iso(item.meeting.date) if result in ("approved", "denied") else None,
        "abutter_notice_mailed": _iso(timing.abutters_given_on),
        "newspaper_notice_published": _iso(timing.newspaper_given_on),
        "decision": result if result in ("approved", "denied") else None,
    }


def _structure_facts(structure) -> dict[str, Any]:
    from facilities.siteplan.distances import (  # measured on the plan first
        governing_distances,
        no_longer_drawn,
    )

    distances = {key: _number(value) for key, value in governing_distances(structure).items()}
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
    if no_longer_drawn(structure):
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
        animals=_rows(application, "animals"),
        structures=_rows(application, "structures"),
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
    return [v for earlier in _keeping(application) for v in _rows(earlier, "variances")]


def approvals_granted(application, as_of: date | None = None) -> list:
    """The Board's approvals for this keeping (BoardApproval rows), granted on or before
    `as_of`: what the facts read and the application and permit show, with date and vote."""
    return [
        approval
        for earlier in _keeping(application)
        for approval in _rows(earlier, "board_approvals")
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
        for enlargement in _rows(earlier, "setback_enlargements"):
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
    from permits.models import DOCUMENT_FIELDS

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
    from permits.construction import construction_record

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
    from permits.eligibility import permit_year_for

    year = permit_year_for(application, on)
    return date(year, 1, 1) if year > on.year else None


def _renewal_facts(application, animals, structures, on: date) -> dict[str, Any]:
    """§20-20(8) and (3) for a renewal, established from the records (permits.renewals).

    A renewal that asks for more than its permit is judged as the new application it is: the
    rules then require the public hearing (§20-20(9)).
    """
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
    result = rules.check(facts_from_parts(**parts))
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
    result = rules.check(facts_for(application, as_of, injurious_conditions=injurious_conditions))
    return lot_wide(
        result,
        application=application,
        lot=application.lot_for_facts,
        animals=_rows(application, "animals"),
        structures=_rows(application, "structures"),
        variances=variances_for(application),
        on=as_of or timezone.localdate(),
    )
