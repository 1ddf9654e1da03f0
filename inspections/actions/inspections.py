"""Scheduling, cancelling and recording an inspection: the checklist's answers with their
photos, what a visit settles (the complaint it answers, the order it follows, the excavation
inspected), and the earliest day a visit can have been made (the day it was put on the list)."""

from __future__ import annotations

import uuid
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import date, datetime

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from facilities.models import Lot
from inspections.actions._common import Result, _is_agent, _once, _refuse_future
from inspections.checklist import items_for
from inspections.keeping import active_permit_for, keeping_for, open_application_for
from inspections.models import ChecklistFinding, Complaint, Inspection, Order, Photo
from inspections.photos import check_photo
from permits.models import Application, Permit
from stoneham_boh.lib.dates import long_date, month_day, time_of_day
from stoneham_boh.lib.errors import ActionRefused
from stoneham_boh.lib.history import history_of, save_as
from stoneham_boh.lib.uploads import stored_name


def day_put_on_the_list(inspection: Inspection) -> date | None:
    """The day the inspection was put on the agent's list: the day its record was made, or the
    day it was scheduled for when that is earlier (the demo loader schedules in the past)."""
    made = (
        history_of(Inspection)
        .filter(id=inspection.pk, history_type="+")
        .values_list("history_date", flat=True)
        .first()
    )
    if made is None:
        return None
    return min(timezone.localdate(made), inspection.scheduled_for)


def earliest_visit(inspection: Inspection) -> tuple[date, str] | None:
    """The first day the visit can have been made, and why: not before the order it
    re-inspects was issued, nor before the complaint it answers was received. A visit dated
    earlier would show an order abated, or a complaint answered, before it existed.

    Nor before the inspection was put on the list (issue 33, finding 1): a phone whose clock
    is behind, or a typo, would date a violation found today two years back, outside the
    year §20-20(8) looks at, and a renewal the same day would issue grandfathered. Such a time
    is refused at its field rather than read as the later of the two: the agent is there to
    correct it, and the record then says when the visit was made. The audit reads a time
    recorded so before this refusal as the later of the two (permits.audit.register).

    A time after the listing is accepted however long before its arrival (an inspection left
    on the list for two years and recorded today): no limit is put on late office entry, and
    §20-20(8) counts its violations from the later of the time and the arrival instead
    (permits.renewals.injurious_conditions)."""
    causes = []
    if inspection.follows_order_id is not None:
        order = inspection.follows_order
        causes.append((order.issued_on, f"order {order.pk} was issued"))
    if inspection.complaint_id is not None:
        causes.append((inspection.complaint.received_on, "the complaint it answers was received"))
    listed = day_put_on_the_list(inspection)
    if listed is not None:  # last: on the same day, the order or the complaint is the reason
        causes.append((listed, "it was put on the agent's list"))
    return max(causes, default=None, key=lambda cause: cause[0])


def refusal_of_an_early_visit(inspection: Inspection, moment: datetime) -> str | None:
    """Why `moment` cannot be the time of `inspection`'s visit, or None."""
    earliest = earliest_visit(inspection)
    if earliest is None or timezone.localtime(moment).date() >= earliest[0]:
        return None
    day, cause = earliest
    return f"The inspection cannot have been made before {long_date(day)}, when {cause}."


