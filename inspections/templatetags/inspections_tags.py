"""Badges, and the bounded summary of a lot that the lot and application pages include."""

from __future__ import annotations

from django import template
from django.db.models import Count, Q
from django.utils import timezone

from facilities.models import Lot
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
    """A lot's latest inspections, open orders and open complaints, in three queries.

    Counted by joins within the one lot (a handful of rows): Django builds these in a third
    of the time it takes to build correlated subqueries, and the page is read often.
    """
    recent = (
        Inspection.objects.filter(lot=lot)
        .annotate(
            violation_count=Count(
                "findings", filter=Q(findings__result=ChecklistFinding.Result.VIOLATION)
            )
        )
        .order_by("-scheduled_for", "-id")[:SUMMARY_ROWS]
    )
    open_orders = Order.objects.open().filter(lot=lot).order_by("deadline", "id")[:SUMMARY_ROWS]
    counts = Lot.objects.filter(pk=lot.pk).aggregate(
        inspection_total=Count("inspections", distinct=True),
        open_complaint_total=Count(
            "complaints", filter=~Q(complaints__status=Complaint.Status.CLOSED), distinct=True
        ),
    )
    return {
        "recent": list(recent),
        "total": counts["inspection_total"],
        "open_orders": list(open_orders),
        "open_complaints": counts["open_complaint_total"],
        "today": timezone.localdate(),
    }
