"""An applicant reaches their own applications, permits and PDFs, and never anyone else's."""

from __future__ import annotations

import io

import pytest
from django.urls import reverse
from pypdf import PdfReader

from permits import actions as permit_actions
from permits.models import Application
from tests import factories


@pytest.fixture
def karen(clerk):
    return factories.applicant_account(by=clerk, name="Karen Sullivan")


@pytest.fixture
def thomas(clerk):
    return factories.applicant_account(by=clerk, name="Thomas Greene")


@pytest.fixture
def karens_permit(clerk, karen):
    return factories.issued_permit(
        by=clerk, applicant=karen, lot=factories.lot(street_address="18 Spring Street")
    )


@pytest.fixture
def thomas_permit(clerk, thomas):
    return factories.issued_permit(
        by=clerk, applicant=thomas, lot=factories.lot(street_address="24 Spring Street")
    )


def _urls_of(permit) -> list[str]:
    return [
        reverse("permits:my-application", args=[permit.application_id]),
        reverse("permits:my-permit-pdf", args=[permit.pk]),
        reverse("permits:my-renewal", args=[permit.pk]),
    ]


@pytest.mark.django_db
def test_an_applicant_gets_404_for_every_page_of_another_applicants_records(
    client, karen, karens_permit, thomas_permit
):
    client.force_login(karen.user)
    for url in _urls_of(thomas_permit):
        assert client.get(url).status_code == 404, url
    response = client.post(
        reverse("permits:my-renewal", args=[thomas_permit.pk]), {"unchanged": "yes"}
    )
    assert response.status_code == 404
    assert not thomas_permit.renewal_requests.exists()


@pytest.mark.django_db
def test_an_applicants_list_shows_only_their_own_records(
    client, karen, karens_permit, thomas_permit
):
    client.force_login(karen.user)
    page = client.get(reverse("permits:my-applications")).content.decode()
    assert karens_permit.number in page
    assert "18 Spring Street" in page
    assert thomas_permit.number not in page
    assert "24 Spring Street" not in page


@pytest.mark.django_db
def test_an_applicant_downloads_their_own_permit_as_a_pdf_naming_it(client, karen, karens_permit):
    client.force_login(karen.user)
    response = client.get(reverse("permits:my-permit-pdf", args=[karens_permit.pk]))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert "attachment" in response["Content-Disposition"]
    text = "".join(page.extract_text() for page in PdfReader(io.BytesIO(response.content)).pages)
    assert karens_permit.number in text
    assert "Karen Sullivan" in text


@pytest.mark.django_db
def test_a_voided_permit_is_not_offered_or_served(client, clerk, karen, karens_permit):
    permit_actions.void_permit(permit=karens_permit, reason="Issued in error.", by=clerk)
    client.force_login(karen.user)
    assert client.get(reverse("permits:my-permit-pdf", args=[karens_permit.pk])).status_code == 404
    assert (
        karens_permit.number not in client.get(reverse("permits:my-applications")).content.decode()
    )


@pytest.mark.django_db
def test_the_clerks_unfinished_draft_is_not_shown_to_the_applicant(client, clerk, karen):
    draft = permit_actions.create_application(applicant=karen, lot=factories.lot(), by=clerk)
    assert draft.status == Application.Status.DRAFT
    client.force_login(karen.user)
    assert client.get(reverse("permits:my-application", args=[draft.pk])).status_code == 404


@pytest.mark.django_db
def test_visitors_who_are_not_logged_in_are_sent_to_log_in(client, karens_permit):
    for url in [reverse("permits:my-applications"), *_urls_of(karens_permit)]:
        response = client.get(url)
        assert response.status_code == 302, url
        assert response["Location"].startswith(reverse("login"))


@pytest.mark.django_db
def test_staff_are_refused_the_applicants_pages(client, agent, karens_permit):
    client.force_login(agent)
    for url in [reverse("permits:my-applications"), *_urls_of(karens_permit)]:
        assert client.get(url).status_code == 403, url


@pytest.mark.django_db
def test_an_applicant_account_with_no_applicant_record_sees_what_to_do(client, applicant_user):
    client.force_login(applicant_user)
    page = client.get(reverse("permits:my-applications")).content.decode()
    assert "You hold no permit yet" in page
    assert "No application is on file for you" in page


@pytest.mark.django_db
def test_the_home_page_shows_the_applicant_what_their_lists_show_and_no_more(
    client, clerk, karen, karens_permit
):
    draft = permit_actions.create_application(
        applicant=karen, lot=factories.lot(street_address="3 Draft Lane"), by=clerk
    )
    void = factories.issued_permit(
        by=clerk, applicant=karen, lot=factories.lot(street_address="7 Void Road")
    )
    permit_actions.void_permit(permit=void, reason="Issued in error.", by=clerk)
    assert draft.status == Application.Status.DRAFT
    client.force_login(karen.user)
    home = client.get(reverse("home")).content.decode()
    lists = client.get(reverse("permits:my-applications")).content.decode()
    for hidden in ("3 Draft Lane", void.number):
        assert hidden not in lists
        assert hidden not in home, f"the home page shows {hidden}, which the lists hide"
    assert karens_permit.number in home and karens_permit.number in lists
