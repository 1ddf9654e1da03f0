"""The agent's list, scheduling, the checklist form and an inspection's record."""

from __future__ import annotations

from datetime import timedelta
from functools import partial

from django.contrib import messages
from django.db.models import Prefetch
from django.http import JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_GET, require_POST

from facilities.models import Lot
from inspections import actions, field_reports, pigeons
from inspections.checklist import grouped, items_for
from inspections.filters import AgendaFilter, InspectionFilter
from inspections.forms import RecordInspectionForm, ScheduleForm
from inspections.history import inspection_history
from inspections.keeping import keeping_for
from inspections.models import ChecklistFinding, Inspection, Order, Photo
from inspections.views import field_reports as field_report_views
from inspections.views.common import (
    agents_only,
    errors_text,
    for_the_phone,
    is_agent,
    is_of_the_day,
    keep_on_the_phone,
    readers,
    revoke_permit_url,
    wants_json,
)
from stoneham_boh.lib.errors import ActionRefused
from stoneham_boh.lib.form_actions import attempt
from stoneham_boh.lib.forms import ReasonForm
from stoneham_boh.lib.history import history_of, history_response
from stoneham_boh.lib.listing import page_of
from stoneham_boh.lib.record_ids import record_id

# How far ahead the agent's list looks, besides today's and the overdue.
AGENDA_DAYS_AHEAD = 14
# The day the phone keeps, stated: each inspection is two pages (its page and its checklist),
# some 60 KB together, so 150 are about 9 MB, well inside what a phone's browser gives a site.
# A day beyond it (a backlog, not a day) is listed whole; the phone keeps the first 150.
PHONE_KEEPS_AT_MOST = 150


@readers
def agenda(request):
    """Today's and overdue inspections first, then the next fortnight's."""
    today = timezone.localdate()
    data = request.GET.copy()
    data.setdefault("whose", "mine" if is_agent(request.user) else "all")
    scheduled = (
        Inspection.objects.scheduled()
        .filter(scheduled_for__lte=today + timedelta(days=AGENDA_DAYS_AHEAD))
        .for_list()
        .order_by("scheduled_for", "lot__street_address", "id")
    )
    filterset = AgendaFilter(data, queryset=scheduled, request=request)
    # The day (every visit overdue or due today, however many) stands whole on the first page:
    # it is what the phone keeps (issue 39: paged with the rest, 25 overdue left today's visits
    # off the phone). The pages page what is coming up.
    page = page_of(request, filterset.qs.filter(scheduled_for__gt=today))
    day = list(filterset.qs.filter(scheduled_for__lte=today)) if page.number == 1 else []
    response = render(
        request,
        "inspections/agenda.html",
        {
            "filter": filterset,
            "page": page,
            "today": today,
            "sections": _agenda_sections([*day, *page.object_list], today),
            "day_count": len(day),
            "phone_keeps": min(len(day), PHONE_KEEPS_AT_MOST),
            "field_reports": field_report_views.unresolved_of(request.user),
        },
    )
    # The agent's own list as it opens (no filter, first page) is the day the phone keeps.
    return response if request.GET else keep_on_the_phone(request, response)


def _agenda_sections(inspections, today):
    """The page's rows under the headings an agent plans by: overdue, today, coming up."""

    def heading(inspection):
        if inspection.scheduled_for < today:
            return "Overdue"
        if inspection.scheduled_for == today:
            return "Today"
        return "Coming up"

    sections: list[tuple[str, list]] = []
    for inspection in inspections:
        title = heading(inspection)
        if not sections or sections[-1][0] != title:
            sections.append((title, []))
        sections[-1][1].append(inspection)
    return sections


@readers
def inspection_list(request):
    """Every inspection on record, newest first, filtered and paged."""
    filterset = InspectionFilter(
        request.GET, queryset=Inspection.objects.for_list().order_by("-scheduled_for", "-id")
    )
    return render(
        request,
        "inspections/inspection_list.html",
        {
            "filter": filterset,
            "page": page_of(request, filterset.qs),
            "today": timezone.localdate(),
        },
    )


@agents_only
def inspection_new(request):
    initial = {"agent": request.user.pk, "scheduled_for": timezone.localdate()}
    if (lot_id := record_id(request.GET.get("lot"))) is not None:
        initial["lot"] = lot_id
    if (kind := request.GET.get("kind")) in Inspection.Kind.values:
        initial["kind"] = kind
    form = ScheduleForm(request.POST or None, initial=initial)
    if request.method == "POST":

        def schedule(data):
            return actions.schedule_inspection(by=request.user, **data)

        if inspection := attempt(request, form, schedule, lambda made: f"Scheduled: {made}."):
            return redirect("inspections:inspection-detail", pk=inspection.pk)
    return render(request, "inspections/inspection_new.html", {"form": form})


