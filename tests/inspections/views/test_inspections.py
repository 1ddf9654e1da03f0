"""The inspection pages (inspections/views/inspections.py): the checklist on a phone, recorded
once with its photos, sent back with what was typed; the lot's inspections partial."""

from __future__ import annotations

import re
from datetime import date, timedelta

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.template.loader import render_to_string
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from inspections.models import ChecklistFinding, Inspection, Order, Photo
from tests import factories
from tests.inspections.builders import (
    TODAY,
    VERMIN,
    answers_for,
    checklist_post,
    hen_permit,
    jpeg,
    scheduled,
)

pytestmark = pytest.mark.django_db


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


# --- The lists cost the same queries for 20 or 400 records ---------------------------------------
# The many fill sixteen pages of 25 and more: a query for each record, each row shown or each
# page would show with 400 as it did with the 20,000 this test once built (60,000 rows, for no
# query the 400 miss).


def archive(lots, agent, past: int) -> None:
    """`past` completed inspections, each with a violation and an order, plus today's list."""
    inspections = Inspection.objects.bulk_create(
        Inspection(
            lot=lots[n % len(lots)],
            kind=Inspection.Kind.ROUTINE,
            status=Inspection.Status.COMPLETED,
            scheduled_for=date(2020, 1, 1) + timedelta(days=n % 2000),
            agent=agent,
        )
        for n in range(past)
    )
    findings = ChecklistFinding.objects.bulk_create(
        ChecklistFinding(
            inspection=inspection,
            item_id="20-16.6.no-vermin",
            citation="§20-16(6)",
            question="Is the facility free of any vermin infestation?",
            result=ChecklistFinding.Result.VIOLATION,
            note="Rats.",
        )
        for inspection in inspections
    )
    Order.objects.bulk_create(
        Order(
            inspection=finding.inspection,
            finding=finding,
            lot=finding.inspection.lot,
            citation="§20-16(6)",
            requirement="Abate.",
            deadline=TODAY + timedelta(days=(n % 60) - 30),
            issued_on=TODAY - timedelta(days=40),
        )
        for n, finding in enumerate(findings)
    )
    Inspection.objects.bulk_create(
        Inspection(
            lot=lots[n % len(lots)],
            kind=Inspection.Kind.ROUTINE,
            scheduled_for=TODAY + timedelta(days=(n % 10) - 5),
            agent=agent if n % 3 else None,
        )
        for n in range(30)
    )


def queries_for(client, url: str) -> int:
    with CaptureQueriesContext(connection) as captured:
        response = client.get(url)
    assert response.status_code == 200
    return len(captured)


LISTS = ("inspections:agenda", "inspections:inspection-list", "inspections:order-dashboard")


def test_the_lists_cost_the_same_queries_with_20_or_400_past_inspections(client, agent):
    lots = [factories.lot() for _ in range(5)]
    client.force_login(agent)
    archive(lots, agent, 20)
    few = {name: queries_for(client, reverse(name)) for name in LISTS}
    archive(lots, agent, 400 - 20)
    assert Inspection.objects.count() == 400 + 60
    many = {name: queries_for(client, reverse(name)) for name in LISTS}
    assert many == few
