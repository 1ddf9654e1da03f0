"""Neighbours' complaints: recorded at the counter or in the field, turned into inspections."""

from __future__ import annotations

from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.views.decorators.http import require_POST

from inspections import actions, pigeons
from inspections.filters import ComplaintFilter
from inspections.forms import ComplaintForm, ComplaintInspectionForm
from inspections.models import Complaint, Inspection
from inspections.views.common import agents_only, complaint_desk, is_agent
from stoneham_boh.lib.dates import month_day
from stoneham_boh.lib.form_actions import attempt
from stoneham_boh.lib.forms import ReasonForm
from stoneham_boh.lib.listing import page_of
from stoneham_boh.lib.record_ids import record_id


@complaint_desk
def complaint_list(request):
    data = request.GET.copy()
    filterset = ComplaintFilter(
        data, queryset=Complaint.objects.for_list().order_by("-received_on", "-id")
    )
    open_count = Complaint.objects.open().count()
    return render(
        request,
        "inspections/complaint_list.html",
        {"filter": filterset, "page": page_of(request, filterset.qs), "open_count": open_count},
    )


@complaint_desk
def complaint_new(request):
    initial = {}
    if (lot_id := record_id(request.GET.get("lot"))) is not None:
        initial["lot"] = lot_id
    form = ComplaintForm(request.POST or None, initial=initial)
    if request.method == "POST":

        def record(data):
            # The form's fields are the action's own arguments.
            return actions.record_complaint(by=request.user, **data)

        if complaint := attempt(request, form, record, "Complaint recorded."):
            return redirect("inspections:complaint-detail", pk=complaint.pk)
    return render(request, "inspections/complaint_new.html", {"form": form})


def _complaint(pk) -> Complaint:
    return get_object_or_404(Complaint.objects.select_related("lot", "received_by"), pk=pk)


def _detail(request, complaint, schedule_form=None, close_form=None, status=200):
    quiet_hours = None
    if complaint.nature == Complaint.Nature.PIGEONS and complaint.observed_at:
        quiet_hours = pigeons.training_prohibited_at(complaint.observed_at)
    return render(
        request,
        "inspections/complaint_detail.html",
        {
            "complaint": complaint,
            "inspections": complaint.inspections.select_related("agent").order_by(
                "-scheduled_for", "-id"
            ),
            "quiet_hours": quiet_hours,
            "today": timezone.localdate(),
            "can_schedule": is_agent(request.user) and complaint.status != Complaint.Status.CLOSED,
            "schedule_form": schedule_form
            or ComplaintInspectionForm(
                initial={"agent": request.user.pk, "scheduled_for": timezone.localdate()}
            ),
            "close_form": close_form or ReasonForm(label="How was it resolved?"),
        },
        status=status,
    )


@complaint_desk
def complaint_detail(request, pk):
    return _detail(request, _complaint(pk))


@agents_only
@require_POST
def complaint_schedule(request, pk):
    """Turn the complaint into an inspection on the agent's list."""
    complaint = _complaint(pk)
    form = ComplaintInspectionForm(request.POST)

    def schedule(data):
        return actions.schedule_inspection(
            lot=complaint.lot,
            kind=Inspection.Kind.COMPLAINT,
            complaint=complaint,
            by=request.user,
            **data,
        )

    def done(made):
        return f"Inspection scheduled for {month_day(made.scheduled_for)}."

    if inspection := attempt(request, form, schedule, done):
        return redirect("inspections:inspection-detail", pk=inspection.pk)
    return _detail(request, complaint, schedule_form=form, status=400)


@complaint_desk
@require_POST
def complaint_close(request, pk):
    complaint = _complaint(pk)
    form = ReasonForm(request.POST, label="How was it resolved?")

    def close(data):
        return actions.close_complaint(
            complaint=complaint, by=request.user, resolution=data["reason"]
        )

    if attempt(request, form, close, "Complaint closed."):
        return redirect("inspections:complaint-detail", pk=complaint.pk)
    return _detail(request, complaint, close_form=form, status=400)
