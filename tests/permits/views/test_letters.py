"""The clerk's free-form letter to an applicant: kept on the application's file with who and
when, printed on the Board's letterhead (read back from the PDF)."""

import io

import pytest
from django.urls import reverse
from django.utils import timezone
from pypdf import PdfReader

from permits.models import ClerkLetter
from stoneham_boh.town.current import current_town
from tests import factories

pytestmark = pytest.mark.django_db

BODY = "Dear Mr. Lopes:\n\nThe Board has not yet received your site plan.\n\nPlease bring it in."


def words(pdf: bytes) -> str:
    return " ".join(" ".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf)).pages).split())


def test_a_letter_is_kept_with_who_and_when_and_prints_on_the_letterhead(client, clerk):
    application = factories.new_hen_application(by=clerk)
    applicant = application.applicant
    client.force_login(clerk)
    url = reverse("permits:letter-write", args=[application.pk])
    response = client.post(url, {"subject": "Your site plan", "body": BODY})
    assert response.status_code == 302

    (letter,) = ClerkLetter.objects.filter(application=application)
    assert letter.written_by == clerk
    assert letter.subject == "Your site plan" and letter.body == BODY
    assert letter.history.get().history_user == clerk

    page = client.get(reverse("permits:application-detail", args=[application.pk])).content
    print_url = reverse("permits:letter-print", args=[application.pk, letter.pk])
    assert print_url.encode() in page
    assert b"Written " in page and clerk.get_full_name().encode() in page

    text = words(client.get(print_url).content)
    assert current_town().board_name.upper() in text
    assert current_town().office_address in text
    # The day in Stoneham: between 7 pm and midnight there, UTC has already turned the page.
    written = timezone.localdate(letter.written_at)
    assert f"{written:%B} {written.day}, {written.year}" in text
    assert applicant.name in text
    for line in applicant.mailing_address_lines:
        assert line in text
    assert f"Your site plan (application #{application.pk})" in text
    assert " ".join(BODY.split()) in text
    assert clerk.get_full_name() in text


def test_a_letter_without_a_subject_is_asked_for_it_and_keeps_the_text(client, clerk):
    application = factories.new_hen_application(by=clerk)
    client.force_login(clerk)
    response = client.post(
        reverse("permits:letter-write", args=[application.pk]), {"subject": " ", "body": BODY}
    )
    assert response.status_code == 400
    form = response.context["form"]
    assert list(form.errors) == ["subject"]
    assert "Please bring it in." in response.content.decode()
    assert not ClerkLetter.objects.exists()


def test_only_the_clerk_writes_letters(client, clerk, agent):
    application = factories.new_hen_application(by=clerk)
    client.force_login(agent)
    response = client.post(
        reverse("permits:letter-write", args=[application.pk]), {"subject": "S", "body": BODY}
    )
    assert response.status_code == 403
    assert not ClerkLetter.objects.exists()
