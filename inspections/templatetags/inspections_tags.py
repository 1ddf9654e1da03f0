"""Badges, and the bounded summary of a lot that the lot and application pages include."""

from __future__ import annotations

from django import template
from django.db.models import Count, IntegerField, OuterRef, Subquery
from django.db.models.functions import Coalesce
from django.utils import timezone

from facilities.models import Lot
from inspections import checklist
from inspections.models import ChecklistFinding, Complaint, Inspection, Order
from stoneham_boh.lib.query_bundle import fetch_together

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


def _count(queryset, outer: str) -> Coalesce:
    """How many rows of `queryset` (filtered on `outer` by an OuterRef): a scalar subquery."""
    counted = queryset.order_by().values(outer).annotate(n=Count("pk")).values("n")
    return Coalesce(Subquery(counted, output_field=IntegerField()), 0)


@register.simple_tag
def lot_inspection_summary(lot) -> dict:
    """A lot's latest inspections, open orders and open complaints, in one query."""
    violations = ChecklistFinding.objects.filter(
        inspection=OuterRef("pk"), result=ChecklistFinding.Result.VIOLATION
    )
    recent = (
        Inspection.objects.filter(lot=lot)
        .annotate(violation_count=_count(violations, "inspection"))
        .order_by("-scheduled_for", "-id")[:SUMMARY_ROWS]
    )
    open_orders = Order.objects.open().filter(lot=lot).order_by("deadline", "id")[:SUMMARY_ROWS]
    counts = Lot.objects.filter(pk=lot.pk).annotate(
        inspection_total=_count(Inspection.objects.filter(lot=OuterRef("pk")), "lot"),
        open_complaint_total=_count(Complaint.objects.open().filter(lot=OuterRef("pk")), "lot"),
    )
    recent, open_orders, counts = fetch_together([recent, open_orders, counts])
    return {
        "recent": recent,
        "total": counts[0].inspection_total if counts else 0,
        "open_orders": open_orders,
        "open_complaints": counts[0].open_complaint_total if counts else 0,
        "today": timezone.localdate(),
    }
