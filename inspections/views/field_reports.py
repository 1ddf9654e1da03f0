"""Field reports (inspections/field_reports.py): filed when the phone's checklist is refused for
good, shown in full on the refusal, on the inspection's page and on their own page, and
resolved there by the agent who recorded it."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib import messages
from django.db.models import Prefetch, Q
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST

from inspections import field_reports
from inspections.models import ChecklistFinding, FieldReport, FieldReportPhoto, Inspection
from inspections.views.common import agents_only, is_agent, readers
from inspections.views.documents import photo_response, thumbnail_response
from stoneham_boh.lib.errors import ActionRefused

RESULT_LABELS = dict(ChecklistFinding.Result.choices)


@dataclass(frozen=True)
class Entry:
    """One item of a report as the agent answered it, with its photos."""

    citation: str
    question: str
    result: str
    result_label: str
    note: str
    photos: list

    @property
    def stands_out(self) -> bool:
        """A violation, or an answer the agent wrote or photographed something for."""
        return self.result == ChecklistFinding.Result.VIOLATION or bool(self.note or self.photos)


def entries(report: FieldReport) -> list[Entry]:
    photos = list(report.photos.all())
    return [
        Entry(
            citation=answer.get("citation", ""),
            question=answer.get("question", ""),
            result=answer.get("result", ""),
            result_label=RESULT_LABELS.get(answer.get("result"), answer.get("result", "")),
            note=answer.get("note", ""),
            photos=[p for p in photos if p.item_id == answer.get("item_id")],
        )
        for answer in report.answers
    ]


def _with_photos(queryset):
    return queryset.select_related("agent", "inspection__lot", "carried_into").prefetch_related(
        Prefetch("photos", queryset=FieldReportPhoto.objects.order_by("id"))
    )


def reports_on(inspection: Inspection) -> list[tuple[FieldReport, list[Entry]]]:
    """The reports filed on `inspection`, and those carried into it, each with its items."""
    reports = _with_photos(
        FieldReport.objects.filter(Q(inspection=inspection) | Q(carried_into=inspection))
    ).order_by("received_at", "id")
    return [(report, entries(report)) for report in reports]


def unresolved_of(user) -> list[FieldReport]:
    """The agent's reports still waiting for a decision: the agent's list shows them first."""
    if not is_agent(user):
        return []
    return list(
        FieldReport.objects.filter(agent=user, status=FieldReport.Status.UNRESOLVED)
        .select_related("inspection__lot")
        .order_by("received_at", "id")
    )


def file_refused(inspection: Inspection, form, refusal: ActionRefused, by) -> dict:
    """For the phone's refused checklist: file it when its inspection is done or cancelled,
    and say so in the answer (the phone then drops its copy, the office holding it); {} when
    it is the agent's to correct on the checklist, or could not be filed (the phone keeps it)."""
    inspection.refresh_from_db()
    if inspection.is_scheduled:
        return {}
    data = form.cleaned_data
    try:
        report = field_reports.file_field_report(
            inspection=inspection,
            by=by,
            items=form.items,
            answers=form.answers(),
            refusal=refusal,
            performed_at=data.get("performed_at"),
            summary=data.get("summary", ""),
            recorded_on_phone_at=data.get("recorded_on_phone_at"),
            token=data.get("token"),
        )
    except ActionRefused:
        return {}
    return {
        "inspection": inspection.pk,
        "report_url": reverse("inspections:field-report", args=[report.pk]),
        "answers": [
            {
                "citation": entry.citation,
                "question": entry.question,
                "result": entry.result,
                "result_label": entry.result_label,
                "note": entry.note,
                "photos": len(entry.photos),
            }
            for entry in entries(report)
        ],
    }


@readers
@require_GET
def field_report_detail(request, pk):
    report = get_object_or_404(_with_photos(FieldReport.objects.all()), pk=pk)
    return render(
        request,
        "inspections/field_report_detail.html",
        {
            "report": report,
            "entries": entries(report),
            "can_resolve": report.is_unresolved and request.user.pk == report.agent_id,
        },
    )


@agents_only
@require_POST
def field_report_resolve(request, pk, step):
    report = get_object_or_404(FieldReport, pk=pk)
    try:
        if step == "carry":
            reinspection = field_reports.carry_into_reinspection(report=report, by=request.user)
            messages.success(
                request,
                "Re-inspection scheduled for today: its checklist opens with what you recorded.",
            )
            return redirect("inspections:inspection-record", pk=reinspection.pk)
        field_reports.keep_as_observation(report=report, by=request.user)
        messages.success(request, "Kept on the inspection's record as your observation.")
    except ActionRefused as refusal:
        messages.error(request, " ".join([refusal.message, *refusal.reasons]))
    return redirect("inspections:field-report", pk=report.pk)


@readers
def field_report_photo(request, pk):
    return photo_response(request, get_object_or_404(FieldReportPhoto, pk=pk))


@readers
def field_report_photo_thumbnail(request, pk):
    return thumbnail_response(get_object_or_404(FieldReportPhoto, pk=pk))
