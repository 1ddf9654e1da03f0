"""Public records requests (M.G.L. c.66 §10): logged with who, what and when; due 10 business
days later on the Massachusetts calendar with the Town's closures; a permit's file assembled as
one package (PDF and zip) with redactions naming counsel's exemption; the response recorded."""

import io
import json
import zipfile
from datetime import date

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from pypdf import PdfReader

from inspections import actions as inspection_actions
from permits import actions as permit_actions
from records import actions
from records.models import Exemption, RecordsRequest
from records.package import assemble
from stoneham_boh.lib.errors import ActionRefused
from tests import factories

pytestmark = pytest.mark.django_db

# Counsel's wording is the Town's: a test's own stand-in, not legal text the product ships.
PDF = b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"
WORDING = "Test wording: identity of a complainant in an open investigation."


@pytest.fixture
def exemption(db):
    return Exemption.objects.create(citation="Exemption (f)", name="Investigation", wording=WORDING)


@pytest.fixture
def permit(clerk):
    permit = factories.issued_permit(by=clerk)
    for name in ("site-plan.pdf", "maintenance-plan.pdf"):
        permit_actions.upload_document(
            application=permit.application,
            kind="site_plan" if name.startswith("site") else "maintenance_plan",
            upload=SimpleUploadedFile(name, PDF, content_type="application/pdf"),
            by=clerk,
        )
    return permit


@pytest.fixture
def complaint(permit, clerk):
    return inspection_actions.record_complaint(
        lot=permit.lot,
        nature="odour",
        description="Strong smell from the coop.",
        complainant_name="Pat Neighbour",
        complainant_contact="pat@example.org",
        by=clerk,
        received_on=date(2026, 11, 2),
    )


def logged(clerk, permit=None, received_on=date(2026, 11, 25)):
    return actions.log_request(
        requester="A. Reporter",
        description="The file of the hen permit.",
        received_on=received_on,
        permit=permit,
        by=clerk,
        today=date(2026, 12, 1),
    )


# --- the clock ----------------------------------------------------------------------------


# --- the request's life -------------------------------------------------------------------


def test_a_request_without_who_or_what_is_refused_naming_both(clerk):
    with pytest.raises(ActionRefused) as refused:
        actions.log_request(requester=" ", description="", received_on=date(2026, 11, 25), by=clerk)
    assert "Say who asked." in str(refused.value)
    assert "Say which records were asked for." in str(refused.value)


def test_the_response_closes_the_request_and_is_kept_in_its_history(clerk):
    request = logged(clerk)
    actions.record_response(
        request=request,
        responded_on=date(2026, 12, 1),
        response="The file, as a PDF.",
        by=clerk,
        today=date(2026, 12, 1),
    )
    request.refresh_from_db()
    assert (request.is_open, request.responded_on) == (False, date(2026, 12, 1))
    assert request.history.count() == 2
    with pytest.raises(ActionRefused, match="the request is closed"):
        actions.record_response(
            request=request,
            responded_on=date(2026, 12, 1),
            response="Again",
            by=clerk,
            today=date(2026, 12, 1),
        )


def test_a_response_before_the_request_is_refused(clerk):
    request = logged(clerk)
    with pytest.raises(ActionRefused, match="cannot be earlier"):
        actions.record_response(
            request=request,
            responded_on=date(2026, 11, 20),
            response="x",
            by=clerk,
            today=date(2026, 12, 1),
        )


# --- the package --------------------------------------------------------------------------


def test_the_package_withholds_the_complainant_naming_the_exemption(
    clerk, permit, complaint, exemption
):
    request = logged(clerk, permit)
    actions.redact(
        request=request, target=f"complainant:{complaint.pk}", exemption=exemption, by=clerk
    )
    package = assemble(request)
    [(shown, withheld, _target)] = package.complaints
    assert shown == complaint
    assert withheld.label == f"Withheld under Exemption (f): {WORDING}"


