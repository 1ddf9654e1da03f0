"""Orders to correct a violation (§20-16(6)): issuing one with its re-inspection, and its
ends: abated, extended, marked unabated, withdrawn."""

from __future__ import annotations

import uuid
from datetime import date

from django.db import transaction
from django.utils import timezone

# The module, not bound names: the other noun's actions are looked up when called, as they
# were when both lived in one module (the history proof's watch wraps them there).
from inspections.actions import inspections as inspection_actions
from inspections.actions._common import Result, _is_agent, _once
from inspections.models import ChecklistFinding, Inspection, Order
from stoneham_boh.lib.dates import long_date
from stoneham_boh.lib.errors import ActionRefused
from stoneham_boh.lib.history import save_as


@transaction.atomic
def issue_order(
    *,
    finding: ChecklistFinding,
    by,
    requirement: str,
    deadline: date,
    issued_on: date | None = None,
    token: uuid.UUID | None = None,
) -> Order:
    """Order the owner to correct a violation by a deadline (e.g. abate vermin, §20-16(6)).

    The re-inspection is put on the agent's list for the deadline.
    """
    issued_on = issued_on or timezone.localdate()
    if token is not None and (existing := Order.objects.filter(submission_token=token).first()):
        return existing
    finding = ChecklistFinding.objects.select_related("inspection__lot").get(pk=finding.pk)
    inspection = finding.inspection
    reasons = []
    if finding.result != Result.VIOLATION:
        reasons.append("Only a violation can become an order.")
    if not requirement.strip():
        reasons.append("Say what the owner must do.")
    if deadline <= issued_on:
        reasons.append("The deadline must be after the day the order is issued.")
    open_order = finding.orders.filter(status=Order.Status.OPEN).first()
    if open_order is not None:
        reasons.append(f"Order {open_order.pk} already covers this violation.")
    if reasons:
        raise ActionRefused("The order cannot be issued.", reasons)

    def create():
        return save_as(
            Order(
                inspection=inspection,
                finding=finding,
                lot=inspection.lot,
                citation=finding.citation,
                requirement=requirement.strip(),
                deadline=deadline,
                issued_on=issued_on,
                issued_by=by,
                submission_token=token,
            ),
            by,
        )

    order, created = _once(Order, token, create)
    if not created:
        return order
    inspection_actions.schedule_inspection(
        lot=inspection.lot,
        kind=Inspection.Kind.REINSPECTION,
        scheduled_for=deadline,
        by=by,
        agent=inspection.agent if _is_agent(inspection.agent) else None,
        follows_order=order,
        application=inspection.application,
        today=issued_on,
    )
    return order


def _open_order(order: Order, *, also: tuple = ()) -> Order:
    order = Order.objects.select_for_update().get(pk=order.pk)
    if not order.is_open and order.status not in also:
        raise ActionRefused(f"The order is already {order.get_status_display().lower()}.")
    return order


def _cancel_reinspections(order: Order, by, reason: str) -> None:
    for reinspection in order.reinspections.filter(status=Inspection.Status.SCHEDULED):
        inspection_actions.cancel_inspection(inspection=reinspection, by=by, reason=reason)


@transaction.atomic
def abate_order(*, order: Order, by, note: str, on: date | None = None) -> Order:
    """Record that the owner complied without a re-inspection (e.g. the exterminator's report).

    An order marked not abated can still be abated late: until then the permit is not renewed
    (§20-16(6)), so the abatement is what lifts that.
    """
    order = _open_order(order, also=(Order.Status.UNABATED,))
    if not note.strip():
        raise ActionRefused("Say how the abatement was shown.")
    order.status = Order.Status.ABATED
    order.closed_on = on or timezone.localdate()
    order.closing_note = note.strip()
    save_as(order, by)
    _cancel_reinspections(order, by, f"Order {order.pk} abated: {order.closing_note}")
    return order


@transaction.atomic
def extend_order(
    *, order: Order, by, deadline: date, reason: str, today: date | None = None
) -> Order:
    """Give the owner more time; the scheduled re-inspection moves with the deadline.

    Only while the deadline runs: once it has passed, the order stood overdue and a renewal
    was refused on those days (§20-16(6)); a later deadline cannot undo them. The agent marks
    it not abated, or records its abatement."""
    today = today or timezone.localdate()
    order = _open_order(order)
    reasons = []
    # The deadline as set, as the renewal check reads it (permits.renewals.unabated_orders):
    # from the day after it, a renewal is refused, so an extension then would lift it.
    if today > order.deadline:
        reasons.append(
            f"The deadline passed on {long_date(order.deadline)}: an order is extended only "
            "while its deadline runs. Record it not abated, or record how it was abated "
            "(§20-16(6))."
        )
    elif deadline <= order.deadline:
        reasons.append("The new deadline must be later than the current one.")
    if not reason.strip():
        reasons.append("Say why the deadline is extended.")
    if reasons:
        raise ActionRefused("The deadline cannot be extended.", reasons)
    note = f"Deadline extended from {long_date(order.deadline)}: {reason.strip()}"
    order.deadline = deadline
    order.closing_note = "\n".join(filter(None, [order.closing_note, note]))
    save_as(order, by)
    for reinspection in order.reinspections.filter(status=Inspection.Status.SCHEDULED):
        reinspection.scheduled_for = deadline
        save_as(reinspection, by)
    return order


@transaction.atomic
def mark_order_unabated(*, order: Order, by, note: str = "", on: date | None = None) -> Order:
    """The deadline passed and the violation continues: the ground for revocation (§20-16(6))."""
    on = on or timezone.localdate()
    order = _open_order(order)
    clock = order.deadline_clock
    if on <= clock.when:
        raise ActionRefused(
            f"The deadline ({long_date(clock.when)}) has not passed; an order can be marked "
            f"not abated only after it. {clock.rule}."
        )
    order.status = Order.Status.UNABATED
    order.closed_on = on
    order.closing_note = note.strip() or f"Not abated by {long_date(order.deadline)}."
    return save_as(order, by)


@transaction.atomic
def withdraw_order(*, order: Order, by, reason: str) -> Order:
    order = _open_order(order)
    if not reason.strip():
        raise ActionRefused("Say why the order is withdrawn.")
    order.status = Order.Status.WITHDRAWN
    order.closed_on = timezone.localdate()
    order.closing_note = reason.strip()
    save_as(order, by)
    _cancel_reinspections(order, by, f"Order {order.pk} withdrawn.")
    return order
