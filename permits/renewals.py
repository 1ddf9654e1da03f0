"""What a renewal inherits, and what stops it: read from the records, never typed.

§20-20(8): a keeping permitted before the regulation took effect is renewed under the old rules
while the conditions of the original permit have not changed and nothing injurious to public
health or to the neighbours' enjoyment of their property is found. Whether that holds is
established here: the first-permitted date from the chain of permits (a legacy permit holds
the date of its paper original), "unchanged" by comparing the renewal with the permit it
renews, and "nothing injurious" from the inspections of the past year.

A renewal that asks for more than the permit it renews (§20-20(3)) is a new application and
goes to the Board with a public hearing (§20-20(9)). A permit with an order not abated
(§20-16(6)) is not renewed until the order is abated or the Board decides; one lapsed for
longer than settings.RENEWAL_LAPSE_DAYS needs a new application.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, timedelta
from types import SimpleNamespace

from django.conf import settings
from django.db.models import Q
from django.utils import timezone

from hearings.models import RevocationProceeding
from hearings.ruleset_in_force import ruleset_on
from inspections.deadlines import deadline_that_counts, overdue_for_renewal
from inspections.models import ChecklistFinding, Order
from permits.facts_from_records import decisive_docket_item
from permits.facts_loading import loaded_rows
from permits.keeping import Changes, compare, keeping_facts
from stoneham_boh.lib.dates import long_date
from stoneham_boh.lib.readings import remembered
from stoneham_boh.town.calendar import town_calendar
from stoneham_boh.town.current import current_town


def first_permitted_on(permit) -> date:
    """When the keeping was first permitted: back along the chain of renewals to the first
    permit, or to a legacy permit's original date."""
    chain = earlier_permits(permit)
    for current in chain:
        if current.legacy and current.first_permitted_on:
            return current.first_permitted_on
    if not chain[-1].application.renews_id:
        return chain[-1].issued_on
    return permit.issued_on  # a chain that loops back on itself has no first permit


def _permitted_animals(permit) -> list:
    """The animals the permit authorizes (§20-20(3)), wild as the application said."""
    wild = {(a.species, a.name) for a in loaded_rows(permit.application, "animals") if a.wild}
    return [
        SimpleNamespace(
            species=a.species,
            name=a.name,
            count=a.count,
            mature_count=a.mature_count,
            wild=(a.species, a.name) in wild,
        )
        for a in permit.animals.all()
    ]


def permitted_facts(permit, *, equines_under_other_permits: int | None = None) -> dict:
    """What the permit allows, as the rules read it: its animals and the structures of the
    application it was issued on (measured on the plan where drawn), on the day of issue."""
    return keeping_facts(
        permit.application,
        permit.issued_on,
        animals=_permitted_animals(permit),
        lot=permit.lot,
        equines_under_other_permits=equines_under_other_permits,
    )


def changes_from_permit(permit, application, animals, structures, on: date) -> Changes:
    """How a renewal's keeping differs from what the permit it renews allows (the one
    comparison: permits.rules.compare). The horses of the lot's other permits are counted
    alike on both sides: another keeping's change is not this one's."""
    asked = keeping_facts(application, on, animals=animals, structures=structures)
    others = asked["lot"]["equines_under_other_permits"]
    return compare(permitted_facts(permit, equines_under_other_permits=others), asked)


def lapse_clock(permit):
    """The last day a lapsed permit can still be renewed: RENEWAL_LAPSE_DAYS after it
    expired, rolled forward to a business day when the Town's offices are closed (c.4 §9)."""
    return town_calendar().deadline_after(
        permit.expires_on,
        settings.RENEWAL_LAPSE_DAYS,
        what="Renewal of a lapsed permit (RENEWAL_LAPSE_DAYS)",
    )


def lapse_refusal(permit, on: date) -> str:
    clock = lapse_clock(permit)
    if on <= clock.when:
        return ""
    return (
        f"Permit {permit.number} expired on {long_date(permit.expires_on)}; the last day to renew "
        f"it was {long_date(clock.when)} ({clock.rule}): it can no longer be renewed, "
        "and the keeping needs a new application (§20-20(1), (9))."
    )


