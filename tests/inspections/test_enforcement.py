"""From a neighbour's complaint to the order that closes: the actions and their history."""

from __future__ import annotations

import uuid
from datetime import date, timedelta

import pytest
from django.urls import reverse

from inspections import actions
from inspections.actions import Answer
from inspections.models import ChecklistFinding, Complaint, Inspection, Order, Photo
from stoneham_boh.lib.errors import ActionRefused
from tests.factories import midday
from tests.inspections.builders import (
    TODAY,
    VERMIN,
    answers_for,
    complaint_at,
    hen_permit,
    inspected_with_vermin,
    jpeg,
    scheduled,
    vermin_order,
    vermin_violation,
)

pytestmark = pytest.mark.django_db
DEADLINE = TODAY + timedelta(days=14)


def complaint_inspection(complaint, agent) -> Inspection:
    """The inspection an agent schedules for today to answer `complaint`."""
    return actions.schedule_inspection(
        lot=complaint.lot,
        kind=Inspection.Kind.COMPLAINT,
        complaint=complaint,
        scheduled_for=TODAY,
        agent=agent,
        by=agent,
    )


def test_a_complaint_becomes_an_inspection_that_answers_it(clerk, agent):
    permit = hen_permit(by=clerk)
    complaint = complaint_at(permit.lot, clerk)
    inspection = complaint_inspection(complaint, agent)
    complaint.refresh_from_db()
    assert complaint.status == Complaint.Status.INSPECTION_SCHEDULED
    assert inspection.permit == permit
    actions.record_inspection(
        inspection=inspection,
        by=agent,
        answers=answers_for(inspection, {VERMIN: vermin_violation()}),
    )
    complaint.refresh_from_db()
    assert complaint.status == Complaint.Status.CLOSED
    assert complaint.resolution == "Inspected: 1 violation found (§20-16(6))."
    assert complaint.history.first().history_user == agent
    assert complaint.history.last().history_user == clerk


def test_recording_stores_every_answer_with_its_citation_and_the_photos(clerk, agent):
    permit = hen_permit(by=clerk)
    inspection = inspected_with_vermin(permit, agent, photos=[jpeg("rats.jpg")])
    inspection.refresh_from_db()
    assert inspection.status == Inspection.Status.COMPLETED
    vermin = inspection.findings.get(item_id=VERMIN)
    assert (vermin.result, vermin.citation) == (ChecklistFinding.Result.VIOLATION, "§20-16(6)")
    photo = vermin.photos.get()
    assert photo.content_type == "image/jpeg" and photo.original_name == "rats.jpg"
    assert photo.image.name.endswith(".jpg") and "rats" not in photo.image.name
    assert inspection.history.first().history_user == agent


def test_a_file_that_is_not_a_photo_is_refused_and_nothing_is_recorded(clerk, agent):
    from django.core.files.uploadedfile import SimpleUploadedFile

    permit = hen_permit(by=clerk)
    inspection = scheduled(lot=permit.lot, by=agent)
    fake = SimpleUploadedFile("rats.jpg", b"<script>alert(1)</script>", "image/jpeg")
    answers = answers_for(inspection, {VERMIN: vermin_violation(photos=[fake])})
    with pytest.raises(ActionRefused, match="photo"):
        actions.record_inspection(inspection=inspection, by=agent, answers=answers)
    inspection.refresh_from_db()
    assert inspection.is_scheduled and not inspection.findings.exists()
    assert not Photo.objects.exists()


def test_a_violation_needs_a_note_and_every_item_an_answer(clerk, agent):
    permit = hen_permit(by=clerk)
    inspection = scheduled(lot=permit.lot, by=agent)
    answers = answers_for(inspection, {VERMIN: Answer(ChecklistFinding.Result.VIOLATION)})
    del answers["20-15.6.clean"]
    with pytest.raises(ActionRefused) as refused:
        actions.record_inspection(inspection=inspection, by=agent, answers=answers)
    reasons = " ".join(refused.value.reasons)
    assert "§20-16(6): describe the violation" in reasons
    assert "§20-15(6): answer" in reasons


