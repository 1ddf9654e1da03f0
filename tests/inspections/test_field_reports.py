"""A checklist the office refused is never lost (issue 34, point 2): recorded on a phone without
a signal while a colleague recorded the same inspection, it is kept at the office as the
agent's field report, shown in full on the refusal and on the inspection for the agent and the
office, and resolved only by the agent: carried into a re-inspection that opens pre-filled, or
kept on the record as the agent's observation."""

from __future__ import annotations

import pytest
from django.urls import reverse

from inspections import actions, field_reports
from inspections.models import FieldReport, FieldReportPhoto, Inspection
from stoneham_boh.accounts.roles import Role
from stoneham_boh.lib.errors import ActionRefused
from stoneham_boh.lib.history import history_of
from tests.conftest import make_user
from tests.inspections.builders import (
    JSON,
    VERMIN,
    answers_for,
    hen_permit,
    jpeg,
    queued,
    record_url,
    scheduled,
)

pytestmark = pytest.mark.django_db

BITE = "The Shih Tzu bit the neighbour's child at the fence; rat burrows by the coop."


@pytest.fixture
def colleague():
    return make_user("agent2", Role.AGENT, first_name="Dana", last_name="Reyes")


@pytest.fixture
def done_by_a_colleague(clerk, colleague):
    """Today's inspection, recorded meanwhile by a colleague as all complies."""
    inspection = scheduled(lot=hen_permit(by=clerk).lot, by=clerk)
    actions.record_inspection(inspection=inspection, by=colleague, answers=answers_for(inspection))
    return inspection


def send_from_the_phone(client, inspection, photos=()):
    data = queued(inspection, problems={VERMIN: ("violation", BITE)})
    if photos:
        data[f"photos-{VERMIN}"] = list(photos)
    return client.post(record_url(inspection), data, **JSON)


def test_a_refused_checklist_is_kept_at_the_office_with_its_notes_and_photos(
    client, agent, done_by_a_colleague
):
    client.force_login(agent)
    response = send_from_the_phone(client, done_by_a_colleague, [jpeg("bite.jpg")])
    assert response.status_code == 409
    answer = response.json()
    assert answer["recorded"] is False and "already completed" in answer["message"]
    report = FieldReport.objects.get()
    assert answer["report_url"] == reverse("inspections:field-report", args=[report.pk])
    # The phone shows what was kept, item by item.
    vermin = next(a for a in answer["answers"] if a["result"] == "violation")
    assert vermin["note"] == BITE and vermin["photos"] == 1
    assert report.agent == agent and report.inspection == done_by_a_colleague
    assert report.is_unresolved and report.reasons == answer["reasons"]
    assert report.recorded_on_phone_at is not None
    assert FieldReportPhoto.objects.get(report=report).item_id == VERMIN
    assert history_of(FieldReport).filter(id=report.pk).get().history_user == agent
    # The office's record is unchanged: the colleague's.
    assert not done_by_a_colleague.findings.filter(result="violation").exists()


def test_the_same_refused_checklist_sent_again_is_kept_once(client, agent, done_by_a_colleague):
    client.force_login(agent)
    first = send_from_the_phone(client, done_by_a_colleague).json()
    second = send_from_the_phone(client, done_by_a_colleague).json()
    assert first["report_url"] == second["report_url"]
    assert FieldReport.objects.count() == 1


def test_a_checklist_refused_for_a_fault_the_agent_can_correct_is_not_filed(client, agent, clerk):
    inspection = scheduled(lot=hen_permit(by=clerk).lot, by=clerk)
    client.force_login(agent)
    data = queued(inspection, problems={VERMIN: ("violation", "")})
    response = client.post(record_url(inspection), data, **JSON)
    assert response.status_code == 422 and "report_url" not in response.json()
    assert not FieldReport.objects.exists()


def test_the_inspections_page_shows_the_report_in_full_to_the_agent_and_the_office(
    client, agent, clerk, done_by_a_colleague
):
    client.force_login(agent)
    send_from_the_phone(client, done_by_a_colleague, [jpeg("bite.jpg")])
    photo = FieldReportPhoto.objects.get()
    detail = reverse("inspections:inspection-detail", args=[done_by_a_colleague.pk])
    for who in (agent, clerk):
        client.force_login(who)
        page = client.get(detail).content.decode()
        assert "What an agent saw that this record does not hold" in page
        assert "The Shih Tzu bit the neighbour&#x27;s child" in page
        assert reverse("inspections:field-report-photo-thumbnail", args=[photo.pk]) in page
        assert "Recorded by Dana Reyes" in page
        assert (
            client.get(reverse("inspections:field-report-photo", args=[photo.pk])).status_code
            == 200
        )
        thumbnail = client.get(reverse("inspections:field-report-photo-thumbnail", args=[photo.pk]))
        assert thumbnail.status_code == 200 and thumbnail["Content-Type"] == "image/jpeg"
    # The agent's list names it until it is decided.
    client.force_login(agent)
    agenda = client.get(reverse("inspections:agenda")).content.decode()
    assert "Checklists the office could not record" in agenda