def unabated_orders(lot, on: date | None = None) -> list:
    """Orders on the lot not abated by their deadline (§20-16(6)): marked so by the agent, or
    still open on `on` (default today) with the deadline passed. The deadline passing is
    enough: an order the agent has not yet marked blocks as one marked."""
    on = on or timezone.localdate()
    overdue = Q(status=Order.Status.UNABATED) | Q(status=Order.Status.OPEN, deadline__lt=on)

    def read():
        # One query: the overdue orders, and the open ones still running, of which one extended
        # after its deadline passed is still overdue from then (its history says).
        orders = Order.objects.filter(
            overdue | Q(status=Order.Status.OPEN, deadline__gte=on), lot=lot
        ).order_by("issued_on", "id")
        return [
            order
            for order in orders
            if order.status == Order.Status.UNABATED
            or order.deadline < on
            or overdue_for_renewal(order, on)
        ]

    return remembered(("unabated orders", lot.pk, on), read)


def unabated_order_refusals(lot, on: date | None = None) -> list[str]:
    return [
        f"Order {order.pk} ({order.citation}) of {long_date(order.issued_on)} was not abated by "
        f"{long_date(deadline_that_counts(order))}: the permit is renewed only once it is "
        "abated or the Board decides on the renewal (§20-16(6))."
        for order in unabated_orders(lot, on)
    ]


# --- One permit year at a time ----------------------------------------------------------------


def renewal_window_opens(year: int) -> date:
    """The first day on which next year's permit is renewed, in `year` (setting)."""
    return current_town().renewal_window_opens(year)


def renewal_year(permit, on: date) -> int:
    """The year of the permit that renews `permit` on `on`: the year after it, or this year
    for a permit that has lapsed."""
    return max(on.year, permit.year + 1)


def year_refusal(permit, on: date) -> str:
    """A keeping holds one permit a year, renewed for the next year only within the renewal
    window: the permit of year Y is renewed from the window's opening in year Y - 1."""
    year = renewal_year(permit, on)
    opens = renewal_window_opens(year - 1)
    if on >= opens:
        return ""
    return (
        f"Permit {permit.number} is for {permit.year}: its renewal for {year} opens on "
        f"{long_date(opens)}. A permit is renewed one year at a time, on the facts of its year."
    )


def pending_revocation_refusals(permit) -> list[str]:
    """A keeping before the Board for revocation (§20-20(5)) is not renewed while the
    proceeding is pending: the Board's decision comes first. The proceeding may have been
    opened on an earlier permit of the keeping (last year's, since renewed): a revocation
    decided on it ends the permits that renewed it too (permits.actions.revoke_permit)."""
    chain = earlier_permits(permit)
    pending = RevocationProceeding.objects.filter(
        permit__in=chain, docket_item__status="scheduled"
    ).select_related("permit", "docket_item__meeting")
    return [
        f"Permit {proceeding.permit.number}"
        + ("" if proceeding.permit_id == permit.pk else ", of this keeping,")
        + " is before the Board for revocation (hearing of "
        f"{long_date(proceeding.docket_item.meeting.date)}): it is not renewed until the Board "
        "decides (§20-20(5))."
        for proceeding in pending
    ]


def earlier_permits(permit) -> list:
    """`permit` and the permits it renews, back to the first of its keeping (stopping where a
    chain would loop back on itself)."""
    found, seen = [permit], {permit.pk}
    while (renews := found[-1].application.renews_id) and renews not in seen:
        seen.add(renews)
        found.append(found[-1].application.renews)
    return found


def later_permits(permit) -> list:
    """The permits that renew `permit`, and those that renew them: the rest of its keeping."""
    Permit = type(permit)  # noqa: N806
    found, frontier = [], [permit.pk]
    while frontier:
        renewing = list(Permit.objects.filter(application__renews_id__in=frontier))
        renewing = [p for p in renewing if p not in found]
        found += renewing
        frontier = [p.pk for p in renewing]
    return found


def injurious_conditions(lot, on: date) -> list[str]:
    """§20-20(8) proviso: violations still open and orders not abated on the lot, from the
    inspections of the past settings.INJURIOUS_CONDITIONS_LOOKBACK_DAYS days.

    A violation counts from the later of the day typed and the day its record arrived at the
    office (Inspection.arrived_at): the Board cannot have learned of it, nor seen it settled,
    before then. An inspection left on the list two years and recorded today with the time
    it was due is not read as two years old (issue 33, finding 1)."""
    since = on - timedelta(days=settings.INJURIOUS_CONDITIONS_LOOKBACK_DAYS)
    found = []
    violations = remembered(
        ("unsettled violations", lot.pk, on),
        lambda: list(
            ChecklistFinding.objects.filter(
                inspection__lot=lot,
                result=ChecklistFinding.Result.VIOLATION,
                inspection__performed_at__date__lte=on,
            )
            .filter(
                Q(inspection__performed_at__date__gte=since)
                | Q(inspection__arrived_at__date__gte=since)
            )
            # A violation is settled when an order for it was abated or withdrawn.
            .exclude(orders__status__in=[Order.Status.ABATED, Order.Status.WITHDRAWN])
            .select_related("inspection")
            .order_by("inspection__performed_at", "id")
        ),
    )
    for finding in violations:
        found.append(
            f"a violation of {finding.citation} found on {_found_on(finding.inspection)} "
            "is not settled"
        )
    settled_by_finding = {f.pk for f in violations}
    orders = [o for o in unabated_orders(lot, on) if o.finding_id not in settled_by_finding]
    for order in orders:
        found.append(f"order {order.pk} ({order.citation}) was not abated by its deadline")
    return found


