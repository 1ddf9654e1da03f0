"""Uploads are checked by content, name and size, kept out of the static root, sent as files."""

from __future__ import annotations

import io
from datetime import timedelta

import pytest
from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.core.files.uploadedfile import SimpleUploadedFile
from django.http import Http404
from django.urls import get_resolver, reverse
from django.utils import timezone
from PIL import Image

from permits.models import Document
from stoneham_boh.lib.uploads import PHOTO_KINDS, attachment_response, validate_upload

PDF = b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"
EXE = b"MZ\x90\x00\x03" + b"\x00" * 200


def image_bytes(fmt: str) -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (8, 8), "green").save(buffer, fmt)
    return buffer.getvalue()


def upload(name: str, content: bytes, content_type: str = "application/pdf"):
    return SimpleUploadedFile(name, content, content_type=content_type)


def test_a_real_pdf_is_accepted_with_the_type_its_content_shows():
    checked = validate_upload(upload("Site plan.PDF", PDF, content_type="text/html"))
    assert checked.kind == "pdf" and checked.content_type == "application/pdf"
    assert checked.original_name == "Site plan.PDF"


@pytest.mark.parametrize("fmt, name, kind", [("PNG", "coop.png", "png"), ("JPEG", "a.jpg", "jpeg")])
def test_real_photos_are_accepted(fmt, name, kind):
    assert validate_upload(upload(name, image_bytes(fmt)), PHOTO_KINDS).kind == kind


def test_a_program_renamed_to_pdf_is_refused():
    with pytest.raises(ValidationError) as refused:
        validate_upload(upload("plan.pdf", EXE))
    assert refused.value.code == "content"
    assert "does not contain what its name says" in refused.value.messages[0]


def test_a_png_named_pdf_is_refused():
    with pytest.raises(ValidationError) as refused:
        validate_upload(upload("plan.pdf", image_bytes("PNG")))
    assert refused.value.code == "content"


def test_an_html_page_is_refused_whatever_it_claims():
    with pytest.raises(ValidationError) as refused:
        validate_upload(upload("page.html", b"<html><script>alert(1)</script></html>"))
    assert refused.value.code == "extension"


def test_a_pdf_is_not_a_photo():
    with pytest.raises(ValidationError):
        validate_upload(upload("coop.pdf", PDF), PHOTO_KINDS)


def test_a_file_over_the_limit_is_refused(settings):
    settings.UPLOAD_MAX_BYTES = 1024
    with pytest.raises(ValidationError) as refused:
        validate_upload(upload("big.pdf", PDF + b"0" * 2000))
    assert refused.value.code == "too_large"
    assert "1.0\xa0KB" in refused.value.messages[0]


def test_an_empty_file_is_refused():
    with pytest.raises(ValidationError) as refused:
        validate_upload(upload("empty.pdf", b""))
    assert refused.value.code == "empty"


def test_a_folder_in_the_name_is_dropped():
    checked = validate_upload(upload("..\\..\\etc\\plan.pdf", PDF))
    assert checked.original_name == "plan.pdf"


def test_checking_leaves_the_file_ready_to_be_saved():
    file = upload("plan.pdf", PDF)
    validate_upload(file)
    assert file.read() == PDF


def test_uploads_live_outside_the_static_root_and_no_url_serves_them():
    media = settings.MEDIA_ROOT.resolve()
    static = settings.STATIC_ROOT.resolve()
    assert not media.is_relative_to(static) and not static.is_relative_to(media)
    for static_dir in settings.STATICFILES_DIRS:
        folder = static_dir[1] if isinstance(static_dir, tuple) else static_dir
        assert not media.is_relative_to(folder)
    patterns = [str(p.pattern) for p in get_resolver().url_patterns]
    assert not any(settings.MEDIA_URL.strip("/") in pattern for pattern in patterns)


def test_a_stored_file_is_served_as_an_attachment_that_is_never_rendered():
    name = default_storage.save("documents/2027/01/plan.pdf", ContentFile(PDF))
    response = attachment_response(
        Document(file=name).file,
        download_name='Site "plan"\r\n.pdf',
        content_type="application/pdf",
    )
    assert response["Content-Disposition"].startswith("attachment;")
    assert (
        "\r" not in response["Content-Disposition"] and "\n" not in response["Content-Disposition"]
    )
    assert response["Content-Type"] == "application/pdf"
    assert response["X-Content-Type-Options"] == "nosniff"
    assert "sandbox" in response["Content-Security-Policy"]
    assert response["Cache-Control"] == "private, no-store"
    assert b"".join(response.streaming_content) == PDF


