"""Files received with an application: PDF or image, size-limited, private, staff only."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from permits.models import Document
from tests import factories

PDF = b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"
PNG = bytes.fromhex("89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489")


def upload(client, application, content, name="plan.pdf", kind="site_plan"):
    return client.post(
        reverse("permits:document-upload", args=[application.pk]),
        {"doc-kind": kind, "doc-file": SimpleUploadedFile(name, content), "doc-description": ""},
    )


@pytest.mark.django_db
def test_a_site_plan_upload_is_kept_privately_and_marks_the_plan_received(
    clerk_client, clerk, settings
):
    application = factories.hen_renewal(by=clerk)
    response = upload(clerk_client, application, PDF, name="Site plan.pdf")
    assert response.status_code == 302
    document = Document.objects.get()
    assert document.content_type == "application/pdf"
    assert document.original_name == "Site plan.pdf"
    assert "Site plan" not in document.file.name  # stored under a name nobody can guess
    assert str(settings.MEDIA_ROOT) in document.file.path
    application.refresh_from_db()
    assert application.doc_site_plan


@pytest.mark.django_db
def test_an_image_is_kept_with_the_type_its_content_shows(clerk_client, clerk):
    application = factories.hen_renewal(by=clerk)
    assert upload(clerk_client, application, PNG, name="coop.png", kind="other").status_code == 302
    document = Document.objects.get()
    assert document.content_type == "image/png"
    assert document.file.name.endswith(".png")


@pytest.mark.django_db
def test_an_image_under_another_kind_of_name_is_refused_with_the_reason(clerk_client, clerk):
    application = factories.hen_renewal(by=clerk)
    response = upload(clerk_client, application, PNG, name="photo.txt", kind="other")
    assert response.status_code == 400
    assert "is not a file we accept" in response.content.decode()
    assert not Document.objects.exists()


@pytest.mark.django_db
def test_a_program_named_like_a_pdf_is_refused_with_the_reason(clerk_client, clerk):
    application = factories.hen_renewal(by=clerk)
    response = upload(clerk_client, application, b"MZ\x90\x00 not a plan", name="plan.pdf")
    assert response.status_code == 400
    assert "does not contain what its name says" in response.content.decode()
    assert not Document.objects.exists()


@pytest.mark.django_db
def test_a_file_over_the_size_limit_is_refused(clerk_client, clerk, settings):
    settings.UPLOAD_MAX_BYTES = 1024
    application = factories.hen_renewal(by=clerk)
    response = upload(clerk_client, application, PDF + b"0" * 2048)
    assert response.status_code == 400
    assert not Document.objects.exists()


@pytest.mark.django_db
def test_documents_are_served_to_staff_only_as_downloads(
    client, clerk_client, clerk, agent, applicant_user
):
    application = factories.hen_renewal(by=clerk)
    upload(clerk_client, application, PDF)
    url = reverse("permits:document-download", args=[Document.objects.get().pk])
    response = clerk_client.get(url)
    assert response.status_code == 200
    assert response["Content-Disposition"].startswith("attachment")
    assert b"".join(response.streaming_content) == PDF
    client.force_login(agent)
    assert client.get(url).status_code == 200
    client.force_login(applicant_user)
    assert client.get(url).status_code == 403
    client.logout()
    assert client.get(url).status_code == 302


@pytest.mark.django_db
def test_a_voided_document_stays_on_record_with_its_reason(clerk_client, clerk):
    application = factories.hen_renewal(by=clerk)
    upload(clerk_client, application, PDF)
    document = Document.objects.get()
    clerk_client.post(
        reverse("permits:document-void", args=[document.pk]), {"void-reason": "Wrong lot's plan."}
    )
    document.refresh_from_db()
    assert document.voided and document.void_reason == "Wrong lot's plan."


@pytest.mark.django_db
def test_a_tick_alone_no_longer_marks_a_document_received(clerk_client, clerk):
    from permits import actions
    from stoneham_boh.lib.errors import ActionRefused

    application = factories.hen_renewal(by=clerk)
    with pytest.raises(ActionRefused):
        actions.update_application(
            application=application, by=clerk, changes={"doc_site_plan": True}
        )
    page = clerk_client.get(reverse("permits:application-edit", args=[application.pk]))
    assert "doc_site_plan" not in page.content.decode()
    application.refresh_from_db()
    assert not application.doc_site_plan


@pytest.mark.django_db
def test_the_clerk_records_the_paper_original_on_file_with_who_and_when(clerk_client, clerk):
    application = factories.hen_renewal(by=clerk)
    response = clerk_client.post(
        reverse("permits:document-paper", args=[application.pk]), {"kind": "fencing_details"}
    )
    assert response.status_code == 302
    record = Document.objects.get()
    assert record.paper_original and not record.file
    assert record.uploaded_by == clerk and record.uploaded_at is not None
    assert record.history.first().history_user == clerk
    application.refresh_from_db()
    assert application.doc_fencing_details
    page = clerk_client.get(reverse("permits:application-detail", args=[application.pk]))
    assert "Paper original on file" in page.content.decode()
    assert "recorded by Clerk1" in page.content.decode()


@pytest.mark.django_db
def test_a_paper_record_is_refused_for_a_kind_that_is_not_a_required_document(clerk):
    from permits import actions
    from stoneham_boh.lib.errors import ActionRefused

    application = factories.hen_renewal(by=clerk)
    with pytest.raises(ActionRefused, match="six documents"):
        actions.record_paper_original(application=application, kind="other", by=clerk)


@pytest.mark.django_db
def test_voiding_the_only_copy_of_a_document_makes_it_not_received_again(clerk):
    from permits import actions

    application = factories.hen_renewal(by=clerk)
    record = actions.record_paper_original(application=application, kind="site_plan", by=clerk)
    actions.void_document(document=record, reason="Recorded by mistake.", by=clerk)
    application.refresh_from_db()
    assert not application.doc_site_plan
