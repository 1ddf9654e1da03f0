"""Words of a record's text withheld from a records request's package (issue 37, 6: redaction of
a passage, each naming its exemption): a complaint as reported, an inspection's summary, an
agent's note. The words are gone from the PDF, their exemption stands in their place, the rest
is sent; a refusal stands at its field with what was typed kept; a withdrawal brings them back."""

import io
import json
import zipfile
from datetime import date

import pytest
from django.urls import reverse
from pypdf import PdfReader

from facilities import actions as lot_actions
from inspections import actions as inspection_actions
from records import actions
from records.exemptions import ship
from records.models import Exemption, Redaction
from stoneham_boh.lib.errors import ActionRefused
from tests import factories

pytestmark = pytest.mark.django_db

REPORTED = (
    "Strong smell from the coop. My daughter Emily has asthma and cannot sleep with the "
    "window open."
)
PRIVATE = "My daughter Emily has asthma"


@pytest.fixture
def privacy(db):
    ship(Exemption)
    return Exemption.objects.get(citation="M.G.L. c.4 §7(26)(c)")


@pytest.fixture
def request_with_complaint(clerk):
    permit = factories.issued_permit(by=clerk)
    complaint = inspection_actions.record_complaint(
        lot=permit.lot,
        nature="odour",
        description=REPORTED,
        complainant_name="",
        by=clerk,
        received_on=date(2026, 11, 2),
    )
    request = actions.log_request(
        requester="A. Reporter",
        description="The file of the permit.",
        received_on=date(2026, 11, 20),
        permit=permit,
        by=clerk,
    )
    return request, complaint


def _pdf_text(client, request) -> str:
    response = client.get(reverse("records:package-pdf", args=[request.pk]))
    pages = PdfReader(io.BytesIO(response.content)).pages
    return " ".join(" ".join(page.extract_text() for page in pages).split())


def _post(client, request, **fields):
    return client.post(reverse("records:request-redact-passage", args=[request.pk]), fields)


def test_the_clerk_withholds_words_of_a_complaint_and_the_rest_is_sent(
    clerk_client, request_with_complaint, privacy
):
    request, complaint = request_with_complaint
    page = clerk_client.get(reverse("records:request-detail", args=[request.pk])).content.decode()
    assert "Complaint of November 2, 2026: what was reported" in page
    response = _post(
        clerk_client,
        request,
        place=f"complaint:{complaint.pk}",
        passage=PRIVATE,
        exemption=privacy.pk,
    )
    assert response.status_code == 302
    text = _pdf_text(clerk_client, request)
    assert "Emily" not in text and "asthma" not in text
    assert "Strong smell from the coop." in text
    assert "[Withheld under M.G.L. c.4 §7(26)(c)] and cannot sleep with the window open." in text
    # The zip's manifest names the passage's place and exemption, never the words.
    archive = zipfile.ZipFile(
        io.BytesIO(clerk_client.get(reverse("records:package-zip", args=[request.pk])).content)
    )
    manifest = archive.read("manifest.json").decode()
    assert "asthma" not in manifest
    # Numbered in its place, not a digest of the words that a name could be hashed against.
    assert f"passage:complaint:{complaint.pk}:1" in [
        w["target"] for w in json.loads(manifest)["withheld"]
    ]
    redaction = Redaction.objects.get()
    assert redaction.target_label == f"A passage of complaint #{complaint.pk}"
    # Withdrawn, the words are sent again; the redaction stays on record.
    clerk_client.post(reverse("records:redaction-withdraw", args=[redaction.pk]))
    assert PRIVATE in _pdf_text(clerk_client, request)
    assert Redaction.history.filter(id=redaction.pk).count() == 2
    # Withheld again: a redaction of its own, numbered after the withdrawn one; and not twice.
    place = f"complaint:{complaint.pk}"
    _post(clerk_client, request, place=place, passage=PRIVATE, exemption=privacy.pk)
    twice = _post(clerk_client, request, place=place, passage=PRIVATE, exemption=privacy.pk)
    assert "already withheld" in " ".join(twice.context["passage_form"].errors["passage"])
    assert Redaction.objects.get(withdrawn=False).target == f"passage:complaint:{complaint.pk}:2"


def test_words_not_in_the_record_are_refused_at_their_field_with_what_was_typed_kept(
    clerk_client, request_with_complaint, privacy
):
    request, complaint = request_with_complaint
    typed = "My son Oliver has asthma"
    response = _post(
        clerk_client,
        request,
        place=f"complaint:{complaint.pk}",
        passage=typed,
        exemption=privacy.pk,
    )
    assert response.status_code == 400
    form = response.context["passage_form"]
    assert "not in that record's text as it reads" in " ".join(form.errors["passage"])
    assert typed in response.content.decode()
    too_short = _post(
        clerk_client, request, place=f"complaint:{complaint.pk}", passage="a", exemption=privacy.pk
    )
    assert "at least 2 characters" in " ".join(too_short.context["passage_form"].errors["passage"])
    assert not Redaction.objects.exists()


def test_a_record_of_another_lot_is_not_in_the_package(clerk, request_with_complaint, privacy):
    request, _complaint = request_with_complaint
    elsewhere = lot_actions.create_lot(street_address="1 Other Street", parcel_id="9-9-9", by=clerk)
    other = inspection_actions.record_complaint(
        lot=elsewhere,
        nature="noise",
        description="Roosters at dawn, my daughter Emily has asthma.",
        complainant_name="",
        by=clerk,
        received_on=date(2026, 11, 3),
    )
    with pytest.raises(ActionRefused) as refused:
        actions.redact_passage(
            request=request,
            place=f"complaint:{other.pk}",
            passage="Roosters",
            exemption=privacy,
            by=clerk,
        )
    assert refused.value.at_fields["place"] == ["That record is not in this request's package."]


def test_text_and_passage_are_escaped_where_the_words_are_withheld():
    from records.passages import masked

    shown = masked("<b>Ms. Doe</b> said <i>so</i>", {"Ms. Doe": "Withheld under (c)"})
    assert str(shown) == (
        '&lt;b&gt;<span class="withheld">[Withheld under (c)]</span>&lt;/b&gt; said '
        "&lt;i&gt;so&lt;/i&gt;"
    )
