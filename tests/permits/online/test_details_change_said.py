"""A resident's changed name, address or phone, typed on the online form, goes to the clerk as
a change request (the record is shared): the resident is told so where they look, and the
request waits, shown, on their pages (issue 34, point 6)."""

from __future__ import annotations

from datetime import date, datetime, time
from zoneinfo import ZoneInfo

import pytest
import time_machine
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from permits.portal.models import DetailsChange
from tests import factories
from tests.permits.online.test_views import edit_data, start

pytestmark = pytest.mark.django_db

NOON = datetime.combine(date(2027, 3, 2), time(12), tzinfo=ZoneInfo("America/New_York"))


@pytest.fixture(autouse=True)
def _a_weekday():
    with time_machine.travel(NOON, tick=False):
        factories.fee_schedule()
        yield


@pytest.fixture
def resident(clerk):
    return factories.applicant_account(
        by=clerk,
        name="Jane Resident",
        email="jane@example.org",
        phone="781-555-0100",
        mailing_street="12 Pond Street",
    )


def test_a_changed_phone_on_save_is_said_to_be_waiting_for_the_clerk(client, resident):
    application = start(client, resident)
    response = client.post(
        reverse("permits:my-application-edit", args=[application.pk]),
        edit_data(application, **{"you-phone": "781-555-0199"}),
        follow=True,
    )
    page = response.content.decode()
    assert DetailsChange.objects.pending().filter(applicant=resident).exists()
    assert "Your change of details went to the Board&#x27;s clerk to accept" in page
    assert "phone 781-555-0199 (on record: 781-555-0100)" in page
    # The form shows the record; the request beside it says what waits.
    assert "Your change of details waits for the Board's clerk" in page
    mine = client.get(reverse("permits:my-applications")).content.decode()
    assert "Your change of details waits for the Board's clerk" in mine
    assert "Phone 781-555-0199 (on record: 781-555-0100)" in mine


def test_a_changed_phone_saved_with_an_upload_is_said_too(client, resident):
    application = start(client, resident)
    data = edit_data(application, **{"you-phone": "781-555-0199"})
    data.update({"online-form-fields": "1", "doc-kind": "site_plan"})
    pdf = b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"
    data["doc-file"] = SimpleUploadedFile("plan.pdf", pdf, content_type="application/pdf")
    response = client.post(
        reverse("permits:my-document-upload", args=[application.pk]), data, follow=True
    )
    page = response.content.decode()
    assert "Site plan uploaded." in page
    assert "Your change of details went to the Board&#x27;s clerk to accept" in page


def test_nothing_is_said_when_the_details_are_unchanged(client, resident):
    application = start(client, resident)
    response = client.post(
        reverse("permits:my-application-edit", args=[application.pk]),
        edit_data(application),
        follow=True,
    )
    assert "change of details" not in response.content.decode()