@transaction.atomic
def schedule_inspection(
    *,
    lot: Lot,
    kind: str,
    scheduled_for: date,
    by,
    agent=None,
    complaint: Complaint | None = None,
    follows_order: Order | None = None,
    application: Application | None = None,
    permit: Permit | None = None,
    token: uuid.UUID | None = None,
    today: date | None = None,
) -> Inspection:
    """Put an inspection on an agent's list (§20-22); a complaint's turns it into a visit.

    `today` is the day the scheduling is done (the demo loader schedules in the past).
    """
    today = today or timezone.localdate()
    if complaint is not None:
        complaint = Complaint.objects.select_for_update().get(pk=complaint.pk)
        lot = complaint.lot
    reasons = []
    if kind not in Inspection.Kind.values:
        reasons.append("Choose the kind of inspection.")
    if scheduled_for < today:
        reasons.append("Schedule the inspection for today or a later day.")
    if agent is not None and not _is_agent(agent):
        reasons.append(f"{agent} is not a health agent.")
    if kind == Inspection.Kind.COMPLAINT and complaint is None:
        reasons.append("An inspection on a complaint starts from the complaint.")
    if complaint is not None and complaint.status == Complaint.Status.CLOSED:
        reasons.append("The complaint is closed.")
    if application is not None and application.lot_id != lot.pk:
        reasons.append("The application is for another lot.")
    if kind == Inspection.Kind.PRE_PERMIT:
        application = application or open_application_for(lot)
        if application is None or not application.is_open:
            reasons.append("An inspection before a permit needs an open application for the lot.")
    if kind in (Inspection.Kind.EXCAVATION, Inspection.Kind.FINAL_CONSTRUCTION):
        application = application or open_application_for(lot)
    if kind == Inspection.Kind.FINAL_CONSTRUCTION and (
        application is None
        or not application.is_open
        or application.construction == Application.Construction.NONE
    ):
        reasons.append(
            "A final inspection of construction needs an open application for the lot that "
            "declares new construction or remodelling (§20-20(2))."
        )
    if reasons:
        raise ActionRefused("The inspection cannot be scheduled.", reasons)
    permit = permit or active_permit_for(lot, scheduled_for)

    def create():
        return save_as(
            Inspection(
                lot=lot,
                kind=kind,
                scheduled_for=scheduled_for,
                agent=agent,
                complaint=complaint,
                follows_order=follows_order,
                application=application,
                permit=permit,
                submission_token=token,
            ),
            by,
        )

    inspection, created = _once(Inspection, token, create)
    if created and complaint is not None and complaint.status == Complaint.Status.OPEN:
        complaint.status = Complaint.Status.INSPECTION_SCHEDULED
        save_as(complaint, by)
    return inspection


@transaction.atomic
def cancel_inspection(*, inspection: Inspection, by, reason: str) -> Inspection:
    inspection = Inspection.objects.select_for_update().get(pk=inspection.pk)
    if not inspection.is_scheduled:
        raise ActionRefused("Only a scheduled inspection can be cancelled.")
    if not reason.strip():
        raise ActionRefused("Say why the inspection is cancelled.")
    inspection.status = Inspection.Status.CANCELLED
    inspection.cancel_reason = reason.strip()
    save_as(inspection, by)
    complaint = inspection.complaint
    if (
        complaint is not None
        and complaint.status == Complaint.Status.INSPECTION_SCHEDULED
        and not complaint.inspections.filter(status=Inspection.Status.SCHEDULED).exists()
    ):
        complaint.status = Complaint.Status.OPEN
        save_as(complaint, by)
    return inspection


@dataclass
class Answer:
    """The agent's answer to one checklist item, with the photos taken for it."""

    result: str
    note: str = ""
    photos: list = field(default_factory=list)


def _check_answers(items, answers: Mapping[str, Answer]) -> list[str]:
    asked = {item.id for item in items}
    reasons = [f"{i.citation}: answer “{i.question}”" for i in items if i.id not in answers]
    reasons += [f"{i} is not on this inspection's checklist." for i in answers if i not in asked]
    for item in items:
        answer = answers.get(item.id)
        if answer is None:
            continue
        if answer.result not in Result.values:
            reasons.append(f"{item.citation}: choose complies, violation or not applicable.")
        elif answer.result == Result.VIOLATION and not answer.note.strip():
            reasons.append(f"{item.citation}: describe the violation you found.")
    return reasons


def _store_photos(finding: ChecklistFinding, uploads: Iterable, by, taken_at: datetime) -> None:
    for upload in uploads:
        try:
            checked = check_photo(upload)
        except ValidationError as error:
            raise ActionRefused("A photo was refused.", error.messages) from error
        photo = Photo(
            finding=finding,
            original_name=checked.original_name,
            content_type=checked.content_type,
            size_bytes=checked.size,
            taken_at=taken_at,
            uploaded_by=by,
        )
        photo.image.save(stored_name(checked), upload, save=False)
        save_as(photo, by)


def _outcome(findings: list[ChecklistFinding]) -> str:
    violations = [f.citation for f in findings if f.result == Result.VIOLATION]
    if not violations:
        return "no violation found"
    cited = ", ".join(dict.fromkeys(violations))
    return f"{len(violations)} violation{'s' if len(violations) != 1 else ''} found ({cited})"


