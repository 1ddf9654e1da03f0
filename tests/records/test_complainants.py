# ruff: noqa: F811 - the fixtures of test_actions, imported by name
"""A complainant's identity is withheld from every records package by default, under the
exemption of M.G.L. c.4 §7(26), until the clerk releases it to the request, with its reason and
history (issue 38, M2): no exemption needs writing in the Django admin first."""

from __future__ import annotations

import io
import json
import zipfile

import pytest
from django.urls import reverse
from pypdf import PdfReader

from records import actions, complainants
from records.models import ComplainantRelease
from records.package import assemble
from stoneham_boh.lib.errors import ActionRefused
from tests.records.test_actions import complaint, logged, permit  # noqa: F401

pytestmark = pytest.mark.django_db


def _pdf_text(response) -> str:
    pages = PdfReader(io.BytesIO(response.content)).pages
    return " ".join(" ".join(page.extract_text() for page in pages).split())


def test_the_package_withholds_the_complainant_by_default_naming_the_exemption(
    clerk_client,
    clerk,
    permit,
    complaint,
):
    request = logged(clerk, permit)
    [(_shown, withheld, _target)] = assemble(request).complaints
    assert withheld.citation == complainants.CITATION
    text = _pdf_text(clerk_client.get(reverse("records:package-pdf", args=[request.pk])))
    assert "Pat Neighbour" not in text and "pat@example.org" not in text
    assert "M.G.L. c.4 §7(26)" in text
    archive = zipfile.ZipFile(
        io.BytesIO(clerk_client.get(reverse("records:package-zip", args=[request.pk])).content)
    )
    manifest = json.loads(archive.read("manifest.json"))
    assert {"target": f"complainant:{complaint.pk}", "exemption": complainants.CITATION} in [
        {k: w[k] for k in ("target", "exemption")} for w in manifest["withheld"]
    ]
    page = clerk_client.get(reverse("records:request-detail", args=[request.pk])).content.decode()
    assert "Identity withheld" in page and "by default, until released" in page
    assert "Pat Neighbour" not in page


def test_the_clerk_releases_the_identity_with_a_reason_and_can_withhold_it_again(
    clerk_client,
    clerk,
    permit,
    complaint,
):
    request = logged(clerk, permit)
    url = reverse("records:complainant-release", args=[request.pk, complaint.pk])
    refused = clerk_client.post(url, {"reason": ""})
    assert refused.status_code == 400
    assert "Say why the identity may be released" in refused.content.decode()
    clerk_client.post(url, {"reason": "The complainant consented in writing."})
    release = ComplainantRelease.objects.get()
    assert release.released_by == clerk
    [(_shown, withheld, _target)] = assemble(request).complaints
    assert withheld is None
    text = _pdf_text(clerk_client.get(reverse("records:package-pdf", args=[request.pk])))
    assert "Pat Neighbour" in text
    clerk_client.post(reverse("records:complainant-withhold-again", args=[release.pk]))
    release.refresh_from_db()
    assert release.withdrawn
    assert [h.withdrawn for h in release.history.order_by("history_date")] == [False, True]
    [(_shown, withheld, _target)] = assemble(request).complaints
    assert withheld is not None


def test_a_release_is_for_its_own_request_only(clerk, permit, complaint):
    first, second = logged(clerk, permit), logged(clerk, permit)
    actions.release_complainant(
        request=first, complaint=complaint, reason="Consent, for this reporter.", by=clerk
    )
    [(_c, withheld, _t)] = assemble(second).complaints
    assert withheld is not None


def test_a_complaint_outside_the_package_cannot_be_released(clerk, permit, complaint):
    unrelated = logged(clerk, None)
    with pytest.raises(ActionRefused, match="not in this request's package"):
        actions.release_complainant(
            request=unrelated, complaint=complaint, reason="Consent.", by=clerk
        )