def _inspection(pk):
    return get_object_or_404(
        Inspection.objects.select_related(
            "lot",
            "agent",
            "complaint",
            "permit__holder",
            "application__applicant",
            "follows_order__finding",
        ),
        pk=pk,
    )


@readers
def inspection_detail(request, pk):
    inspection = _inspection(pk)
    findings = list(
        inspection.findings.prefetch_related(
            Prefetch("photos", queryset=Photo.objects.order_by("taken_at", "id")),
            Prefetch("orders", queryset=Order.objects.order_by("-issued_on", "-id")),
        )
    )
    violations = [f for f in findings if f.result == ChecklistFinding.Result.VIOLATION]
    for finding in violations:
        finding.open_order = next((o for o in finding.orders.all() if o.is_open), None)
    today = timezone.localdate()
    keeping = keeping_for(inspection.lot, inspection.scheduled_for, inspection.application)
    orders = list(inspection.orders.order_by("deadline", "id"))
    followed = inspection.follows_order
    response = render(
        request,
        "inspections/inspection_detail.html",
        {
            "inspection": inspection,
            "keeping": keeping,
            "violations": violations,
            "sections": grouped(findings, lambda f: f.citation),
            "orders": orders,
            "followed": followed,
            "can_act": is_agent(request.user),
            "overdue": inspection.is_overdue_on(today),
            "revoke_url": revoke_permit_url(keeping.permit, orders=[followed])
            if followed and followed.status == Order.Status.UNABATED
            else "",
            "cancel_form": ReasonForm(label="Why is it cancelled?"),
            "arrived_at": _arrived_at(inspection),
            "field_reports": field_report_views.reports_on(inspection),
        },
    )
    return keep_on_the_phone(request, response) if is_of_the_day(inspection) else response


def _arrived_at(inspection):
    """When a checklist recorded on a phone without a signal reached the office."""
    if inspection.recorded_on_phone_at is None:
        return None
    row = (
        history_of(Inspection)
        .filter(id=inspection.pk, status=Inspection.Status.COMPLETED)
        .order_by("history_date", "history_id")
        .values_list("history_date", flat=True)
        .first()
    )
    return row


@readers
@require_GET
def inspection_history_card(request, pk):
    inspection = get_object_or_404(Inspection, pk=pk)
    return history_response(
        request,
        inspection_history(inspection),
        title=f"Inspection {inspection.pk}",
        back=reverse("inspections:inspection-detail", args=[inspection.pk]),
    )


@for_the_phone
@agents_only
def inspection_record(request, pk):
    """The checklist, on a phone: one question per item, three large answers, a note, photos.

    A checklist that waited on the phone for a signal is sent by its script asking for JSON:
    the same form and the same action answer it, with the reasons of a refusal as data the
    page shows beside the waiting checklist (static/js/offline-inspections.js).
    """
    inspection = _inspection(pk)
    as_json = wants_json(request)
    token = request.POST.get("token", "")
    if request.method == "POST" and token and str(inspection.record_token) == token:
        if as_json:
            return _recorded_json(inspection, "It was already recorded; it was not recorded twice.")
        messages.info(request, "This inspection was already recorded; it was not recorded twice.")
        return redirect("inspections:inspection-detail", pk=inspection.pk)
    if not inspection.is_scheduled and request.method != "POST":
        messages.info(request, f"This inspection is {inspection.get_status_display().lower()}.")
        return redirect("inspections:inspection-detail", pk=inspection.pk)
    keeping = keeping_for(inspection.lot, inspection.scheduled_for, inspection.application)
    items = items_for(inspection, keeping)
    hints = pigeons.hints_for(timezone.localdate(), timezone.now())
    carried, prefill = field_reports.prefill_for(inspection)
    form = RecordInspectionForm(
        request.POST or None,
        request.FILES or None,
        items=items,
        hints=hints,
        too_early=partial(actions.refusal_of_an_early_visit, inspection),
        initial=prefill,
    )

    def record(data):
        return actions.record_inspection(
            inspection=inspection,
            by=request.user,
            answers=form.answers(),
            performed_at=data["performed_at"],
            summary=data["summary"],
            token=data["token"],
            recorded_on_phone_at=data.get("recorded_on_phone_at"),
        )

    if request.method == "POST" and as_json:
        return _record_as_json(inspection, form, record, request.user)
    if request.method == "POST" and not inspection.is_scheduled and form.is_valid():
        return _kept_as_a_field_report(request, inspection, form, record)
    if request.method == "POST" and attempt(request, form, record, "Inspection recorded."):
        return redirect("inspections:inspection-detail", pk=inspection.pk)
    response = render(
        request,
        "inspections/inspection_record.html",
        {
            "inspection": inspection,
            "keeping": keeping,
            "form": form,
            "sections": form.sections(),
            "faults": form.faults() if form.is_bound else [],
            "carried": carried,
        },
    )
    if form.is_bound or not is_of_the_day(inspection):
        return response
    return keep_on_the_phone(request, response)


