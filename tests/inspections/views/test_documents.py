"""The inspection's documents (inspections/views/documents.py): the photos, shown to staff only,
and the inspection report."""

from __future__ import annotations

import pytest
from django.urls import reverse

from inspections import actions
from inspections.models import Photo
from tests.inspections.builders import (
    VERMIN,
    answers_for,
    hen_permit,
    jpeg,
    pdf_text,
    scheduled,
    vermin_violation,
)

pytestmark = pytest.mark.django_db


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
