"""Issue 23, point 4: a resident's draft never takes or edits a record that others share.

What a resident types about the lot is a proposal on the application until the clerk matches
it on receipt (one lot per parcel: issue 22, finding 4). Drafts per resident and uploads per
application are capped; the clerk discards abandoned drafts, which stay on file.
"""

from __future__ import annotations

from datetime import datetime, time, timedelta
from decimal import Decimal
from zoneinfo import ZoneInfo

import pytest
import time_machine
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import override_settings
from django.urls import reverse

from facilities.models import Lot
from permits.models import Application
from permits.online import actions as online
from stoneham_boh.lib.errors import ActionRefused
from tests import factories
from tests.permits.online.test_views import DAY, edit_data, pdf, start

pytestmark = pytest.mark.django_db

PDF = b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"


@pytest.fixture(autouse=True)
def _a_weekday_in_2027():
    noon = datetime.combine(DAY, time(12), tzinfo=ZoneInfo("America/New_York"))
    with time_machine.travel(noon, tick=False):
        factories.fee_schedule()
        yield


@pytest.fixture
def resident(clerk):
    return factories.applicant_account(by=clerk, name="Jane Resident", email="jane@example.org")


@pytest.fixture
def owners_lot(clerk):
    """The real owner's lot, with the owner's application the clerk opened on it."""
    lot = factories.lot(
        by=clerk, parcel_id="7-1-2", street_address="12 Pond Street", area_acres=Decimal("0.44")
    )
    owner = factories.hen_renewal(by=clerk, lot=lot)
    return lot, owner


def sent(client, resident, **extra):
    application = start(client, resident, **extra)
    online.save_online_application(
        application=application,
        by=resident.user,
        animals=[{"species": "goat", "count": 2, "name": "", "mature_count": None, "wild": False}],
    )
    online.add_online_document(
        application=application, by=resident.user, kind="site_plan", upload=pdf()
    )
    return online.submit_online_application(application=application, by=resident.user)


def test_a_residents_draft_naming_a_parcel_never_takes_or_edits_its_lot(
    client, clerk, resident, owners_lot
):
    lot, owner = owners_lot
    application = start(client, resident, **{"address-parcel_id": "7-1-2"})
    assert application.lot is None
    # The resident's later edits of the street and acreage stay on their application.
    client.force_login(resident.user)
    client.post(
        reverse("permits:my-application-edit", args=[application.pk]),
        edit_data(
            application,
            **{"address-street_address": "99 Renamed Road", "lot-area_acres": "3"},
        ),
    )
    lot.refresh_from_db()
    assert (lot.street_address, lot.area_acres) == ("12 Pond Street", Decimal("0.440"))
    assert not lot.history.filter(history_user=resident.user).exists()
    assert list(lot.applications.all()) == [owner]
    application.refresh_from_db()
    assert application.lot_proposal["street_address"] == "99 Renamed Road"
    assert Decimal(application.lot_proposal["area_acres"]) == 3


def test_the_action_never_changes_a_lot_on_file_for_a_residents_draft(
    client, clerk, resident, owners_lot
):
    lot, _ = owners_lot
    application = start(client, resident, **{"address-parcel_id": "7-1-2"})
    online.save_online_application(
        application=application,
        by=resident.user,
        address={"street_address": "1 Elsewhere", "parcel_id": "7-1-2"},
        lot_changes={"area_acres": Decimal("9"), "flood_prone": False},
    )
    lot.refresh_from_db()
    assert (lot.street_address, lot.area_acres) == ("12 Pond Street", Decimal("0.440"))
    assert Lot.objects.count() == 1


def test_on_receipt_the_clerk_matches_the_lot_on_file_and_the_proposal_stays(
    client, clerk, resident, owners_lot
):
    lot, _ = owners_lot
    application = sent(client, resident, **{"address-street_address": "12 pond street"})
    online.receive_online_application(application=application, by=clerk)
    application.refresh_from_db()
    # One lot per parcel: it joins the owner's lot; no second lot without a parcel is made.
    assert application.lot == lot and Lot.objects.count() == 1
    assert application.lot_proposal["street_address"] == "12 pond street"
    with pytest.raises(ActionRefused):
        other = sent(client, factories.applicant_account(by=clerk, name="Otto Other"))
        other.lot_proposal = {"street_address": "12 Pond Street"}
        other.save()
        online.receive_online_application(application=other, by=clerk, new_lot=True)