def test_carrying_a_report_schedules_a_reinspection_that_opens_with_what_the_agent_saw(
    client, agent, done_by_a_colleague
):
    client.force_login(agent)
    send_from_the_phone(client, done_by_a_colleague)
    report = FieldReport.objects.get()
    response = client.post(reverse("inspections:field-report-carry", args=[report.pk]))
    report.refresh_from_db()
    reinspection = report.carried_into
    assert report.status == FieldReport.Status.CARRIED
    assert reinspection.kind == Inspection.Kind.REINSPECTION and reinspection.is_scheduled
    assert reinspection.lot == done_by_a_colleague.lot and reinspection.agent == agent
    assert response["Location"] == record_url(reinspection)
    page = client.get(record_url(reinspection)).content.decode()
    assert "Filled in with" in page
    assert BITE.replace("'", "&#x27;") in page
    assert f'name="result-{VERMIN}" id="id_result-{VERMIN}_1" value="violation" checked' in page
    # And the re-inspection's page shows the report it carries.
    detail = client.get(reverse("inspections:inspection-detail", args=[reinspection.pk]))
    assert "Carried into a re-inspection" in detail.content.decode()


def test_a_report_kept_as_an_observation_stays_on_the_inspections_record(
    client, agent, done_by_a_colleague
):
    client.force_login(agent)
    send_from_the_phone(client, done_by_a_colleague)
    report = FieldReport.objects.get()
    client.post(reverse("inspections:field-report-keep", args=[report.pk]))
    report.refresh_from_db()
    assert report.status == FieldReport.Status.OBSERVATION
    page = client.get(reverse("inspections:inspection-detail", args=[done_by_a_colleague.pk]))
    assert "Kept on the record as the agent&#x27;s observation" in page.content.decode()
    assert (
        "Checklists the office could not record"
        not in client.get(reverse("inspections:agenda")).content.decode()
    )


def test_only_the_agent_who_saw_it_resolves_a_report_and_only_once(
    client, agent, colleague, done_by_a_colleague
):
    client.force_login(agent)
    send_from_the_phone(client, done_by_a_colleague)
    report = FieldReport.objects.get()
    with pytest.raises(ActionRefused, match="Only the agent who recorded"):
        field_reports.keep_as_observation(report=report, by=colleague)
    field_reports.keep_as_observation(report=report, by=agent)
    with pytest.raises(ActionRefused, match="already kept"):
        field_reports.carry_into_reinspection(report=report, by=agent)
    # Refused as a message on the page, not a 500.
    response = client.post(reverse("inspections:field-report-carry", args=[report.pk]))
    assert response.status_code == 302
    assert not Inspection.objects.filter(kind=Inspection.Kind.REINSPECTION).exists()


def test_a_report_is_filed_only_on_an_inspection_no_longer_scheduled(agent, clerk):
    inspection = scheduled(lot=hen_permit(by=clerk).lot, by=clerk)
    with pytest.raises(ActionRefused, match="still scheduled"):
        field_reports.file_field_report(
            inspection=inspection,
            by=agent,
            items=[],
            answers={},
            refusal=ActionRefused("No."),
        )


def test_the_office_cannot_resolve_an_agents_report(client, agent, clerk, done_by_a_colleague):
    client.force_login(agent)
    send_from_the_phone(client, done_by_a_colleague)
    report = FieldReport.objects.get()
    client.force_login(clerk)
    assert (
        client.post(reverse("inspections:field-report-keep", args=[report.pk])).status_code == 403
    )
    assert client.get(reverse("inspections:field-report", args=[report.pk])).status_code == 200
    report.refresh_from_db()
    assert report.is_unresolved


def test_a_checklist_sent_from_the_page_after_a_colleague_recorded_it_is_kept_too(
    client, agent, done_by_a_colleague
):
    """With a signal, the form open while a colleague recorded the inspection: the agent's
    answers are not lost on the way to the inspection's page."""
    client.force_login(agent)
    data = queued(done_by_a_colleague, problems={VERMIN: ("violation", BITE)})
    response = client.post(record_url(done_by_a_colleague), data, follow=True)
    report = FieldReport.objects.get()
    assert response.redirect_chain[-1][0] == reverse("inspections:field-report", args=[report.pk])
    page = response.content.decode()
    assert "What you recorded is kept as your field report." in page
    assert "already completed" in page
    assert "Carry it into a re-inspection" in page


def test_a_half_filled_checklist_for_an_inspection_done_meanwhile_comes_back_to_be_completed(
    client, agent, done_by_a_colleague
):
    client.force_login(agent)
    data = queued(done_by_a_colleague, problems={VERMIN: ("violation", "")})
    response = client.post(record_url(done_by_a_colleague), data)
    assert response.status_code == 200
    assert "Describe the violation you found." in response.content.decode()
    assert not FieldReport.objects.exists()


def test_the_inspections_history_shows_the_report_kept_and_what_became_of_it(
    client, agent, done_by_a_colleague
):
    client.force_login(agent)
    send_from_the_phone(client, done_by_a_colleague)
    client.post(reverse("inspections:field-report-keep", args=[FieldReport.objects.get().pk]))
    page = client.get(
        reverse("inspections:inspection-history", args=[done_by_a_colleague.pk])
    ).content.decode()
    kept = '<span class="fw-semibold">Kept at the office</span> the field report of what the agent'
    assert kept in page
    assert (
        "Status: Waiting for the agent → Kept on the record as the agent&#x27;s observation" in page
    )
