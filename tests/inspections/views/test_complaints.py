"""The complaint pages (inspections/views/complaints.py): taken once, at a lot or an address,
scheduled as an inspection, flagged in the pigeons' restricted hours."""

from __future__ import annotations

from datetime import datetime

import pytest
from django.urls import reverse

from inspections import actions
from inspections.models import Complaint, Inspection
from tests.inspections.builders import (
    hen_permit,
)

pytestmark = pytest.mark.django_db


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