def test_the_same_recording_sent_twice_records_once(clerk, agent):
    permit = hen_permit(by=clerk)
    inspection = scheduled(lot=permit.lot, by=agent)
    token = uuid.uuid4()
    answers = answers_for(inspection, {VERMIN: vermin_violation(photos=[jpeg()])})
    actions.record_inspection(inspection=inspection, by=agent, answers=answers, token=token)
    actions.record_inspection(inspection=inspection, by=agent, answers=answers, token=token)
    assert inspection.findings.count() == len(answers)
    assert Photo.objects.count() == 1
    with pytest.raises(ActionRefused, match="already completed"):
        actions.record_inspection(inspection=inspection, by=agent, answers=answers)


def test_forms_sent_twice_create_one_complaint_inspection_and_order(clerk, agent):
    permit = hen_permit(by=clerk)
    token = uuid.uuid4()
    first = complaint_at(permit.lot, clerk, token=token)
    assert complaint_at(permit.lot, clerk, token=token) == first
    assert Complaint.objects.count() == 1

    token = uuid.uuid4()
    visit = scheduled(lot=permit.lot, by=agent, token=token)
    assert scheduled(lot=permit.lot, by=agent, token=token) == visit

    inspection = inspected_with_vermin(permit, agent)
    finding = inspection.findings.get(item_id=VERMIN)
    token = uuid.uuid4()
    order = actions.issue_order(
        finding=finding, by=agent, requirement="Abate.", deadline=DEADLINE, token=token
    )
    again = actions.issue_order(
        finding=finding, by=agent, requirement="Abate.", deadline=DEADLINE, token=token
    )
    assert again == order
    assert Order.objects.count() == 1
    assert order.reinspections.count() == 1


def test_an_order_schedules_its_reinspection_at_the_deadline(clerk, agent):
    permit = hen_permit(by=clerk)
    inspection = inspected_with_vermin(permit, agent)
    order = actions.issue_order(
        finding=inspection.findings.get(item_id=VERMIN),
        by=agent,
        requirement="Abate the rat infestation through the licensed operator.",
        deadline=DEADLINE,
    )
    assert (order.citation, order.lot, order.status) == ("§20-16(6)", permit.lot, Order.Status.OPEN)
    reinspection = order.reinspections.get()
    assert reinspection.kind == Inspection.Kind.REINSPECTION
    assert (reinspection.scheduled_for, reinspection.agent) == (DEADLINE, agent)
    assert order.history.first().history_user == agent


def test_only_a_violation_becomes_an_order_and_its_deadline_must_be_ahead(clerk, agent):
    permit = hen_permit(by=clerk)
    inspection = inspected_with_vermin(permit, agent)
    complying = inspection.findings.get(item_id="20-15.6.clean")
    with pytest.raises(ActionRefused, match="Only a violation"):
        actions.issue_order(finding=complying, by=agent, requirement="x", deadline=DEADLINE)
    vermin = inspection.findings.get(item_id=VERMIN)
    with pytest.raises(ActionRefused) as refused:
        actions.issue_order(finding=vermin, by=agent, requirement="Abate.", deadline=TODAY)
    assert "deadline must be after" in " ".join(refused.value.reasons)
    actions.issue_order(finding=vermin, by=agent, requirement="Abate.", deadline=DEADLINE)
    with pytest.raises(ActionRefused, match="already covers"):
        actions.issue_order(finding=vermin, by=agent, requirement="Abate.", deadline=DEADLINE)


def test_the_reinspection_that_finds_it_complying_closes_the_order(clerk, agent):
    order = vermin_order(clerk, agent)
    reinspection = order.reinspections.get()
    actions.record_inspection(inspection=reinspection, by=agent, answers=answers_for(reinspection))
    order.refresh_from_db()
    assert order.status == Order.Status.ABATED
    assert order.closed_on == TODAY
    assert "re-inspection" in order.closing_note


def record_made_on(inspection, agent, day: date):
    """The agent records the checklist, every item complying, as made at noon on `day`."""
    return actions.record_inspection(
        inspection=inspection, by=agent, answers=answers_for(inspection), performed_at=midday(day)
    )