def test_a_retired_exemption_cannot_be_used(clerk, permit, complaint, exemption):
    exemption.in_use = False
    exemption.save()
    request = logged(clerk, permit)
    with pytest.raises(ActionRefused, match="retired"):
        actions.redact(
            request=request, target=f"complainant:{complaint.pk}", exemption=exemption, by=clerk
        )


def test_the_zip_holds_the_pdf_and_the_files_but_not_what_is_withheld(
    clerk_client, clerk, permit, exemption
):
    request = logged(clerk, permit)
    documents = list(permit.application.documents.exclude(file=""))
    withheld = documents[0]
    actions.redact(request=request, target=f"document:{withheld.pk}", exemption=exemption, by=clerk)
    response = clerk_client.get(reverse("records:package-zip", args=[request.pk]))
    archive = zipfile.ZipFile(io.BytesIO(response.content))
    names = archive.namelist()
    assert f"permit-{permit.number}-file.pdf" in names
    assert not any(name.startswith(f"documents/document-{withheld.pk}-") for name in names)
    assert any(name.startswith(f"documents/document-{documents[1].pk}-") for name in names)
    manifest = json.loads(archive.read("manifest.json"))
    assert manifest["withheld"] == [
        {"target": f"document:{withheld.pk}", "exemption": "Exemption (f)", "wording": WORDING}
    ]


def test_the_pdf_prints_the_redaction_in_place_of_the_complainant(
    clerk_client, clerk, permit, complaint, exemption
):
    request = logged(clerk, permit)
    actions.redact(
        request=request, target=f"complainant:{complaint.pk}", exemption=exemption, by=clerk
    )
    response = clerk_client.get(reverse("records:package-pdf", args=[request.pk]))
    assert response["Content-Type"] == "application/pdf"
    pages = PdfReader(io.BytesIO(response.content)).pages
    text = " ".join(" ".join(page.extract_text() for page in pages).split())
    assert f"The file of permit {permit.number}" in text
    assert f"Withheld under Exemption (f): {WORDING}" in text
    assert "Pat Neighbour" not in text
    assert "Strong smell from the coop." in text


# --- the pages ----------------------------------------------------------------------------


def test_the_clerk_logs_a_request_and_sees_its_due_day(client, clerk):
    client.force_login(clerk)
    response = client.post(
        reverse("records:request-new"),
        {
            "requester": "A. Reporter",
            "description": "All hen permits.",
            "received_on": "2026-11-25",
        },
    )
    request = RecordsRequest.objects.get()
    assert response.status_code == 302
    page = client.get(reverse("records:request-detail", args=[request.pk])).content.decode()
    assert "Thursday, December 10, 2026" in page
    home = client.get(reverse("home")).content.decode()
    assert "Public records requests open" in home
    assert "Response due Thu Dec 10, 2026" in home


def test_a_bad_day_is_shown_at_its_field_and_what_was_typed_is_kept(client, clerk):
    client.force_login(clerk)
    response = client.post(
        reverse("records:request-new"),
        {
            "requester": "A. Reporter",
            "description": "All hen permits.",
            "received_on": "2099-01-01",
        },
    )
    assert response.status_code == 400
    page = response.content.decode()
    assert "The day received cannot be in the future." in page
    assert "All hen permits." in page
    assert not RecordsRequest.objects.exists()


def test_the_page_offers_to_withhold_with_the_administrators_exemptions(
    client, clerk, permit, complaint, exemption
):
    client.force_login(clerk)
    request = logged(clerk, permit)
    page = client.get(reverse("records:request-detail", args=[request.pk])).content.decode()
    assert "Exemption (f) (Investigation)" in page
    response = client.post(
        reverse("records:request-redact", args=[request.pk]),
        {"target": f"complainant:{complaint.pk}", "exemption": exemption.pk},
    )
    assert response.status_code == 302
    page = client.get(reverse("records:request-detail", args=[request.pk])).content.decode()
    assert "Identity withheld" in page
