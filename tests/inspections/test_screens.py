"""The agent's screens: the checklist on a phone, photos, orders, complaints and the partials."""

from __future__ import annotations

import io
import re
from datetime import datetime, timedelta

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.template.loader import render_to_string
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from inspections import actions
from inspections.models import ChecklistFinding, Complaint, Inspection, Order, Photo
from tests.inspections.builders import (
    TODAY,
    VERMIN,
    answers_for,
    checklist_post,
    hen_permit,
    jpeg,
    scheduled,
    vermin_order,
    vermin_violation,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def agent_client(client, agent):
    client.force_login(agent)
    return client


def test_the_checklist_page_asks_each_item_with_its_citation_and_a_camera_input(
    agent_client, clerk
):
    permit = hen_permit(by=clerk)
    inspection = scheduled(lot=permit.lot, by=clerk)
    page = agent_client.get(reverse("inspections:inspection-record", args=[inspection.pk]))
    html = page.content.decode()
    assert page.status_code == 200
    assert "§20-16(6)" in html and "Is the facility free of any vermin infestation?" in html
    assert 'capture="environment"' in html and 'accept="image/*"' in html
    assert "<script>" not in html and "onclick" not in html
    assert 'name="token"' in html


def test_recording_with_a_photo_then_sending_again_records_once(agent_client, clerk):
    permit = hen_permit(by=clerk)
    inspection = scheduled(lot=permit.lot, by=clerk)
    url = reverse("inspections:inspection-record", args=[inspection.pk])
    data = checklist_post(
        inspection, "4b7e1e5c-1c64-4a2a-9d64-6f7b1f0c2d11", {VERMIN: ("violation", "Rat burrows.")}
    )
    first = agent_client.post(url, {**data, f"photos-{VERMIN}": jpeg("rats.jpg")})
    assert first.status_code == 302
    second = agent_client.post(url, {**data, f"photos-{VERMIN}": jpeg("rats.jpg")}, follow=True)
    assert "already recorded" in second.content.decode()
    inspection.refresh_from_db()
    assert inspection.is_completed and inspection.agent.username == "agent1"
    assert inspection.findings.count() == len(answers_for(inspection))
    assert ChecklistFinding.objects.filter(inspection=inspection, item_id=VERMIN).count() == 1
    assert Photo.objects.count() == 1


def test_a_form_sent_back_keeps_every_answer_and_note_and_asks_for_the_photos_again(
    agent_client, clerk
):
    permit = hen_permit(by=clerk)
    inspection = scheduled(lot=permit.lot, by=clerk)
    url = reverse("inspections:inspection-record", args=[inspection.pk])
    data = checklist_post(
        inspection,
        "0f9b2c1e-6d3a-4c55-8a1e-2b9d7c4e5f60",
        {VERMIN: ("violation", ""), "20-15.6.clean": ("violation", "Feathers everywhere.")},
    )
    response = agent_client.post(url, {**data, f"photos-{VERMIN}": jpeg()})
    html = response.content.decode()
    assert response.status_code == 200
    assert "Describe the violation you found." in html
    assert "Feathers everywhere." in html
    assert re.search(r'value="violation"[^>]*checked', html)
    assert "0f9b2c1e-6d3a-4c55-8a1e-2b9d7c4e5f60" in html
    assert "Photos are not kept" in html and "choose them again" in html
    inspection.refresh_from_db()
    assert inspection.is_scheduled and not Photo.objects.exists()


def test_a_document_passed_off_as_a_photo_is_refused_on_the_form(agent_client, clerk):
    permit = hen_permit(by=clerk)
    inspection = scheduled(lot=permit.lot, by=clerk)
    url = reverse("inspections:inspection-record", args=[inspection.pk])
    data = checklist_post(inspection, "5a1f3b7c-2d4e-4f60-8a9b-0c1d2e3f4a5b")
    fake = SimpleUploadedFile("coop.jpg", b"%PDF-1.4 not a photo", "image/jpeg")
    response = agent_client.post(url, {**data, f"photos-{VERMIN}": fake})
    assert response.status_code == 200
    assert "does not contain what its name says" in response.content.decode()
    assert not Photo.objects.exists()


def test_a_pigeon_release_too_soon_after_feeding_cannot_be_marked_complying(agent_client, clerk):
    from tests.inspections.builders import keeping_application

    application = keeping_application(by=clerk, animals={"pigeon": 20})
    inspection = scheduled(lot=application.lot, by=clerk, kind=Inspection.Kind.PRE_PERMIT)
    url = reverse("inspections:inspection-record", args=[inspection.pk])
    data = checklist_post(inspection, "6b2a4c8d-3e5f-4a71-9b0c-1d2e3f4a5b6c")
    response = agent_client.post(url, {**data, "fed_at": "08:00", "released_at": "11:59"})
    assert "too soon after feeding" in response.content.decode()
    data["result-20-18.7.no-release-after-feeding"] = "violation"
    response = agent_client.post(url, {**data, "fed_at": "08:00", "released_at": "11:59"})
    assert response.status_code == 302
    finding = ChecklistFinding.objects.get(item_id="20-18.7.no-release-after-feeding")
    assert finding.note == "Fed at 08:00, released at 11:59."


def test_photos_are_shown_to_staff_only_with_their_checked_type_and_nosniff(
    client, agent, clerk, applicant_user
):
    permit = hen_permit(by=clerk)
    inspection = scheduled(lot=permit.lot, by=agent)
    actions.record_inspection(
        inspection=inspection,
        by=agent,
        answers=answers_for(inspection, {VERMIN: vermin_violation(photos=[jpeg("a.jpg")])}),
    )
    photo = Photo.objects.get()
    url = reverse("inspections:photo", args=[photo.pk])
    client.force_login(applicant_user)
    assert client.get(url).status_code == 403
    client.force_login(clerk)
    response = client.get(url)
    assert response.status_code == 200
    assert response["Content-Type"] == "image/jpeg"
    assert response["X-Content-Type-Options"] == "nosniff"
    assert response["Content-Disposition"].startswith("inline")
    assert b"".join(response.streaming_content)[:2] == b"\xff\xd8"


def pdf_text(content: bytes) -> str:
    from pypdf import PdfReader

    return " ".join(page.extract_text() for page in PdfReader(io.BytesIO(content)).pages)


def test_an_order_issued_from_a_violation_prints_a_letter_with_its_deadline(
    agent_client, agent, clerk
):
    permit = hen_permit(by=clerk)
    inspection = scheduled(lot=permit.lot, by=agent, agent=agent)
    actions.record_inspection(
        inspection=inspection,
        by=agent,
        answers=answers_for(inspection, {VERMIN: vermin_violation("Rat burrows by the coop.")}),
    )
    finding = inspection.findings.get(item_id=VERMIN)
    page = agent_client.get(reverse("inspections:order-new", args=[finding.pk]))
    assert "Rat burrows by the coop." in page.content.decode()
    response = agent_client.post(
        reverse("inspections:order-new", args=[finding.pk]),
        {
            "token": "7c3b5d9e-4f60-4a82-8c1d-2e3f4a5b6c7d",
            "requirement": "Abate the rat infestation through a licensed operator.",
            "deadline": "2027-06-29",
        },
    )
    order = Order.objects.get()
    assert response.status_code == 302 and response["Location"].endswith(f"/orders/{order.pk}/")
    assert order.reinspections.get().scheduled_for.isoformat() == "2027-06-29"
    letter = agent_client.get(reverse("inspections:order-letter", args=[order.pk]))
    assert letter["Content-Type"] == "application/pdf"
    text = pdf_text(letter.content)
    for expected in (
        "Order to correct a violation",
        permit.holder.name,
        permit.lot.street_address,
        "§20-16(6)",
        "No vermin infestation",
        "Abate the rat infestation",
        "Tuesday, June 29, 2027",
        "revoke your permit",
    ):
        assert expected in text, expected


def test_the_inspection_report_lists_the_violation_and_what_was_checked(agent_client, agent, clerk):
    permit = hen_permit(by=clerk)
    inspection = scheduled(lot=permit.lot, by=agent, agent=agent)
    actions.record_inspection(
        inspection=inspection,
        by=agent,
        answers=answers_for(
            inspection, {VERMIN: vermin_violation("Rat burrows.", photos=[jpeg()])}
        ),
        summary="Owner told to call an exterminator.",
    )
    report = agent_client.get(reverse("inspections:inspection-report", args=[inspection.pk]))
    text = pdf_text(report.content)
    for expected in (
        "Inspection report",
        permit.lot.street_address,
        "6 chicken (hen)",
        "1 violation found",
        "Rat burrows.",
        "Owner told to call an exterminator.",
        "Complies",
        "§20-15(11)",
    ):
        assert expected in text, expected


def test_a_scheduled_inspection_has_no_report_yet(agent_client, clerk):
    permit = hen_permit(by=clerk)
    inspection = scheduled(lot=permit.lot, by=clerk)
    url = reverse("inspections:inspection-report", args=[inspection.pk])
    assert agent_client.get(url).status_code == 404


def test_a_complaint_sent_twice_is_recorded_once_and_can_become_an_inspection(client, clerk, agent):
    permit = hen_permit(by=clerk)
    client.force_login(clerk)
    data = {
        "token": "8d4c6e0f-5a71-4b93-9d2e-3f4a5b6c7d8e",
        "lot": permit.lot.pk,
        "nature": "odour",
        "description": "Smell of manure every evening.",
        "complainant_name": "Joseph Russo",
        "complainant_contact": "(781) 438-1111",
        "received_on": "2027-06-15",
    }
    url = reverse("inspections:complaint-new")
    assert client.post(url, data).status_code == 302
    assert client.post(url, data).status_code == 302
    complaint = Complaint.objects.get()
    client.force_login(agent)
    response = client.post(
        reverse("inspections:complaint-schedule", args=[complaint.pk]),
        {
            "token": "9e5d7f1a-6b82-4ca4-8e3f-4a5b6c7d8e9f",
            "scheduled_for": "2027-06-16",
            "agent": agent.pk,
        },
    )
    inspection = Inspection.objects.get()
    assert response["Location"].endswith(f"/inspections/{inspection.pk}/")
    assert (inspection.kind, inspection.complaint) == (Inspection.Kind.COMPLAINT, complaint)


def test_the_clerk_takes_an_anonymous_complaint_for_an_address_with_no_lot(client, clerk):
    client.force_login(clerk)
    url = reverse("inspections:complaint-new")
    data = {
        "token": "1d4c6e0f-5a71-4b93-9d2e-3f4a5b6c7d8e",
        "address": "7 Marble Street",
        "nature": "noise",
        "description": "A rooster crows before dawn.",
        "received_on": "2027-06-15",
    }
    response = client.post(url, data)
    complaint = Complaint.objects.get()
    assert response["Location"].endswith(f"/complaints/{complaint.pk}/")
    html = client.get(response["Location"]).content.decode()
    assert "7 Marble Street" in html and "Anonymous" in html


def test_a_complaint_with_neither_lot_nor_address_is_refused_at_the_lot_field(client, clerk):
    client.force_login(clerk)
    response = client.post(
        reverse("inspections:complaint-new"),
        {
            "token": "2d4c6e0f-5a71-4b93-9d2e-3f4a5b6c7d8e",
            "nature": "noise",
            "description": "Crowing before dawn.",
            "received_on": "2027-06-15",
        },
    )
    assert response.status_code == 200 and not Complaint.objects.exists()
    assert "Choose the lot, or type the street address below." in response.content.decode()
    assert "Crowing before dawn." in response.content.decode()


def test_a_pigeon_complaint_at_11_in_july_is_flagged_as_in_the_restricted_hours(client, clerk):
    from tests import factories

    client.force_login(clerk)
    complaint = actions.record_complaint(
        lot=factories.lot(),
        nature=Complaint.Nature.PIGEONS,
        description="Birds circling over our yard.",
        complainant_name="Ellen Walsh",
        observed_at=datetime.fromisoformat("2027-06-14T11:00-04:00"),
        by=clerk,
    )
    html = client.get(reverse("inspections:complaint-detail", args=[complaint.pk])).content.decode()
    assert "In restricted hours" in html and "§20-18(5)" in html


def test_an_unabated_order_links_to_the_revocation_of_the_lots_permit(
    client, agent, clerk, time_machine
):
    order = vermin_order(clerk, agent, deadline=TODAY + timedelta(days=7))
    permit = order.inspection.permit
    time_machine.move_to("2027-06-23 09:00 -04:00")
    client.force_login(agent)
    client.post(
        reverse("inspections:order-unabated", args=[order.pk]), {"reason": "Burrows still active."}
    )
    order.refresh_from_db()
    assert order.status == Order.Status.UNABATED
    html = client.get(reverse("inspections:order-detail", args=[order.pk])).content.decode()
    assert reverse("hearings:revocation-open", args=[permit.pk]) + f"?orders={order.pk}" in html


def test_the_census_counts_animals_by_species_and_premises(client, clerk):
    first = hen_permit(by=clerk)
    hen_permit(by=clerk, applicant=None)
    from tests import factories

    hen_permit(by=clerk, applicant=factories.applicant(name="=HYPERLINK(1)"))
    client.force_login(clerk)
    page = client.get(reverse("inspections:census") + "?year=2027").content.decode()
    assert "Chicken (hen)" in page and ">18<" in page
    response = client.get(reverse("inspections:census-csv") + "?year=2027")
    body = b"".join(response.streaming_content)
    assert body.startswith("\ufeff".encode())  # Excel reads it as UTF-8
    lines = body.decode("utf-8-sig").splitlines()
    assert lines[0].startswith("year,parcel_id,premises,permit_number")
    assert len(lines) == 4
    assert any(first.lot.parcel_id in line and ",6," in line for line in lines)
    assert any("'=HYPERLINK(1)" in line for line in lines)


def test_the_lot_partial_costs_the_same_queries_for_one_or_many_inspections(agent, clerk):
    permit = hen_permit(by=clerk)

    def render_count():
        with CaptureQueriesContext(connection) as queries:
            html = render_to_string("inspections/_lot_inspections.html", {"lot": permit.lot})
        return len(queries), html

    scheduled(lot=permit.lot, by=agent)
    few, html = render_count()
    assert "Routine or annual" in html
    for _ in range(12):
        scheduled(lot=permit.lot, by=agent)
    many, html = render_count()
    assert few == many
    assert "all 13" in html


def test_the_application_page_loads_its_lots_inspections_once_shown(client, agent, clerk):
    from tests.inspections.builders import keeping_application

    application = keeping_application(by=clerk, animals={"chicken": 3})
    scheduled(lot=application.lot, by=agent, kind=Inspection.Kind.PRE_PERMIT)
    client.force_login(clerk)
    page = client.get(reverse("permits:application-detail", args=[application.pk])).content
    summary = reverse("inspections:lot-summary", args=[application.lot_id])
    # The page asks for the summary through htmx, with the lot's history as the plain link.
    assert f'hx-get="{summary}"'.encode() in page
    assert reverse("inspections:lot-history", args=[application.lot_id]).encode() in page

    loaded = client.get(summary, headers={"HX-Request": "true"}).content.decode()
    assert "Before a permit" in loaded and "Scheduled" in loaded
    assert "<html" not in loaded
    # Followed without JavaScript, the address opens the lot's whole inspection history.
    whole = client.get(summary).content.decode()
    assert "<html" in whole and "Before a permit" in whole


def test_an_order_step_sent_with_errors_comes_back_with_them_and_changes_nothing(
    client, agent, clerk
):
    order = vermin_order(clerk, agent)
    client.force_login(agent)
    extend = reverse("inspections:order-extend", args=[order.pk])
    response = client.post(extend, {"deadline": "2027-06-20", "reason": "Operator booked."})
    assert response.status_code == 400
    assert "must be later than the current one" in response.content.decode()
    abate = reverse("inspections:order-abate", args=[order.pk])
    response = client.post(abate, {"reason": "The operator's report shows the rats gone."})
    assert response.status_code == 302
    order.refresh_from_db()
    assert order.status == Order.Status.ABATED
    assert order.reinspections.get().status == Inspection.Status.CANCELLED