def _found_on(inspection) -> str:
    """The day typed, and the day it arrived when that is more than a day later: the clerk
    sees why a violation dated before the year looked at still counts."""
    typed = timezone.localdate(inspection.performed_at)
    if inspection.arrived_at is None:
        return long_date(typed)
    arrived = timezone.localdate(inspection.arrived_at)
    if (arrived - typed).days <= 1:
        return long_date(typed)
    return f"{long_date(typed)} (recorded {long_date(arrived)})"


@dataclass
class Grandfathering:
    """Why a renewal is, or is not, renewed under the rules before the regulation (§20-20(8))."""

    first_permitted: date | None
    cutoff: date
    changes: Changes = field(default_factory=Changes)
    injurious: list[str] = field(default_factory=list)

    @property
    def permitted_before(self) -> bool:
        return self.first_permitted is not None and self.first_permitted < self.cutoff

    @property
    def unchanged(self) -> bool:
        return self.changes.unchanged

    @property
    def applies(self) -> bool:
        return self.permitted_before and self.unchanged and not self.injurious

    def explanation(self) -> list[str]:
        """Short sentences for the renewal page."""
        if self.first_permitted is None:
            return []
        first = f"The keeping was first permitted on {long_date(self.first_permitted)}"
        if not self.permitted_before:
            return [
                f"{first}, after the regulation took effect on {long_date(self.cutoff)}: today's "
                "rules apply."
            ]
        lines = [f"{first}, before the regulation took effect on {long_date(self.cutoff)}."]
        if self.unchanged:
            lines.append("The keeping is that of the permit it renews, fact for fact.")
        else:
            changed = self.changes.enlargements + self.changes.reductions
            lines.append("It differs from the permit it renews: " + "; ".join(changed) + ".")
        if self.injurious:
            lines.append("Inspections of the past year: " + "; ".join(self.injurious) + ".")
        else:
            lines.append("No open violation or unabated order in the inspections of the past year.")
        lines.append(
            "Grandfathered under §20-20(8)."
            if self.applies
            else "Not grandfathered: today's rules apply (§20-20(8))."
        )
        return lines


def grandfathering_for(application, animals, structures, on: date) -> Grandfathering | None:
    """The §20-20(8) facts of a renewal (None for a new application)."""
    if application.kind != "renewal" or not application.renews_id:
        return None
    permit = application.renews
    cutoff = ruleset_on(on).interpretations.grandfathering_cutoff
    first = first_permitted_on(permit)
    grandfathering = Grandfathering(
        first_permitted=first,
        cutoff=cutoff,
        changes=changes_from_permit(permit, application, animals, structures, on),
    )
    # The inspections matter only where the date could grandfather the keeping.
    if grandfathering.permitted_before:
        grandfathering.injurious = injurious_conditions(application.lot, on)
    return grandfathering


def renewal_enlargements(application, on: date | None = None) -> list[str]:
    """What a renewal asks for beyond the permit it renews (§20-20(3)); empty for a new one.
    A renewal is plain only when this is empty."""
    if application.kind != "renewal" or not application.renews_id:
        return []
    return changes_from_permit(
        application.renews,
        application,
        application.animals.all(),
        application.structures.all(),
        on or timezone.localdate(),
    ).enlargements


def board_approved(application) -> bool:
    """The Board approved the application after its hearing."""
    item = decisive_docket_item(application)
    decision = getattr(item, "decision", None) if item is not None else None
    return decision is not None and decision.result == "approved"


@dataclass
class RenewalSummary:
    """What the renewal page says about the renewal: grandfathered or not and why, and what it
    asks for beyond its permit."""

    permit: object
    grandfathering: Grandfathering
    enlargements: list[str]


def renewal_summary(application, on: date) -> RenewalSummary | None:
    animals, structures = application.animals.all(), application.structures.all()
    grandfathering = grandfathering_for(application, animals, structures, on)
    if grandfathering is None:
        return None
    return RenewalSummary(
        permit=application.renews,
        grandfathering=grandfathering,
        enlargements=grandfathering.changes.enlargements,
    )
