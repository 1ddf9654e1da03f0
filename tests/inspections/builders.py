"""Builders for the inspection tests: every record made through the actions."""

from __future__ import annotations

import io
from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo

from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from PIL import Image
from pypdf import PdfReader

from inspections import actions
from inspections.actions import Answer
from inspections.checklist import items_for
from inspections.keeping import keeping_for
from inspections.models import ChecklistFinding, Complaint, Inspection, Order
from permits import actions as permit_actions
from tests import factories

Result = ChecklistFinding.Result
# The day most tests live on: a summer weekday, inside the pigeon season.
TODAY = date(2027, 6, 15)


def keeping_application(*, by, animals: dict[str, int], manure_method="receptacle", lot=None):
    """An application received for `animals` (open: no permit yet)."""
    application = permit_actions.create_application(
        applicant=factories.applicant(),
        lot=lot or factories.lot(),
        by=by,
        manure_method=manure_method,
    )
    permit_actions.set_animals(application=application, by=by, animals=animals)
    permit_actions.submit_application(application=application, received_on=TODAY, by=by)
    return application


def hen_permit(*, by, on=date(2027, 1, 14), **fields):
    """Six hens, permitted from `on` to December 31."""
    return factories.issued_permit(by=by, on=on, received_on=on, **fields)


def jpeg(name="photo.jpg", size=(64, 48)) -> SimpleUploadedFile:
    buffer = io.BytesIO()
    Image.new("RGB", size, (120, 90, 60)).save(buffer, format="JPEG")
    return SimpleUploadedFile(name, buffer.getvalue(), content_type="image/jpeg")


def answers_for(inspection: Inspection, problems: dict[str, Answer] | None = None):
    """Every item of the inspection's checklist complies, except the `problems` by item id."""
    problems = problems or {}
    keeping = keeping_for(inspection.lot, inspection.scheduled_for, inspection.application)
    return {
        item.id: problems.get(item.id, Answer(Result.COMPLIES))
        for item in items_for(inspection, keeping)
    }


def scheduled(*, lot, by, kind=Inspection.Kind.ROUTINE, day=TODAY, **fields) -> Inspection:
    return actions.schedule_inspection(lot=lot, kind=kind, scheduled_for=day, by=by, **fields)


def vermin_violation(note="Rat burrows under the coop.", photos=None) -> Answer:
    return Answer(Result.VIOLATION, note, photos or [])


VERMIN = "20-16.6.no-vermin"


def inspected_with_vermin(permit, agent, photos=None) -> Inspection:
    """A routine inspection of `permit`'s lot that found vermin (§20-16(6))."""
    inspection = scheduled(lot=permit.lot, by=agent, agent=agent)
    answers = answers_for(inspection, {VERMIN: vermin_violation(photos=photos)})
    actions.record_inspection(inspection=inspection, by=agent, answers=answers)
    return inspection


def vermin_order(clerk, agent, deadline=TODAY + timedelta(days=14)) -> Order:
    """An open order to abate the vermin found at a permitted hen coop."""
    inspection = inspected_with_vermin(hen_permit(by=clerk), agent)
    return actions.issue_order(
        finding=inspection.findings.get(item_id=VERMIN),
        by=agent,
        requirement="Abate.",
        deadline=deadline,
    )


def complaint_at(lot, by, **fields):
    return actions.record_complaint(
        lot=lot,
        nature=fields.pop("nature", Complaint.Nature.FLIES),
        description=fields.pop("description", "Flies all over the neighbour's patio."),
        complainant_name=fields.pop("complainant_name", "Margaret Kelly"),
        by=by,
        **fields,
    )


def checklist_post(inspection, token, problems=None, **extra):
    """The form as the phone sends it: every item complies unless listed in `problems`."""
    data = {"token": str(token), "performed_at": "2027-06-15T08:30", "summary": ""}
    for item_id in answers_for(inspection):
        result, note = (problems or {}).get(item_id, ("complies", ""))
        data[f"result-{item_id}"] = result
        data[f"note-{item_id}"] = note
    data.update(extra)
    return data


EASTERN = ZoneInfo("America/New_York")
# Tapped "Record" in the barn at 8:40; it reaches the office at 9:00 (the tests' clock).
IN_THE_BARN = datetime(2027, 6, 15, 8, 40, tzinfo=EASTERN)

# What the phone's queue sends and where (the views' JSON answers).
JSON = {"HTTP_ACCEPT": "application/json"}


def record_url(inspection) -> str:
    return reverse("inspections:inspection-record", args=[inspection.pk])


def queued(inspection, token="5d0c8f6e-3b1a-4e9d-9c7f-1a2b3c4d5e6f", problems=None, **extra):
    return checklist_post(
        inspection,
        token,
        problems or {VERMIN: ("violation", "Rat burrows along the coop.")},
        recorded_on_phone_at=IN_THE_BARN.isoformat(),
        **extra,
    )


def pdf_text(content: bytes) -> str:
    return " ".join(page.extract_text() for page in PdfReader(io.BytesIO(content)).pages)
