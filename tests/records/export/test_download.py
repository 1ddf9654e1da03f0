"""The administrator's download of every record (issue 25 point 4)."""

from __future__ import annotations

import io
import json
import zipfile

import pytest
from django.urls import reverse

from tests import factories

pytestmark = pytest.mark.django_db


def test_the_administrator_downloads_every_record_as_a_zip_with_its_documents(
    client, admin_user, clerk
):
    permit = factories.register_entry(by=clerk)
    client.force_login(admin_user)
    page = client.get(reverse("records")).content.decode()
    assert "Download every record (zip)" in page
    response = client.get(reverse("records-export"))
    assert response["Content-Type"] == "application/zip"
    assert response["Content-Disposition"].startswith("attachment;")
    assert response["Cache-Control"] == "private, no-store"
    archive = zipfile.ZipFile(io.BytesIO(b"".join(response.streaming_content)))
    names = set(archive.namelist())
    assert {"manifest.json", "schema.json", "README.txt", "permits.jsonl", "permits.csv"} <= names
    scan = permit.register_document.file.name
    assert archive.read(f"files/{scan}") == factories.REGISTER_SCAN
    permits = [json.loads(line) for line in archive.read("permits.jsonl").splitlines()]
    assert [p["register_number"] for p in permits] == [permit.register_number]
