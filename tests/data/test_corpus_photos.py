"""Every photo of tests/data/photos/ through every path that takes a photo or an image, as the
role that sends it (issue 34: the corpus; issue 38 L5: no image decoded before its pixels are
counted): the agent's checklist, the clerk's documents of an application, the resident's
documents online, and the scans of the register import.

A file is found by the folder's glob. A name holding "refused" must be refused with a message
at its field (or its row and column) and nothing kept; any other must be kept. A photo on file
that is too large to decode shows a placeholder for its thumbnail, never an error.
"""

from __future__ import annotations

import base64
import io
import re
from datetime import datetime, time
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
import time_machine
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from PIL import Image

from inspections.models import Photo
from inspections.printing import photo_data_uri
from permits.models import Document, Permit
from tests import factories
from tests.inspections.builders import VERMIN, answers_for, hen_permit, scheduled

pytestmark = pytest.mark.django_db

FOLDER = Path(__file__).parent / "photos"
PHOTOS = sorted(p for p in FOLDER.iterdir() if p.is_file())
ids = lambda p: p.name  # noqa: E731 - the test ids


def upload(path: Path) -> SimpleUploadedFile:
    return SimpleUploadedFile(path.name, path.read_bytes())


def refused(path: Path) -> bool:
    return "refused" in path.stem


@pytest.fixture
def inspection_day():
    """The agent's tests live on the inspections' summer weekday (tests/inspections/)."""
    with time_machine.travel("2027-06-15 09:00 -04:00", tick=False):
        yield


def _checklist(inspection, photo: Path) -> dict:
    data = {"token": "7c1e2a3b-4d5e-4f60-8a9b-0c1d2e3f4a5b", "performed_at": "2027-06-15T08:30"}
    for item_id in answers_for(inspection):
        data[f"result-{item_id}"] = "complies"
        data[f"note-{item_id}"] = ""
    data[f"result-{VERMIN}"] = "violation"
    data[f"note-{VERMIN}"] = "Rat burrows under the coop."
    data[f"photos-{VERMIN}"] = upload(photo)
    return data


@pytest.mark.parametrize("photo", PHOTOS, ids=ids)
def test_every_photo_through_the_agents_checklist(client, clerk, agent, photo, inspection_day):
    inspection = scheduled(lot=hen_permit(by=clerk).lot, by=clerk, agent=agent)
    client.force_login(agent)
    url = reverse("inspections:inspection-record", args=[inspection.pk])
    response = client.post(url, _checklist(inspection, photo))
    assert response.status_code < 500
    if refused(photo):
        page = response.content.decode()
        assert response.status_code == 200 and photo.name in page or "megapixels" in page
        assert not Photo.objects.exists()
        return
    assert response.status_code == 302
    kept = Photo.objects.get()
    thumbnail = client.get(reverse("inspections:photo-thumbnail", args=[kept.pk]))
    assert thumbnail.status_code == 200 and thumbnail["Content-Type"] == "image/jpeg"
    with Image.open(io.BytesIO(b"".join(thumbnail.streaming_content))) as image:
        if "exif_rotated" in photo.stem:
            assert image.height > image.width  # turned upright, as the phone was held
    report = client.get(reverse("inspections:inspection-report", args=[inspection.pk]))
    assert report.status_code == 200
    printed = photo_data_uri(kept).split(",", 1)[1]
    with Image.open(io.BytesIO(base64.b64decode(printed))) as image:
        if "exif_rotated" in photo.stem:
            assert image.height > image.width  # printed upright too


@pytest.mark.parametrize("photo", PHOTOS, ids=ids)
def test_every_photo_through_the_clerks_documents_of_an_application(clerk_client, clerk, photo):
    application = factories.hen_renewal(by=clerk)
    response = clerk_client.post(
        reverse("permits:document-upload", args=[application.pk]),
        {"doc-kind": "site_plan", "doc-file": upload(photo), "doc-description": ""},
    )
    assert response.status_code < 500
    if refused(photo) or photo.suffix == ".heic":
        assert re.search(r'id="error_\d+_id_doc-file"', response.content.decode())
        assert not Document.objects.exists()
    else:
        assert response.status_code == 302 and Document.objects.count() == 1


@pytest.fixture
def resident(clerk):
    from tests.permits.online.test_views import DAY

    with time_machine.travel(
        datetime.combine(DAY, time(12), tzinfo=ZoneInfo("America/New_York")), tick=False
    ):
        factories.fee_schedule()
        yield factories.applicant_account(by=clerk, name="Jane Resident", email="j@example.org")