def test_a_reinspection_dated_before_its_order_was_issued_is_refused_at_its_field(
    clerk, agent, client
):
    """A visit cannot have been made before the order it re-inspects: dated so, it would show
    the order abated before it existed (and so never overdue)."""
    order = vermin_order(clerk, agent)
    reinspection = order.reinspections.get()
    with pytest.raises(ActionRefused, match="before June 15, 2027, when order"):
        record_made_on(reinspection, agent, order.issued_on - timedelta(days=1))
    # The checklist on the phone: the reason at "Inspected at", every answer kept.
    client.force_login(agent)
    data = {f"result-{item_id}": "complies" for item_id in answers_for(reinspection)}
    data.update(token=str(uuid.uuid4()), performed_at="2027-06-14T10:00", summary="Burrows filled.")
    response = client.post(reverse("inspections:inspection-record", args=[reinspection.pk]), data)
    assert response.status_code == 200
    form = response.context["form"]
    assert form.errors["performed_at"] == [
        f"The inspection cannot have been made before June 15, 2027, when order {order.pk} was "
        "issued."
    ]
    assert list(form.errors) == ["performed_at"]
    assert ">Burrows filled.</textarea>" in response.content.decode()
    order.refresh_from_db()
    reinspection.refresh_from_db()
    assert order.is_open and reinspection.is_scheduled
    # The same day as the order: recorded, and the order abated that day.
    data["performed_at"] = "2027-06-15T08:30"
    client.post(reverse("inspections:inspection-record", args=[reinspection.pk]), data)
    order.refresh_from_db()
    assert (order.status, order.closed_on) == (Order.Status.ABATED, order.issued_on)


def test_an_inspection_dated_before_the_complaint_it_answers_is_refused(clerk, agent):
    permit = hen_permit(by=clerk)
    complaint = complaint_at(permit.lot, clerk)
    inspection = complaint_inspection(complaint, agent)
    with pytest.raises(ActionRefused, match="when the complaint it answers was received"):
        record_made_on(inspection, agent, complaint.received_on - timedelta(days=7))
    complaint.refresh_from_db()
    assert complaint.status == Complaint.Status.INSPECTION_SCHEDULED


def test_a_reinspection_that_still_finds_vermin_leaves_the_order_open(clerk, agent):
    order = vermin_order(clerk, agent)
    reinspection = order.reinspections.get()
    actions.record_inspection(
        inspection=reinspection,
        by=agent,
        answers=answers_for(reinspection, {VERMIN: vermin_violation("Still burrows.")}),
    )
    order.refresh_from_db()
    assert order.is_open


def test_an_order_is_marked_unabated_only_after_its_deadline(clerk, agent):
    order = vermin_order(clerk, agent)
    with pytest.raises(ActionRefused, match="has not passed"):
        actions.mark_order_unabated(order=order, by=agent, on=DEADLINE)
    actions.mark_order_unabated(order=order, by=agent, on=DEADLINE + timedelta(days=1))
    order.refresh_from_db()
    assert order.status == Order.Status.UNABATED
    assert Order.objects.overdue_on(DEADLINE + timedelta(days=1)).count() == 0


def test_extending_an_order_moves_its_reinspection(clerk, agent):
    order = vermin_order(clerk, agent)
    later = DEADLINE + timedelta(days=10)
    actions.extend_order(order=order, by=agent, deadline=later, reason="Operator booked.")
    order.refresh_from_db()
    assert order.deadline == later
    assert order.reinspections.get().scheduled_for == later


def test_withdrawing_or_abating_an_order_cancels_its_pending_reinspection(clerk, agent):
    permit = hen_permit(by=clerk)
    inspection = inspected_with_vermin(permit, agent)
    finding = inspection.findings.get(item_id=VERMIN)
    order = actions.issue_order(finding=finding, by=agent, requirement="A.", deadline=DEADLINE)
    actions.withdraw_order(order=order, by=agent, reason="Issued to the wrong lot.")
    assert order.reinspections.get().status == Inspection.Status.CANCELLED
    second = actions.issue_order(finding=finding, by=agent, requirement="A.", deadline=DEADLINE)
    actions.abate_order(order=second, by=agent, note="Operator's report received.")
    second.refresh_from_db()
    assert second.status == Order.Status.ABATED
    assert second.reinspections.get().status == Inspection.Status.CANCELLED


