"""The deadline of an order that counts: the one set, or an extension given before it passed.

An extension given after the deadline passed does not undo the days the order stood overdue
(§20-16(6)): a renewal refused on those days stays refused, whatever the later deadline says.
`inspections.actions.extend_order` refuses such an extension now; an order extended so before
that (an import, an older record) is read here the same way, from its history.
"""

from __future__ import annotations

from datetime import date

from django.utils import timezone


def deadline_that_counts(order, rows=None) -> date:
    """The order's deadline, not moved by an extension recorded after the deadline passed.

    `rows` is the order's history, oldest first (read here when not given)."""
    if rows is None:
        rows = order.history.order_by("history_date", "history_id")
    counted = None
    for row in rows:
        if counted is None:
            counted = row.deadline
        elif row.deadline != counted and timezone.localdate(row.history_date) <= counted:
            counted = row.deadline  # extended (or brought forward) while it still ran
    return counted if counted is not None else order.deadline


def overdue_for_renewal(order, on: date) -> bool:
    """An open order whose deadline that counts passed before `on`."""
    return order.status == "open" and deadline_that_counts(order) < on