@pytest.mark.parametrize("photo", PHOTOS, ids=ids)
def test_every_photo_through_the_residents_documents_online(client, resident, photo):
    from tests.permits.online.test_views import DAY, edit_data, start

    with time_machine.travel(
        datetime.combine(DAY, time(12), tzinfo=ZoneInfo("America/New_York")), tick=False
    ):
        application = start(client, resident)
        response = client.post(
            reverse("permits:my-document-upload", args=[application.pk]),
            {
                "online-form-fields": "1",
                **edit_data(application),
                "doc-kind": "site_plan",
                "doc-file": upload(photo),
            },
        )
    assert response.status_code < 500
    if refused(photo) or photo.suffix == ".heic":
        assert re.search(r'id="error_\d+_id_doc-file"', response.content.decode())
        assert not application.documents.exists()
    else:
        assert response.status_code == 302 and application.documents.count() == 1


@pytest.mark.parametrize("photo", PHOTOS, ids=ids)
def test_every_photo_as_a_scan_of_the_register_import(admin_client, photo):
    import zipfile

    register = (
        "Holder,Address,Parcel ID,ZIP,Animals,First permitted,Permit number,Permit year,"
        f"Document\r\nAna Costa,3 Elm Street,40-400-4,02180,4 hens,1994-05-02,94-9,2026,"
        f"{photo.name}\r\n"
    ).encode()
    scans = io.BytesIO()
    with zipfile.ZipFile(scans, "w") as archive:
        archive.writestr(photo.name, photo.read_bytes())
    response = admin_client.post(
        reverse("permits:register-import"),
        {
            "register": SimpleUploadedFile("register.csv", register),
            "documents": SimpleUploadedFile("scans.zip", scans.getvalue()),
        },
    )
    assert response.status_code < 500
    page = response.content.decode()
    if refused(photo) or photo.suffix == ".heic":
        assert re.search(r'<th scope="row">2</th><td>[^<]*</td><td>Document</td>', page), page
    else:
        assert "1 row checked, no error" in page
    assert not Permit.objects.exists()


def test_a_photo_on_file_too_large_to_decode_shows_a_placeholder_and_prints(
    client, clerk, agent, inspection_day
):
    inspection = scheduled(lot=hen_permit(by=clerk).lot, by=clerk, agent=agent)
    client.force_login(agent)
    url = reverse("inspections:inspection-record", args=[inspection.pk])
    client.post(url, _checklist(inspection, FOLDER / "coop.jpg"))
    photo = Photo.objects.get()
    # Kept before uploads were held to the pixel count: the file on disk is the bomb.
    Path(photo.image.path).write_bytes((FOLDER / "121_megapixels-refused.png").read_bytes())
    thumbnail = client.get(reverse("inspections:photo-thumbnail", args=[photo.pk]))
    assert thumbnail.status_code == 200
    assert thumbnail["Content-Type"] == "image/svg+xml" and b"No preview" in thumbnail.content
    report = client.get(reverse("inspections:inspection-report", args=[inspection.pk]))
    assert report.status_code == 200


def test_a_heic_photo_is_refused_at_the_checklist_saying_what_to_send(
    client, clerk, agent, inspection_day
):
    inspection = scheduled(lot=hen_permit(by=clerk).lot, by=clerk, agent=agent)
    client.force_login(agent)
    url = reverse("inspections:inspection-record", args=[inspection.pk])
    page = client.post(url, _checklist(inspection, FOLDER / "iphone_photo-refused.heic"))
    assert "is a HEIC photo" in page.content.decode() and "Most Compatible" in page.content.decode()


def test_a_photo_of_too_many_pixels_is_refused_saying_its_size(
    client, clerk, agent, inspection_day
):
    inspection = scheduled(lot=hen_permit(by=clerk).lot, by=clerk, agent=agent)
    client.force_login(agent)
    url = reverse("inspections:inspection-record", args=[inspection.pk])
    for name, said in (
        ("121_megapixels-refused.png", "The image is 121 megapixels"),
        ("64_megapixels-refused.png", "8,000 × 8,000 pixels, 64 megapixels"),
    ):
        page = client.post(url, _checklist(inspection, FOLDER / name)).content.decode()
        assert said in page and "the most we accept is 60 megapixels" in page
