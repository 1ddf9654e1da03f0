"""Loading what the facts adapter reads (permits.facts_from_records assembles the facts).

The prefetches a page asks for (`prefetches()`, with `Application.objects.with_facts()`) or
the bulk re-check (`bulk_prefetches()`), `load_facts()` for applications already fetched, and
the readings of what was loaded: each falls back to a query when nothing was, so a caller
gets the same rows either way, and evaluating ten thousand applications costs a fixed number
of queries. What Django prefetched is read through `prefetched()` only.
"""

from __future__ import annotations

from datetime import date

from django.db.models import (
    Exists,
    F,
    IntegerField,
    OuterRef,
    Prefetch,
    Subquery,
    Sum,
    prefetch_related_objects,
)

from facilities.models import Abutter, AnimalKept, Structure
from facilities.noticed_abutters import LIVE_ABUTTER_IDS, STRUCK_ABUTTERS
from facilities.noticed_abutters import live_abutter_ids as live_abutter_ids
from facilities.noticed_abutters import struck_abutters as struck_abutters
from hearings.loaded_docket import docket_items_of as docket_items_of
from hearings.models import (
    AbutterNotice,
    BoardApproval,
    DocketItem,
    SetbackEnlargement,
    Variance,
    Vote,
)
from permits import rules
from permits.lot_wide import other_live_permits
from permits.models import Application, Document, Payment, Permit, PermitAnimal
from stoneham_boh.lib.readings import BULK as BULK
from stoneham_boh.lib.readings import loaded_rows as loaded_rows
from stoneham_boh.lib.readings import prefetched as prefetched


def child_prefetch(relation: str, **filters) -> Prefetch:
    """A prefetch of the application's `relation` (rows matching `filters`), in its model's
    order less a leading "application": the prefetch splits the rows by application anyway,
    and that ordering joined the applications' table into every such query for nothing."""
    # Each relation's model by name, so the import scan sees every edge (no model fetched
    # through a relation: tests/stoneham_boh/test_layering.py).
    model = {
        "structures": Structure,
        "animals": AnimalKept,
        "setback_enlargements": SetbackEnlargement,
        "variances": Variance,
        "board_approvals": BoardApproval,
        "documents": Document,
        "payments": Payment,
    }[relation]
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


def bulk_prefetches() -> list:
    """prefetches() for evaluating thousands of applications at once (the renewal re-check):
    the same rows, but the one-to-many relations come as plain lists (`Prefetch(to_attr=)`,
    read by `loaded_rows()`). Django otherwise builds a queryset per application and relation to
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
    renews = Application._meta.get_field("renews")
    earlier = []
    for application in applications:
        lot = application.lot
        cached = prefetched(lot, "permits")
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
        hearings = {item.pk: item for item in loaded_rows(application, "docket_items")}
        for item in hearings.values():
            earlier = hearings.get(item.continued_from_id)
            if earlier is not None:
                item._meta.get_field("continued_from").set_cached_value(item, earlier)


def _load_live_abutter_ids(applications) -> None:
    """The ids of the live abutters of each application's list, in one query of plain
    values: all the rules and pages read of them. Loading them as records cost a page with
    three hundred abutters six milliseconds."""
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
    # read only if a strike came after the letters: hearings.notice_timing.late_strikes).
    for list_id, abutter_id, voided, voided_on in Abutter.objects.filter(
        abutter_list__in=list(lists)
    ).values_list("abutter_list_id", "id", "voided", "voided_on"):
        if voided:
            getattr(lists[list_id], STRUCK_ABUTTERS).append(
                Abutter(id=abutter_id, abutter_list_id=list_id, voided=True, voided_on=voided_on)
            )
        else:
            getattr(lists[list_id], LIVE_ABUTTER_IDS).add(abutter_id)


def _docket_items():
    # The newspaper's charge too: the fees read it with the letters (hearings.notice_cost).
    # Whether a member disputes a vote on its decision, in the same query: the permit waits
    # on such a dispute (hearings.motions.application_doubt_refusals).
    disputed = Vote.objects.filter(decision__docket_item=OuterRef("pk"), disputed_at__isnull=False)
    return DocketItem.objects.select_related(
        "meeting", "meeting__legal_notice", "decision", "notice_charge"
    ).annotate(has_disputed_vote=Exists(disputed))


def _notices():
    return (
        AbutterNotice.objects.only("id", "docket_item_id", "abutter_id", "mailed_on")
        # By id within each item: ordering by the item joined its table and its meeting's.
        .order_by("id")
    )


def _live_abutters():
    """The abutters of a certified list, as few columns as the readings need: `voided`, so
    that `live_abutter_ids` filters whatever a page loaded, and the day of a strike, which
    `struck_abutters` reads (a strike after the letters still leaves the owner to notice)."""
    return Abutter.objects.only("id", "abutter_list_id", "voided", "voided_on")


def lot_permits():
    """A lot's permits, each with the number of equines it authorizes (`equine_count`) and
    the permit it renews (`renews_permit_id`): what §20-17(1) counts across the lot.

    Equines are the species any ruleset counts as horses (the rulesets agree on them).
    """
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
        cached = prefetched(lot, "permits")
    permits = list(cached) if cached is not None else None
    if permits is None or (permits and not hasattr(permits[0], "equine_count")):
        permits = list(lot_permits().filter(lot=lot))
    return other_live_permits(application, lot, on, permits)