def _kept_as_a_field_report(request, inspection, form, record):
    """A whole checklist sent from the page after a colleague recorded the inspection or the
    clerk cancelled it: the action refuses it, and what the agent recorded is kept as a field
    report rather than lost on the way to the inspection's page."""
    try:
        record(form.cleaned_data)
    except ActionRefused as refusal:
        filed = field_report_views.file_refused(inspection, form, refusal, request.user)
        if filed:
            messages.warning(
                request,
                f"Not recorded: {refusal.message} What you recorded is kept as your field report.",
            )
            return redirect(filed["report_url"])
        messages.error(request, " ".join([refusal.message, *refusal.reasons]))
    return redirect("inspections:inspection-detail", pk=inspection.pk)


def _recorded_json(inspection, message: str) -> JsonResponse:
    return JsonResponse(
        {
            "recorded": True,
            "message": message,
            "url": reverse("inspections:inspection-detail", args=[inspection.pk]),
        }
    )


def _record_as_json(inspection, form, record, by) -> JsonResponse:
    """The answer to a checklist sent from the phone's queue: recorded, or every reason why
    not (the form's errors by item, or the action's refusal) with nothing changed on the
    inspection; a checklist refused for good is kept as a field report, and the answer says so."""
    where = inspection.lot.street_address
    if not form.is_valid():
        reasons = [
            f"{_field_label(form, name)}: {message}" if name != "__all__" else message
            for name, messages_ in form.errors.items()
            for message in messages_
        ]
        return JsonResponse(
            {"recorded": False, "message": f"{where}: not recorded.", "reasons": reasons},
            status=422,
        )
    try:
        record(form.cleaned_data)
    except ActionRefused as refusal:
        answer = {
            "recorded": False,
            "message": f"{where}: {refusal.message}",
            "reasons": refusal.reasons,
        }
        # Refused for good (done or cancelled meanwhile): what the agent saw is kept here.
        answer.update(field_report_views.file_refused(inspection, form, refusal, by))
        return JsonResponse(answer, status=409)
    return _recorded_json(inspection, f"{where}: inspection recorded.")


def _field_label(form, name: str) -> str:
    field = form.fields.get(name)
    if name.startswith(("result-", "note-", "photos-")):
        item_id = name.split("-", 1)[1]
        item = next((i for i in form.items if i.id == item_id), None)
        if item is not None:
            return item.citation
    return str(field.label) if field is not None and field.label else name


@agents_only
@require_POST
def inspection_cancel(request, pk):
    inspection = _inspection(pk)
    form = ReasonForm(request.POST)

    def cancel(data):
        return actions.cancel_inspection(inspection=inspection, by=request.user, **data)

    if not attempt(request, form, cancel, "Inspection cancelled."):
        messages.error(request, f"The inspection was not cancelled: {errors_text(form)}")
    return redirect("inspections:inspection-detail", pk=inspection.pk)


@readers
@require_GET
def lot_summary(request, pk):
    """A lot's latest inspections, open orders and open complaints, for the application page to
    load through htmx once it is shown (it is the lot's record, not the application's, and the
    page does not wait for it); followed as a plain link, the lot's whole history."""
    if not request.htmx:
        return lot_history(request, pk)
    lot = get_object_or_404(Lot, pk=pk)
    return render(request, "inspections/_lot_inspections.html", {"lot": lot})


@readers
def lot_history(request, pk):
    """A facility's whole inspection history, with its orders and complaints."""
    lot = get_object_or_404(Lot, pk=pk)
    inspections = Inspection.objects.filter(lot=lot).for_list().order_by("-scheduled_for", "-id")
    orders = Order.objects.filter(lot=lot).for_list().order_by("-issued_on", "-id")
    return render(
        request,
        "inspections/lot_history.html",
        {
            "lot": lot,
            "page": page_of(request, inspections),
            "orders": orders[:10],
            "order_total": orders.count(),
            "keeping": keeping_for(lot, timezone.localdate()),
            "can_act": is_agent(request.user),
            "today": timezone.localdate(),
        },
    )