def test_a_missing_stored_file_is_a_404_not_a_server_error():
    with pytest.raises(Http404):
        attachment_response(
            Document(file="documents/none.pdf").file,
            download_name="x.pdf",
            content_type="application/pdf",
        )


# --- Second round: every upload through the one check ------------------------------------------


@pytest.fixture
def application(clerk):
    from tests import factories

    return factories.new_hen_application(by=clerk)


def upload_document(client, application, name: str, content: bytes):
    return client.post(
        f"/permits/applications/{application.pk}/documents/",
        {"doc-kind": "site_plan", "doc-file": upload(name, content)},
    )


@pytest.mark.django_db
@pytest.mark.parametrize(
    "name, content, problem",
    [
        ("site-plan.html", PDF + b"<html><script>alert(1)</script></html>", "not a file we accept"),
        ("site-plan.png", PDF, "does not contain what its name says"),
        ("site-plan.pdf", image_bytes("PNG"), "does not contain what its name says"),
        ("site-plan", PDF, "not a file we accept"),
    ],
)
def test_a_document_whose_name_and_content_disagree_is_refused_at_the_field(
    client, clerk, application, name, content, problem
):
    client.force_login(clerk)
    response = upload_document(client, application, name, content)
    assert response.status_code == 400
    assert problem in response.content.decode()
    assert not Document.objects.exists()


@pytest.mark.django_db
def test_a_document_is_stored_under_our_name_with_the_extension_of_its_content(
    client, clerk, application
):
    client.force_login(clerk)
    response = upload_document(client, application, "Site Plan (final).PDF", PDF)
    assert response.status_code == 302
    document = Document.objects.get()
    stored = document.file.name.rsplit("/", 1)[-1]
    assert stored.endswith(".pdf") and "Site" not in stored and "final" not in stored
    assert document.content_type == "application/pdf"
    assert document.original_name == "Site Plan (final).PDF"


@pytest.mark.django_db
def test_the_document_action_itself_refuses_what_the_check_refuses(clerk, application):
    from permits import actions
    from stoneham_boh.lib.errors import ActionRefused

    with pytest.raises(ActionRefused, match="not a file we accept"):
        actions.upload_document(
            application=application,
            kind="site_plan",
            upload=upload("site-plan.html", PDF),
            by=clerk,
        )


def import_abutters(client, application, name: str, content: bytes):
    return client.post(
        reverse("permits:abutter-import", args=[application.pk]),
        {
            "import-file": upload(name, content, "text/csv"),
            "import-certified_on": (timezone.localdate() - timedelta(days=10)).isoformat(),
        },
    )


CSV_LIST = (
    b"owner_names,mailing_street,mailing_city,mailing_state,mailing_zip,parcel_id\n"
    b"Pat Neighbour,1 Next Door Lane,Stoneham,MA,02180,9-1-1\n"
)


@pytest.mark.django_db
@pytest.mark.parametrize(
    "name, content, problem",
    [
        ("abutters.xls", CSV_LIST, "not a file we accept"),
        ("abutters.xlsx", CSV_LIST, "does not contain what its name says"),
        ("abutters.csv", PDF, "does not contain what its name says"),
        ("abutters.csv", image_bytes("PNG"), "does not contain what its name says"),
        ("abutters.csv", b"owner\x00names\n", "does not contain what its name says"),
    ],
)
def test_an_abutter_list_whose_name_and_content_disagree_is_refused_at_the_field(
    client, clerk, application, name, content, problem
):
    client.force_login(clerk)
    response = import_abutters(client, application, name, content)
    assert response.status_code == 400
    assert problem in response.content.decode()


@pytest.mark.django_db
def test_a_real_abutter_list_goes_through_the_same_check(client, clerk, application):
    client.force_login(clerk)
    response = import_abutters(client, application, "Assessor list.CSV", CSV_LIST)
    assert response.status_code == 200
    assert "Pat Neighbour" in response.content.decode()


def test_every_upload_field_of_the_project_goes_through_the_one_check():
    """Each form with a file field cleans it with stoneham_boh.lib.uploads.validate_upload."""
    import inspect

    from facilities.forms import AbutterImportForm
    from inspections import photos
    from permits.forms import DocumentForm

    for form in (DocumentForm, AbutterImportForm):
        assert "validate_upload" in inspect.getsource(form.clean_file), form
    assert "validate_upload" in inspect.getsource(photos.check_photo)
