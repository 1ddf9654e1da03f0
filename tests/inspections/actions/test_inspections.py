"""Inspections (inspections.actions.inspections): scheduled, recorded with every answer and
photo once, dated no earlier than their listing or their complaint, cancelled."""

from __future__ import annotations

import importlib
import uuid
from datetime import date, datetime, time, timedelta
from unittest import mock
from zoneinfo import ZoneInfo

import pytest
import time_machine
from django.utils import timezone

from inspections import actions
from inspections.actions import Answer
from inspections.actions import inspections as inspection_noun  # where record_inspection reads it
from inspections.checklist import items_for
from inspections.keeping import keeping_for
from inspections.models import ChecklistFinding, Complaint, Inspection, Order, Photo
from permits.audit import audit_register
from permits.renewals import injurious_conditions
from stoneham_boh.lib.errors import ActionRefused
from stoneham_boh.lib.history import save_as
from tests import factories
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
    vermin_violation,
)
from tests.permits.audit.test_found_by_the_machine import renewed

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


def record_made_on(inspection, agent, day: date):
    """The agent records the checklist, every item complying, as made at noon on `day`."""
    return actions.record_inspection(
        inspection=inspection, by=agent, answers=answers_for(inspection), performed_at=midday(day)
    )


def test_an_inspection_dated_before_the_complaint_it_answers_is_refused(clerk, agent):
    permit = hen_permit(by=clerk)
    complaint = complaint_at(permit.lot, clerk)
    inspection = complaint_inspection(complaint, agent)
    with pytest.raises(ActionRefused, match="when the complaint it answers was received"):
        record_made_on(inspection, agent, complaint.received_on - timedelta(days=7))
    complaint.refresh_from_db()
    assert complaint.status == Complaint.Status.INSPECTION_SCHEDULED


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


DAY = date(2030, 11, 15)


TWO_YEARS_BACK = datetime(2028, 11, 15, 10, tzinfo=ZoneInfo("America/New_York"))


def _rats_found(permit, *, agent, clerk):
    """The inspection put on the list today, and its checklist with rats by the coop."""
    inspection = actions.schedule_inspection(
        lot=permit.lot,
        kind=Inspection.Kind.ROUTINE,
        scheduled_for=DAY,
        by=clerk,
        agent=agent,
        permit=permit,
        today=DAY,
    )
    items = items_for(inspection, keeping_for(inspection.lot, DAY, inspection.application))
    answers = {item.id: Answer(ChecklistFinding.Result.COMPLIES) for item in items}
    answers[items[0].id] = Answer(ChecklistFinding.Result.VIOLATION, "Rat burrows by the coop.")
    return inspection, answers


def _legacy(clerk):
    return factories.legacy_permit(
        by=clerk,
        first_permitted_on=date(1994, 5, 2),
        valid_for_year=2030,
        today=date(2030, 1, 7),
        manure_bin=True,
    )


def test_an_inspection_dated_before_it_was_put_on_the_list_is_refused(clerk, agent):
    permit = _legacy(clerk)
    with time_machine.travel(factories.midday(DAY), tick=False):
        inspection, answers = _rats_found(permit, agent=agent, clerk=clerk)
        with pytest.raises(ActionRefused, match="put on the agent's list"):
            actions.record_inspection(
                inspection=inspection, by=agent, answers=answers, performed_at=TWO_YEARS_BACK
            )
        inspection.refresh_from_db()
        assert inspection.is_scheduled and not inspection.findings.exists()
        # The same day, at the time the agent was there, it is recorded.
        actions.record_inspection(
            inspection=inspection,
            by=agent,
            answers=answers,
            performed_at=datetime.combine(DAY, time(10), tzinfo=ZoneInfo("America/New_York")),
        )
        with pytest.raises(ActionRefused):
            renewed(permit, clerk=clerk, on=DAY)


def test_the_audit_reads_a_violation_dated_before_its_listing_as_found_the_day_it_was_listed(
    clerk, agent, board_member
):
    """A record written so before the refusal, and before the office kept its arrival: the
    renewal issued grandfathered the same day is reported."""
    permit = _legacy(clerk)
    with time_machine.travel(factories.midday(DAY), tick=False):
        inspection, answers = _rats_found(permit, agent=agent, clerk=clerk)
        with mock.patch.object(inspection_noun, "refusal_of_an_early_visit", return_value=None):
            actions.record_inspection(
                inspection=inspection, by=agent, answers=answers, performed_at=TWO_YEARS_BACK
            )
        Inspection.objects.filter(pk=inspection.pk).update(arrived_at=None)
        renewal = renewed(permit, clerk=clerk, on=DAY)
    assert renewal.grandfathered
    found = [a.line() for a in audit_register(today=DAY).anomalies]
    assert any(renewal.number in line for line in found), found


STONEHAM = ZoneInfo("America/New_York")


