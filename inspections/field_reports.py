"""Field reports: a checklist the office refused to file, kept whole (issue 34, point 2).

An agent without a signal records a checklist on the phone; by the time it reaches the office
its inspection may be completed by a colleague or cancelled by the clerk. The office cannot
record it on that inspection, but what the agent saw (a violation, a note, photos) must not be
lost with the phone's copy: it is filed here, at the office, where the agent and the office see
it on the inspection's page, and the agent resolves it by carrying it into a re-inspection
(which opens pre-filled with it) or by keeping it on the record as the agent's own observation.
Nothing here ever deletes a report.
"""

from __future__ import annotations

import uuid
from collections.abc import Mapping, Sequence
from datetime import date, datetime

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from inspections import actions
from inspections.actions import Answer
from inspections.models import ChecklistFinding, FieldReport, FieldReportPhoto, Inspection
from inspections.photos import check_photo
from stoneham_boh.accounts.roles import Role, has_role
from stoneham_boh.lib.errors import ActionRefused
from stoneham_boh.lib.history import save_as
from stoneham_boh.lib.uploads import stored_name


def _refuse_unless_agent(user) -> None:
    if user is None or not has_role(user, [Role.AGENT]):
        raise ActionRefused("Only a health agent files or resolves a field report.")


@transaction.atomic
def file_field_report(
    *,
    inspection: Inspection,
    by,
    items: Sequence,
    answers: Mapping[str, Answer],
    refusal: ActionRefused,
    performed_at: datetime | None = None,
    summary: str = "",
    recorded_on_phone_at: datetime | None = None,
    token: uuid.UUID | None = None,
) -> FieldReport:
    """Keep at the office a checklist the office refused to record on `inspection`.

    Filed only when the inspection is no longer scheduled: any other refusal is the agent's to
    correct on the checklist itself. The same checklist sent again (its form's token) is
    filed once.
    """
    _refuse_unless_agent(by)
    if token is not None and (earlier := FieldReport.objects.filter(token=token).first()):
        return earlier
    inspection = Inspection.objects.select_for_update().get(pk=inspection.pk)
    if inspection.is_scheduled:
        raise ActionRefused(
            "This inspection is still scheduled: record the checklist on it instead."
        )
    report = save_as(
        FieldReport(
            inspection=inspection,
            agent=by,
            performed_at=performed_at,
            recorded_on_phone_at=recorded_on_phone_at,
            summary=summary.strip(),
            answers=[
                {
                    "item_id": item.id,
                    "citation": item.citation,
                    "question": item.question,
                    "result": answers[item.id].result,
                    "note": answers[item.id].note.strip(),
                }
                for item in items
                if item.id in answers
            ],
            refusal=refusal.message,
            reasons=list(refusal.reasons),
            token=token,
        ),
        by,
    )
    for item_id, answer in answers.items():
        for upload in answer.photos:
            _store_photo(report, item_id, upload, by)
    return report


def _store_photo(report: FieldReport, item_id: str, upload, by) -> None:
    try:
        checked = check_photo(upload)
    except ValidationError as error:
        raise ActionRefused("A photo was refused.", error.messages) from error
    photo = FieldReportPhoto(
        report=report,
        item_id=item_id,
        original_name=checked.original_name,
        content_type=checked.content_type,
        size_bytes=checked.size,
    )
    photo.image.save(stored_name(checked), upload, save=False)
    save_as(photo, by)


def _unresolved_of(report: FieldReport, by) -> FieldReport:
    _refuse_unless_agent(by)
    report = (
        FieldReport.objects.select_for_update().select_related("inspection__lot").get(pk=report.pk)
    )
    if report.agent_id != by.pk:
        raise ActionRefused("Only the agent who recorded a field report resolves it.")
    if not report.is_unresolved:
        raise ActionRefused(f"This field report is already {report.get_status_display().lower()}.")
    return report


@transaction.atomic
def keep_as_observation(*, report: FieldReport, by) -> FieldReport:
    """The report stays on the inspection's record as what the agent saw, beside what was
    recorded: the office reads both."""
    report = _unresolved_of(report, by)
    report.status = FieldReport.Status.OBSERVATION
    report.resolved_at = timezone.now()
    save_as(report, by)
    return report


@transaction.atomic
def carry_into_reinspection(
    *, report: FieldReport, by, scheduled_for: date | None = None
) -> Inspection:
    """Schedule a re-inspection of the lot for the agent, which opens pre-filled with the
    report's answers and notes (`prefill_for`); the report names it."""
    report = _unresolved_of(report, by)
    old = report.inspection
    reinspection = actions.schedule_inspection(
        lot=old.lot,
        kind=Inspection.Kind.REINSPECTION,
        scheduled_for=scheduled_for or timezone.localdate(),
        by=by,
        agent=by,
        application=old.application,
    )
    report.status = FieldReport.Status.CARRIED
    report.carried_into = reinspection
    report.resolved_at = timezone.now()
    save_as(report, by)
    return reinspection


def prefill_for(inspection: Inspection) -> tuple[FieldReport | None, dict[str, str]]:
    """The report carried into `inspection`, if any, and the checklist's initial answers and
    notes from it (for the items the new checklist also asks)."""
    report = inspection.carried_reports.order_by("-received_at", "-id").first()
    if report is None or not inspection.is_scheduled:
        return None, {}
    initial = {}
    for answer in report.answers:
        if answer.get("result") in ChecklistFinding.Result.values:
            initial[f"result-{answer['item_id']}"] = answer["result"]
            initial[f"note-{answer['item_id']}"] = answer.get("note", "")
    return report, initial
