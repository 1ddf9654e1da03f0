"""Badges, and the bounded summary of a lot that the lot and application pages include."""

from __future__ import annotations

from django import template
from django.utils import timezone

from inspections import checklist
from inspections.models import ChecklistFinding, Complaint, Inspection, Order

register = template.Library()

# Summaries on a lot or application page show this many rows, and a link to the rest.
SUMMARY_ROWS = 5

_BADGE = {
    # finding results
    ChecklistFinding.Result.COMPLIES: "status-pass",
    ChecklistFinding.Result.VIOLATION: "status-fail",
    ChecklistFinding.Result.NOT_APPLICABLE: "status-not_applicable",
    # inspection statuses
    Inspection.Status.SCHEDULED: "status-pending",
    Inspection.Status.COMPLETED: "status-pass",
    Inspection.Status.CANCELLED: "status-not_applicable",
    # order statuses
    Order.Status.OPEN: "status-pending",
    Order.Status.ABATED: "status-pass",
    Order.Status.UNABATED: "status-fail",
    Order.Status.WITHDRAWN: "status-not_applicable",
    # complaint statuses
    Complaint.Status.OPEN: "status-missing",
    Complaint.Status.INSPECTION_SCHEDULED: "status-pending",
    Complaint.Status.CLOSED: "status-pass",
}


@register.filter
def badge_class(status: str) -> str:
    """The boh.css status class for a finding result or an inspection/order/complaint status."""
    return _BADGE.get(status, "status-not_applicable")


@register.filter
def provision_title(citation: str) -> str:
    return checklist.provision_title(citation)


@register.simple_tag
def order_badge(order, today=None):
    """An open order past its deadline reads as overdue, in the failing colour."""
    today = today or timezone.localdate()
    if order.is_overdue_on(today):
        return {"label": "Overdue", "css": "status-fail"}
    return {"label": order.get_status_display(), "css": badge_class(order.status)}


@register.simple_tag
def lot_inspection_summary(lot) -> dict:
    """A lot's latest inspections, open orders and open complaints: four small queries."""
    inspections = Inspection.objects.filter(lot=lot)
    open_orders = Order.objects.open().filter(lot=lot)
    return {
        "recent": list(inspections.for_list().order_by("-scheduled_for", "-id")[:SUMMARY_ROWS]),
        "total": inspections.count(),
        "open_orders": list(open_orders.order_by("deadline")[:SUMMARY_ROWS]),
        "open_complaints": Complaint.objects.open().filter(lot=lot).count(),
        "today": timezone.localdate(),
    }