def _recorded_with_rats(permit, *, listed: date, typed: datetime, agent, clerk) -> Inspection:
    """An inspection put on the list on `listed` (as the demo loader does, by the day it is
    scheduled for), recorded now with rats by the coop at the time `typed`."""
    inspection = actions.schedule_inspection(
        lot=permit.lot,
        kind=Inspection.Kind.ROUTINE,
        scheduled_for=listed,
        by=clerk,
        agent=agent,
        permit=permit,
        today=listed,
    )
    items = items_for(inspection, keeping_for(inspection.lot, listed, inspection.application))
    answers = {item.id: Answer(ChecklistFinding.Result.COMPLIES) for item in items}
    answers[items[0].id] = Answer(ChecklistFinding.Result.VIOLATION, "Rat burrows by the coop.")
    return actions.record_inspection(
        inspection=inspection, by=agent, answers=answers, performed_at=typed
    )


def test_a_visit_left_on_the_list_two_years_counts_from_the_day_it_was_recorded(clerk, agent):
    permit = _legacy(clerk)
    with time_machine.travel(factories.midday(DAY), tick=False):
        inspection = _recorded_with_rats(
            permit, listed=TWO_YEARS_BACK.date(), typed=TWO_YEARS_BACK, agent=agent, clerk=clerk
        )
        inspection.refresh_from_db()
        # Accepted as typed, after its listing: the time printed is the agent's.
        assert inspection.is_completed
        assert inspection.performed_at == TWO_YEARS_BACK
        assert inspection.inspected_on == TWO_YEARS_BACK.date()
        assert inspection.arrived_at == timezone.now()
        citation = inspection.findings.get(result=ChecklistFinding.Result.VIOLATION).citation
        assert injurious_conditions(permit.lot, DAY) == [
            f"a violation of {citation} found on November 15, 2028 "
            "(recorded November 15, 2030) is not settled"
        ]
        with pytest.raises(ActionRefused):
            renewed(permit, clerk=clerk, on=DAY)


def test_a_visit_of_last_evening_recorded_this_morning_names_its_day_alone(clerk, agent):
    """A day's difference is the ordinary evening visit sent the next morning: the sentence
    names the day of the visit only."""
    permit = _legacy(clerk)
    yesterday = DAY - timedelta(days=1)
    with time_machine.travel(factories.midday(DAY), tick=False):
        inspection = _recorded_with_rats(
            permit,
            listed=yesterday,
            typed=datetime.combine(yesterday, time(18, 30), tzinfo=STONEHAM),
            agent=agent,
            clerk=clerk,
        )
        (sentence,) = injurious_conditions(permit.lot, DAY)
    citation = inspection.findings.get(result=ChecklistFinding.Result.VIOLATION).citation
    assert sentence == f"a violation of {citation} found on November 14, 2030 is not settled"


@pytest.mark.parametrize(
    ("arrived", "reported"),
    [
        (DAY, True),
        # More than a year before the renewal: outside the year, whatever the day typed.
        (date(2029, 6, 1), False),
    ],
)
def test_the_audit_counts_a_violation_from_the_day_it_arrived(
    clerk, agent, board_member, arrived, reported
):
    permit = _legacy(clerk)
    with time_machine.travel(factories.midday(arrived), tick=False):
        inspection = _recorded_with_rats(
            permit, listed=TWO_YEARS_BACK.date(), typed=TWO_YEARS_BACK, agent=agent, clerk=clerk
        )
    if reported:
        # Written so directly, as a reading of the typed day alone would have it: the
        # renewal issues grandfathered. The history still says when the record arrived.
        Inspection.objects.filter(pk=inspection.pk).update(arrived_at=TWO_YEARS_BACK)
    with time_machine.travel(factories.midday(DAY), tick=False):
        renewal = renewed(permit, clerk=clerk, on=DAY)
    assert renewal.grandfathered
    found = [a.line() for a in audit_register(today=DAY).anomalies]
    assert any(renewal.number in line for line in found) is reported, found


def test_an_inspection_recorded_before_the_field_existed_arrived_when_its_history_says(
    clerk, agent
):
    """The data migration: the first historical row with a time of the visit."""
    from django.apps import apps

    migration = importlib.import_module("inspections.migrations.0006_inspection_arrived_at")
    permit = _legacy(clerk)
    with time_machine.travel(factories.midday(DAY), tick=False):
        recorded = _recorded_with_rats(
            permit, listed=TWO_YEARS_BACK.date(), typed=TWO_YEARS_BACK, agent=agent, clerk=clerk
        )
    with time_machine.travel(factories.midday(DAY + timedelta(days=3)), tick=False):
        waiting = actions.schedule_inspection(
            lot=permit.lot, kind=Inspection.Kind.ROUTINE, scheduled_for=DAY, by=clerk, today=DAY
        )
        # A later change of the record (its summary, say) does not move its arrival.
        recorded.summary = "Owner told."
        save_as(recorded, agent)
    Inspection.objects.update(arrived_at=None)
    migration.arrivals_from_history(apps, None)
    recorded.refresh_from_db()
    waiting.refresh_from_db()
    assert recorded.arrived_at == factories.midday(DAY)
    assert waiting.arrived_at is None
