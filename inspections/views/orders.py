"""Orders to correct a violation by a deadline, and the dashboard of open and overdue ones."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.contrib import messages
from django.db.models import Count, Q
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.views.decorators.http import require_POST

from inspections import actions, clocks
from inspections.filters import OrderFilter
from inspections.forms import ExtendOrderForm, OrderForm
from inspections.keeping import active_permit_for
from inspections.models import ChecklistFinding, Order
from inspections.views.common import agents_only, is_agent, readers, revoke_permit_url
from stoneham_boh.lib.dates import long_date
from stoneham_boh.lib.form_actions import attempt
from stoneham_boh.lib.forms import ReasonForm
from stoneham_boh.lib.listing import page_of

# The usual time an agent gives an owner, changed on the form as the case needs.
DEFAULT_ORDER_DAYS = 14


@readers
def order_dashboard(request):
    """Open orders by deadline, the overdue first; any status on request."""
    today = timezone.localdate()
    data = request.GET.copy()
    data.setdefault("status", Order.Status.OPEN)
    filterset = OrderFilter(data, queryset=Order.objects.for_list().order_by("deadline", "id"))
    counts = Order.objects.aggregate(
        open=Count("id", filter=Q(status=Order.Status.OPEN)),
        unabated=Count("id", filter=Q(status=Order.Status.UNABATED)),
    )
    # Overdue on the Massachusetts calendar: a deadline on a closed day runs to the next one.
    counts["overdue"] = Order.objects.overdue_on(today).count()
    return render(
        request,
        "inspections/order_dashboard.html",
        {
            "filter": filterset,
            "page": page_of(request, filterset.qs),
            "counts": counts,
            "today": today,
        },
    )


@agents_only
def order_new(request, finding_pk):
    """Turn a violation into an order with a deadline; its re-inspection is scheduled."""
    finding = get_object_or_404(
        ChecklistFinding.objects.select_related("inspection__lot"), pk=finding_pk
    )
    if finding.result != ChecklistFinding.Result.VIOLATION:
        messages.error(request, "Only a violation can become an order.")
        return redirect("inspections:inspection-detail", pk=finding.inspection_id)
    initial = {
        "requirement": f"Correct the violation of {finding.citation} found on inspection: "
        f"{finding.note}".strip(),
        "deadline": clocks.default_order_deadline(timezone.localdate(), DEFAULT_ORDER_DAYS).when,
    }
    form = OrderForm(request.POST or None, initial=initial)
    if request.method == "POST":

        def issue(data):
            return actions.issue_order(finding=finding, by=request.user, **data)

        def done(order):
            return (
                f"Order {order.pk} issued; re-inspection scheduled for {long_date(order.deadline)}."
            )

        if order := attempt(request, form, issue, done):
            return redirect("inspections:order-detail", pk=order.pk)
    return render(request, "inspections/order_new.html", {"form": form, "finding": finding})


def _order(pk) -> Order:
    return get_object_or_404(
        Order.objects.select_related("lot", "inspection__agent", "finding", "issued_by"), pk=pk
    )


@dataclass(frozen=True)
class Step:
    """One way an agent closes or changes an open order: its form, its action, its message."""

    form: Callable
    act: Callable
    done: str
    field: str | None = None  # the field a refusal concerns, shown there


def _reason(step: str, label: str, help_text: str = "") -> Callable:
    # The page holds each step's form at once: ids of their own (id_abate_reason, ...).
    return lambda data=None: ReasonForm(
        data, label=label, help_text=help_text, auto_id=f"id_{step}_%s"
    )


STEPS = {
    "unabated": Step(
        _reason("unabated", "What did you find?", "§20-16(6)."),
        lambda order, by, data: actions.mark_order_unabated(
            order=order, by=by, note=data["reason"]
        ),
        "Order marked not abated. The permit may now be revoked (§20-16(6)).",
    ),
    "abate": Step(
        _reason("abate", "How was the abatement shown?"),
        lambda order, by, data: actions.abate_order(order=order, by=by, note=data["reason"]),
        "Order closed as abated.",
    ),
    "extend": Step(
        lambda data=None: ExtendOrderForm(data),
        lambda order, by, data: actions.extend_order(order=order, by=by, **data),
        "Deadline extended; the re-inspection moved with it.",
        field="deadline",
    ),
    "withdraw": Step(
        _reason("withdraw", "Why is it withdrawn?"),
        lambda order, by, data: actions.withdraw_order(order=order, by=by, reason=data["reason"]),
        "Order withdrawn.",
    ),
}


def _detail(request, order, sent=None, status=200):
    """The order's page; `sent` is a (step, form) sent back with its errors."""
    today = timezone.localdate()
    permit = active_permit_for(order.lot, today)
    forms = {name: step.form() for name, step in STEPS.items()}
    if sent:
        forms[sent[0]] = sent[1]
    return render(
        request,
        "inspections/order_detail.html",
        {
            "order": order,
            "today": today,
            "overdue": order.is_overdue_on(today),
            "permit": permit,
            "revoke_url": revoke_permit_url(permit, orders=[order])
            if order.status == Order.Status.UNABATED
            else "",
            "reinspections": order.reinspections.select_related("agent").order_by(
                "-scheduled_for", "-id"
            ),
            "photos": order.finding.photos.all() if order.finding_id else [],
            "can_act": is_agent(request.user) and order.is_open,
            "forms": forms,
        },
        status=status,
    )


@readers
def order_detail(request, pk):
    return _detail(request, _order(pk))


@agents_only
@require_POST
def order_step(request, pk, step):
    """Abate, extend, mark not abated or withdraw an order (the URL names the step)."""
    order = _order(pk)
    chosen = STEPS[step]
    form = chosen.form(request.POST)

    def act(data):
        return chosen.act(order, request.user, data)

    if attempt(request, form, act, chosen.done, field=chosen.field):
        return redirect("inspections:order-detail", pk=order.pk)
    return _detail(request, order, sent=(step, form), status=400)