@transaction.atomic
def record_inspection(
    *,
    inspection: Inspection,
    by,
    answers: Mapping[str, Answer],
    performed_at: datetime | None = None,
    summary: str = "",
    token: uuid.UUID | None = None,
    recorded_on_phone_at: datetime | None = None,
) -> Inspection:
    """Record what the agent found, item by item, with photos (§20-22).

    `recorded_on_phone_at` is when the agent tapped "Record" on a phone without a signal (the
    checklist was kept there and sent later): it is kept beside the time it arrived
    (`arrived_at`, the history's time of the recording). The checks are those of a checklist
    sent at once.

    Also, as the visit decides them: the complaint it answers is closed; an order whose item
    is now found complying is abated; an excavation found in order is marked inspected by the
    Board before filling (§20-17(2)).
    """
    inspection = (
        Inspection.objects.select_for_update(of=("self",))
        .select_related("lot", "application", "follows_order__finding", "complaint")
        .get(pk=inspection.pk)
    )
    if token is not None and inspection.record_token == token:
        return inspection  # the same form, sent again: it was recorded the first time
    if not inspection.is_scheduled:
        raise ActionRefused(
            f"This inspection is already {inspection.get_status_display().lower()}; "
            "schedule a re-inspection to visit again.",
            _why_not_scheduled(inspection),
        )
    performed_at = performed_at or timezone.now()
    _refuse_future(performed_at, "The time of the inspection")
    early = refusal_of_an_early_visit(inspection, performed_at)
    if early:
        raise ActionRefused(early)
    _refuse_future(recorded_on_phone_at, "The time it was recorded on the phone")
    keeping = keeping_for(inspection.lot, inspection.scheduled_for, inspection.application)
    items = items_for(inspection, keeping)
    reasons = _check_answers(items, answers)
    if reasons:
        raise ActionRefused("The inspection cannot be recorded.", reasons)

    findings = []
    for item in items:
        answer = answers[item.id]
        finding = save_as(
            ChecklistFinding(
                inspection=inspection,
                item_id=item.id,
                citation=item.citation,
                question=item.question,
                result=answer.result,
                note=answer.note.strip(),
            ),
            by,
        )
        _store_photos(finding, answer.photos, by, performed_at)
        findings.append(finding)

    inspection.status = Inspection.Status.COMPLETED
    inspection.performed_at = performed_at
    # §20-20(8) counts the violations from the later of the two (Inspection.arrived_at).
    inspection.arrived_at = timezone.now()
    inspection.summary = summary.strip()
    inspection.record_token = token
    inspection.recorded_on_phone_at = recorded_on_phone_at
    inspection.agent = inspection.agent or by
    save_as(inspection, by)

    day = timezone.localtime(performed_at).date()
    _answer_complaint(inspection, findings, by, day)
    _close_followed_order(inspection, findings, by, day)
    _mark_excavation_inspected(inspection, findings, by)
    return inspection


def _why_not_scheduled(inspection: Inspection) -> list[str]:
    """Who completed or cancelled it, and when: what an agent whose checklist waited on a phone
    needs to know (someone else went, or the clerk cancelled it meanwhile)."""
    last = (
        history_of(Inspection)
        .filter(id=inspection.pk)
        .select_related("history_user")
        .order_by("-history_date", "-history_id")
        .first()
    )
    if last is None:
        return []
    who = last.history_user
    name = (who.get_full_name() or who.get_username()) if who else "the system"
    moment = timezone.localtime(last.history_date)
    when = f"{month_day(moment)} at {time_of_day(moment)}"
    if inspection.is_completed:
        reason = f"Recorded by {name} on {when}"
    else:
        reason = f"Cancelled by {name} on {when}"
        reason += f": {inspection.cancel_reason}" if inspection.cancel_reason else ""
    # "9:00 a.m." already ends the sentence: no second full stop.
    return [reason if reason.endswith(".") else f"{reason}."]


def _answer_complaint(inspection, findings, by, day: date) -> None:
    complaint = inspection.complaint
    if complaint is None or complaint.status == Complaint.Status.CLOSED:
        return
    complaint.status = Complaint.Status.CLOSED
    complaint.closed_on = day
    # The closing date is closed_on, shown beside the resolution: the words do not repeat it.
    complaint.resolution = f"Inspected: {_outcome(findings)}."
    save_as(complaint, by)


def _close_followed_order(inspection, findings, by, day: date) -> None:
    order = inspection.follows_order
    if order is None or not order.is_open or order.finding_id is None:
        return
    answer = next((f for f in findings if f.item_id == order.finding.item_id), None)
    if answer is not None and answer.result == Result.COMPLIES:
        order.status = Order.Status.ABATED
        order.closed_on = day
        # The day is closed_on, shown beside the note: the note does not repeat it.
        order.closing_note = f"Found abated on re-inspection {inspection.pk}."
        save_as(order, by)


def _mark_excavation_inspected(inspection, findings, by) -> None:
    if inspection.kind != Inspection.Kind.EXCAVATION or not findings:
        return
    if any(f.result == Result.VIOLATION for f in findings):
        return
    lot = inspection.lot
    if not lot.porous_fill_board_inspected:
        lot.porous_fill_board_inspected = True
        save_as(lot, by)
