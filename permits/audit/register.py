"""The register as it is on file, loaded once for every check: a fixed few queries however
many permits and decisions there are (the history read for a hearing's letters excepted).

"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime

from django.db.models import Max, Prefetch, Q
from django.utils import timezone

from facilities.models import Abutter, AnimalKept, Lot, Parcel, ParcelImport, Structure
from hearings.models import (
    AbutterNotice,
    BoardMember,
    BoardSeats,
    Decision,
    DocketItem,
    MeetingAttendance,
    RevocationProceeding,
)
from inspections.models import ChecklistFinding, Inspection, Order
from permits.amendments.models import Amendment
from permits.models import Application, Permit, RenewalBatchEntry
from stoneham_boh.lib.addresses import address_key, resolve_key, street_of
from stoneham_boh.town.current import current_town
from stoneham_boh.town.models import Town


def _items():
    return DocketItem.objects.select_related(
        "meeting", "meeting__legal_notice", "decision"
    ).prefetch_related("decision__votes", "abutter_notices")


APPLICATION_PREFETCHES = (
    "structures",
    "animals",
    "variances",
    "board_approvals",
    "setback_enlargements__decision",
    "documents",
    Prefetch(
        "inspections",
        queryset=Inspection.objects.filter(kind="final_construction").prefetch_related("findings"),
        to_attr="final_inspections",
    ),
    Prefetch("docket_items", queryset=_items()),
    Prefetch("abutter_list__abutters", queryset=Abutter.objects.order_by("id")),
)


@dataclass
class Register:
    """Every record the checks read, keyed for look-up."""

    today: date
    permits: list = field(default_factory=list)  # every permit but void ones
    by_pk: dict = field(default_factory=dict)
    applications: dict = field(default_factory=dict)  # pk -> application, relations loaded
    renewed_by: dict = field(default_factory=dict)  # permit pk -> permits renewing it
    decisions: list = field(default_factory=list)
    decision_faults: dict = field(default_factory=dict)  # decision pk -> sentences
    decision_recorded_at: dict = field(default_factory=dict)  # decision pk -> datetime
    roll_history: list = field(default_factory=list)  # BoardMember history rows, oldest first
    seats_history: list = field(default_factory=list)  # BoardSeats history rows, oldest first
    attendance: dict = field(default_factory=dict)  # meeting pk -> {member pk: present}
    orders_by_lot: dict = field(default_factory=dict)
    violations_by_lot: dict = field(default_factory=dict)
    proceedings_by_permit: dict = field(default_factory=dict)
    struck_at: dict = field(default_factory=dict)  # abutter pk -> when it was struck
    letter_recorded_at: dict = field(default_factory=dict)  # notice pk -> when recorded mailed
    permit_recorded_at: dict = field(default_factory=dict)  # permit pk -> datetime
    amendment_voted_at: dict = field(default_factory=dict)  # amendment pk -> its meeting's hour
    inspection_recorded_at: dict = field(default_factory=dict)  # inspection pk -> completed at
    inspection_listed_on: dict = field(default_factory=dict)  # inspection pk -> day listed
    structures_changed_at: dict = field(default_factory=dict)  # application pk -> datetime
    map_imported_at: datetime | None = None  # when the parcel map was first imported
    current_lots: list = field(default_factory=list)  # lots not merged into another
    parcels: dict = field(default_factory=dict)
    batch_entries: list = field(default_factory=list)  # each permit chosen for a renewal together
    map_addresses: dict = field(default_factory=dict)  # address key -> parcels (with an owner)
    streets: set = field(default_factory=set)  # street keys of the map and of the lots on file
    town_history: list = field(default_factory=list)  # the town's settings rows, oldest first
    _history: dict = field(default_factory=dict)  # model -> application pk -> history rows

    def town_as_of(self, moment: datetime):
        """The town's settings as they stood at `moment` (their history); as first recorded
        before that, and the town as it is when it has no history."""
        latest = None
        for row in self.town_history:
            if row.history_date > moment:
                break
            latest = row
        latest = latest or (self.town_history[0] if self.town_history else None)
        return latest.instance if latest is not None else current_town()

    def address_key(self, street_address: str) -> str:
        """An address's key, its street's suffix added where it was typed without one and the
        town has one street of that name (the lot matcher's reading, facilities.addresses)."""
        return resolve_key(address_key(street_address), self.streets)

    def inspected_on(self, inspection) -> date | None:
        """The day of the visit that counts: the day typed, or the day the inspection was put
        on the list when the typed day is earlier (a phone's clock behind, a typo: issue 33,
        finding 1). The later of the two, so a violation found today is not read as two years
        old and outside the year §20-20(8) looks at."""
        if inspection.performed_at is None:
            return None
        typed = timezone.localdate(inspection.performed_at)
        listed = self.inspection_listed_on.get(inspection.pk)
        return max(typed, listed) if listed is not None else typed

    def counted_from(self, inspection) -> date | None:
        """The day §20-20(8) counts a violation of the visit from: the day of the visit
        (inspected_on), or the day its record arrived at the office when that is later. The
        Board cannot have learned of it, nor seen it settled, before it arrived: a visit left
        on the list two years and recorded today with the time it was due is not read as two
        years old (issue 33, finding 1). The arrival is the history's (the first row showing
        it completed), not the product's own reading of it."""
        visited = self.inspected_on(inspection)
        arrived = self.inspection_recorded_at.get(inspection.pk)
        if visited is None or arrived is None:
            return visited
        return max(visited, timezone.localdate(arrived))

    def application(self, permit):
        return self.applications.get(permit.application_id, permit.application)

    def structures_at(self, application, moment) -> list:
        """The application's structures as they stood at `moment` (a plan of record filed
        after the decision does not change what was decided or issued)."""
        changed = self.structures_changed_at.get(application.pk)
        if moment is None or changed is None or changed <= moment:
            return list(application.structures.all())
        return self.rows_as_of(Structure, application.pk, moment)

    def rows_as_of(self, model, application_pk: int, moment: datetime) -> list:
        """The application's rows of `model` (structures, animals) as they stood at `moment`,
        from its history, read for every application at once the first time it is asked."""
        if model not in self._history:
            by_application: dict = {}
            for row in model.history.order_by("history_date", "history_id").iterator(2000):
                by_application.setdefault(row.application_id, []).append(row)
            self._history[model] = by_application
        latest = {}
        for row in self._history[model].get(application_pk, []):
            if row.history_date > moment:
                break
            latest[row.id] = row
        return [row for row in latest.values() if row.history_type != "-"]

    def keeping_as_of(self, application_pk: int, moment: datetime) -> tuple[list, list]:
        """An application's animals and structures as they stood at `moment`."""
        return (
            self.rows_as_of(AnimalKept, application_pk, moment),
            self.rows_as_of(Structure, application_pk, moment),
        )

    def structures_renewed(self, renewed, renewal) -> list:
        """The structures of the permit `renewed` as they stood when `renewal` issued, to
        compare like with like: a plan of record filed after `renewed` issued measures the
        structures it permitted (its application, decided, changes no other way), and the
        renewal carries the same measures; read at `renewed`'s own issue, a distance measured
        since would be compared against "beyond range" (issue 33, audit defect a)."""
        return self.structures_at(
            self.application(renewed), self.permit_recorded_at.get(renewal.pk)
        )

    def structures_issued(self, permit) -> list:
        return self.structures_at(self.application(permit), self.permit_recorded_at.get(permit.pk))

    def amendments_known_at(self, moment):
        """Which amendments bound a permit recorded at `moment`: an amendment in force from a
        day binds from that day, but never before the Board voted it (its meeting's hour), so
        a permit issued that morning is not held to the evening's vote. Recorded late, an
        amendment voted earlier still binds (the law is not the clerk's typing)."""
        if moment is None:
            return None
        voted, day = self.amendment_voted_at, timezone.localtime(moment).date()

        def bound(change) -> bool:
            hour = voted.get(change.id)
            # Only the hour of a vote taken the day the permit was recorded is compared: a
            # record made another day is judged by its days, whatever its timestamp.
            return hour is None or timezone.localtime(hour).date() != day or hour <= moment

        return bound

    def chain(self, permit) -> list:
        """`permit` and the permits it renews, newest first."""
        found, seen = [permit], {permit.pk}
        current = permit
        while True:
            renews = self.application(current).renews_id
            if not renews or renews in seen:
                return found
            current = self.by_pk.get(renews) or Permit.objects.get(pk=renews)
            seen.add(current.pk)
            found.append(current)

    def keeping(self, permit) -> list:
        """The applications of the permit's keeping, newest first."""
        return [self.application(p) for p in self.chain(permit)]

    def later(self, permit) -> list:
        """Every permit that renews `permit`, directly or through another renewal."""
        found, todo = [], list(self.renewed_by.get(permit.pk, []))
        while todo:
            nxt = todo.pop()
            if nxt in found:
                continue
            found.append(nxt)
            todo.extend(self.renewed_by.get(nxt.pk, []))
        return found


def deadline_counted(order, rows: list) -> date:
    """The order's deadline from its history (oldest first), a change recorded after the
    deadline then set had passed left out. The audit's own reading, from the records."""
    counted = None
    for row in rows:
        if counted is None or (
            row.deadline != counted and timezone.localdate(row.history_date) <= counted
        ):
            counted = row.deadline
    return counted if counted is not None else order.deadline


def load(today: date) -> Register:
    register = Register(today=today)
    permits = list(
        Permit.objects.exclude(status=Permit.Status.VOID)
        .select_related("holder", "lot", "application")
        .prefetch_related("animals")
        .order_by("year", "sequence")
    )
    register.permits = permits
    register.by_pk = {p.pk: p for p in permits}
    decided = Q(docket_items__decision__result="approved") | Q(permit__isnull=False)
    applications = (
        Application.objects.filter(decided)
        .distinct()
        .select_related("applicant", "lot", "abutter_list", "building_inspector_document")
        .prefetch_related(*APPLICATION_PREFETCHES)
    )
    register.applications = {a.pk: a for a in applications}
    for permit in permits:
        renews = register.application(permit).renews_id
        if renews:
            register.renewed_by.setdefault(renews, []).append(permit)
    register.decisions = list(
        Decision.objects.select_related(
            "docket_item", "docket_item__meeting", "docket_item__application"
        )
        .prefetch_related("votes")
        .order_by("decided_on", "pk")
    )
    register.decision_recorded_at = dict(
        Decision.history.filter(history_type="+").values_list("id", "history_date")
    )
    register.roll_history = list(BoardMember.history.order_by("history_date", "history_id"))
    register.seats_history = list(BoardSeats.history.order_by("history_date", "history_id"))
    for row in MeetingAttendance.objects.all():
        register.attendance.setdefault(row.meeting_id, {})[row.member_id] = row.present
    order_rows: dict = {}
    for row in Order.history.order_by("history_date", "history_id").iterator(2000):
        order_rows.setdefault(row.id, []).append(row)
    for order in Order.objects.order_by("issued_on", "pk"):
        # The deadline that counts: an extension recorded after the deadline passed does not
        # undo the days the order stood overdue (§20-16(6)).
        order.deadline_counted = deadline_counted(order, order_rows.get(order.pk, []))
        register.orders_by_lot.setdefault(order.lot_id, []).append(order)
    for finding in ChecklistFinding.objects.filter(result="violation").select_related("inspection"):
        register.violations_by_lot.setdefault(finding.inspection.lot_id, []).append(finding)
    for proceeding in RevocationProceeding.objects.select_related(
        "docket_item", "docket_item__meeting", "docket_item__decision"
    ):
        register.proceedings_by_permit.setdefault(proceeding.permit_id, []).append(proceeding)
    for abutter_id, when in (
        Abutter.history.filter(voided=True)
        .order_by("history_date")
        .values_list("id", "history_date")
    ):
        register.struck_at.setdefault(abutter_id, when)
    for notice_id, when in (
        AbutterNotice.history.filter(mailed_on__isnull=False)
        .order_by("history_date")
        .values_list("id", "history_date")
    ):
        register.letter_recorded_at.setdefault(notice_id, when)
    register.permit_recorded_at = dict(
        Permit.history.filter(history_type="+").values_list("id", "history_date")
    )
    register.amendment_voted_at = {
        amendment_id: timezone.make_aware(datetime.combine(day, hour))
        for amendment_id, day, hour in Amendment.objects.values_list(
            "id", "adopted_at__date", "adopted_at__time"
        )
    }
    for inspection_id, when in (
        Inspection.history.filter(status="completed")
        .order_by("-history_date")
        .values_list("id", "history_date")
    ):
        register.inspection_recorded_at[inspection_id] = when  # the earliest, last written
    for inspection_id, made, scheduled_for in Inspection.history.filter(
        history_type="+"
    ).values_list("id", "history_date", "scheduled_for"):
        # The day it was put on the list (or the day it was first scheduled for, if earlier):
        # a visit cannot have been made before it (inspections.actions.earliest_visit).
        register.inspection_listed_on[inspection_id] = min(timezone.localdate(made), scheduled_for)
    register.structures_changed_at = dict(
        Structure.history.order_by()
        .values("application_id")
        .annotate(last=Max("history_date"))
        .values_list("application_id", "last")
    )
    first_import = ParcelImport.objects.order_by("imported_at").first()
    register.map_imported_at = first_import.imported_at if first_import else None
    register.current_lots = list(
        Lot.objects.filter(merged_into__isnull=True).only("pk", "street_address", "tax_parcel_id")
    )
    register.parcels = {
        p.pk: p
        for p in Parcel.objects.filter(lots__permits__isnull=False)
        .distinct()
        .only("pk", "lot_size_acres")
    }
    for site_address, kind in Parcel.objects.exclude(site_address="").values_list(
        "site_address", "poly_type"
    ):
        key = address_key(site_address)
        register.streets.add(street_of(key))
        if kind in (Parcel.Kind.FEE, Parcel.Kind.TAX):
            register.map_addresses.setdefault(key, []).append(site_address)
    register.streets |= {
        street_of(address_key(lot.street_address)) for lot in register.current_lots
    }
    town = current_town()
    if town.pk is not None:
        register.town_history = list(
            Town.history.filter(id=town.pk).order_by("history_date", "history_id")
        )
    register.batch_entries = list(
        RenewalBatchEntry.objects.select_related("batch", "payment", "renews").order_by("pk")
    )
    return register
