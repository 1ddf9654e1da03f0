"""Public permit verification: the page the QR code opens, and the home page's look-up box."""

from __future__ import annotations

from datetime import date

import pytest
import time_machine
from django.urls import reverse

from permits import actions
from tests import factories


@pytest.mark.django_db
def test_the_verification_page_shows_the_permit_without_contact_details(client, clerk):
    holder = factories.applicant(
        name="Karen Sullivan",
        phone="(781) 555-0199",
        email="karen@example.org",
        mailing_street="PO Box 412",
    )
    permit = factories.issued_permit(by=clerk, applicant=holder)
    with time_machine.travel(date(2027, 6, 1)):
        page = client.get(
            reverse("permits:permit-verify", args=[permit.verify_token])
        ).content.decode()
    assert "Karen Sullivan" in page and permit.lot.street_address in page
    assert "6 Chickens (hens)" in page and "December 31, 2027" in page
    assert "in force until" in page
    assert "555-0199" not in page and "karen@example.org" not in page
    assert "PO Box 412" not in page


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("change", "shown"),
    [
        ("expire", "expired on December 31, 2027"),
        ("revoke", "was revoked on"),
        ("void", "This permit is void."),
    ],
)
def test_the_verification_page_says_when_a_permit_is_not_in_force(client, clerk, change, shown):
    permit = factories.issued_permit(by=clerk)
    if change == "revoke":
        factories.revoke_by_the_board(
            permit, by=clerk, grounds="x", revoked_on=date(2027, 5, 1), remove_by=date(2027, 5, 15)
        )
    elif change == "void":
        actions.void_permit(permit=permit, reason="Issued in error.", by=clerk)
    with time_machine.travel(date(2028, 2, 1) if change == "expire" else date(2027, 6, 1)):
        page = client.get(
            reverse("permits:permit-verify", args=[permit.verify_token])
        ).content.decode()
    assert shown in page


@pytest.mark.django_db
def test_a_guessed_token_finds_nothing(client, clerk):
    factories.issued_permit(by=clerk)
    assert client.get("/verify/2027-0001/").status_code == 404


@pytest.mark.django_db
@pytest.mark.parametrize("typed", ["{token}", "http://127.0.0.1:8000/verify/{token}/", " {token} "])
def test_the_verify_box_takes_the_code_or_the_address_to_the_verification_page(
    client, clerk, typed
):
    permit = factories.issued_permit(by=clerk)
    response = client.get(
        reverse("permits:verify-lookup"), {"code": typed.format(token=permit.verify_token)}
    )
    assert response.status_code == 302
    assert response["Location"] == reverse("permits:permit-verify", args=[permit.verify_token])
    assert permit.number in client.get(response["Location"]).content.decode()


@pytest.mark.django_db
def test_the_verify_box_explains_what_is_not_a_code(client):
    response = client.get(reverse("permits:verify-lookup"), {"code": "2027-0001"})
    assert response.status_code == 400
    assert "That is not a verification code" in response.content.decode()