def test_cancelling_the_only_inspection_of_a_complaint_reopens_it(clerk, agent):
    permit = hen_permit(by=clerk)
    complaint = complaint_at(permit.lot, clerk)
    inspection = actions.schedule_inspection(
        lot=permit.lot,
        kind=Inspection.Kind.COMPLAINT,
        complaint=complaint,
        scheduled_for=TODAY,
        by=agent,
    )
    actions.cancel_inspection(inspection=inspection, by=agent, reason="Owner away.")
    complaint.refresh_from_db()
    assert complaint.status == Complaint.Status.OPEN


def test_scheduling_refuses_a_past_day_a_non_agent_and_a_closed_complaint(clerk, agent):
    permit = hen_permit(by=clerk)
    with pytest.raises(ActionRefused) as refused:
        actions.schedule_inspection(
            lot=permit.lot,
            kind=Inspection.Kind.ROUTINE,
            scheduled_for=date(2027, 6, 1),
            agent=clerk,
            by=agent,
        )
    assert "today or a later day" in " ".join(refused.value.reasons)
    assert "not a health agent" in " ".join(refused.value.reasons)
    complaint = complaint_at(permit.lot, clerk)
    actions.close_complaint(complaint=complaint, by=clerk, resolution="Neighbour withdrew it.")
    with pytest.raises(ActionRefused, match="The inspection cannot be scheduled"):
        actions.schedule_inspection(
            lot=permit.lot,
            kind=Inspection.Kind.COMPLAINT,
            complaint=complaint,
            scheduled_for=TODAY,
            by=agent,
        )


def test_an_anonymous_complaint_is_recorded_but_not_one_dated_in_the_future(clerk):
    from tests import factories

    lot = factories.lot()
    complaint = complaint_at(lot, clerk, complainant_name=" ")
    assert complaint.complainant_name == "" and complaint.lot == lot
    with pytest.raises(ActionRefused, match="future"):
        complaint_at(lot, clerk, received_on=TODAY + timedelta(days=1))


def test_a_complaint_at_an_address_with_no_lot_on_file_records_the_lot(clerk):
    from facilities.models import Lot

    complaint = actions.record_complaint(
        address="  41  Pond Street ",
        nature=Complaint.Nature.NOISE,
        description="A rooster crows from 4 a.m.",
        by=clerk,
    )
    lot = complaint.lot
    assert (lot.street_address, lot.parcel_id, lot.parcel_label) == (
        "41 Pond Street",
        None,
        "not yet on file",
    )
    assert lot.history.get().history_user == clerk
    again = actions.record_complaint(
        address="41 pond street",
        nature=Complaint.Nature.NOISE,
        description="Still crowing.",
        by=clerk,
    )
    assert again.lot == lot and Lot.objects.count() == 1


def test_a_complaint_needs_a_lot_or_an_address(clerk):
    with pytest.raises(ActionRefused) as refused:
        actions.record_complaint(
            nature=Complaint.Nature.NOISE, description="Crowing.", address=" ", by=clerk
        )
    assert "street address" in " ".join(refused.value.reasons)


@pytest.mark.parametrize(
    ("item_id", "citation"),
    [
        ("20-15.11.no-roosters", "§20-15(11)"),
        ("20-15.10.wild-approved", "§20-15(10)"),
        ("20-15.1.all-animals-permitted", "§20-15(1)"),
    ],
)
def test_a_rooster_found_at_a_hen_permit_becomes_an_order_citing_its_provision(
    clerk, agent, item_id, citation
):
    """A keeping no permit lists is found in the field and ordered off, whatever was permitted."""
    permit = hen_permit(by=clerk)
    inspection = scheduled(lot=permit.lot, by=agent)
    found = Answer(ChecklistFinding.Result.VIOLATION, note="Found at the back of the yard.")
    actions.record_inspection(
        inspection=inspection, by=agent, answers=answers_for(inspection, {item_id: found})
    )
    order = actions.issue_order(
        finding=inspection.findings.get(item_id=item_id),
        by=agent,
        requirement="Remove the animal from the lot.",
        deadline=DEADLINE,
    )
    assert (order.citation, order.lot, order.status) == (citation, permit.lot, Order.Status.OPEN)