def test_on_receipt_a_new_lot_is_made_from_the_proposal_where_none_is_on_file(
    client, clerk, resident
):
    application = sent(client, resident, **{"address-street_address": "3 New Lane"})
    online.receive_online_application(application=application, by=clerk)
    application.refresh_from_db()
    assert application.lot.street_address == "3 New Lane"
    assert application.lot.history.first().history_user == clerk


def test_the_clerk_chooses_the_lot_on_the_review_page(client, clerk, resident, owners_lot):
    lot, _ = owners_lot
    application = sent(client, resident, **{"address-parcel_id": "7-1-2"})
    client.force_login(clerk)
    url = reverse("permits:online-review", args=[application.pk])
    page = client.get(url).content.decode()
    assert f"On file: {lot}" in page and "A proposal: it changes no lot on file" in page
    response = client.post(url, {"receive": "", "receive-lot": str(lot.pk)})
    assert response.status_code == 302
    application.refresh_from_db()
    assert application.lot == lot and application.status == Application.Status.RECEIVED


@override_settings(ONLINE_DRAFTS_MAX=2)
def test_a_resident_has_at_most_two_open_drafts(client, resident):
    start(client, resident)
    start_again = {
        "address-street_address": "13 Pond Street",
        "you-name": "Jane Resident",
        "you-mailing_street": "12 Pond Street",
        "you-mailing_city": "Stoneham",
        "you-mailing_state": "MA",
        "you-mailing_zip": "02180",
        "you-phone": "781-555-0100",
    }
    client.post(reverse("permits:apply-start"), start_again)
    response = client.post(reverse("permits:apply-start"), start_again)
    assert response.status_code == 200
    assert "You already have 2 draft applications open" in response.content.decode()
    assert Application.objects.filter(applicant=resident).count() == 2


@override_settings(APPLICATION_MAX_FILES=2, APPLICATION_MAX_BYTES=len(PDF) * 3)
def test_uploads_per_application_are_capped_in_files_and_bytes(client, resident):
    application = start(client, resident)
    for _ in range(2):
        online.add_online_document(
            application=application, by=resident.user, kind="other", upload=pdf()
        )
    client.force_login(resident.user)
    response = client.post(
        reverse("permits:my-document-upload", args=[application.pk]),
        {"doc-kind": "other", "doc-file": SimpleUploadedFile("third.pdf", PDF)},
    )
    assert "already holds 2 files" in response.content.decode()
    smaller = override_settings(APPLICATION_MAX_FILES=20, APPLICATION_MAX_BYTES=len(PDF) * 2)
    with smaller, pytest.raises(ActionRefused) as refused:
        online.add_online_document(
            application=application, by=resident.user, kind="other", upload=pdf()
        )
    assert "more than" in str(refused.value)
    assert application.documents.count() == 2


def test_the_clerk_discards_an_abandoned_draft_which_stays_on_file(client, clerk, resident):
    draft = start(client, resident)
    with pytest.raises(ActionRefused) as refused:
        online.discard_online_draft(application=draft, by=clerk, reason="No answer.")
    assert "not abandoned" in " ".join(refused.value.reasons)
    later = datetime.combine(DAY + timedelta(days=45), time(12), tzinfo=ZoneInfo("UTC"))
    with time_machine.travel(later, tick=False):
        client.force_login(clerk)
        url = reverse("permits:online-review", args=[draft.pk])
        assert "Discard this abandoned draft" in client.get(url).content.decode()
        refused = client.post(url, {"discard": "", "discard-reason": ""})
        assert "This field is required" in refused.content.decode()
        client.post(url, {"discard": "", "discard-reason": "No answer to two calls."})
    draft.refresh_from_db()
    assert draft.status == Application.Status.WITHDRAWN
    assert draft.withdrawn_reason == "No answer to two calls."
    assert draft.history.first().history_user == clerk
