"""A resident opens an account without an invitation: sign-up, e-mail confirmation, log-in on
the project's own page, and the self-service password reset (django-allauth underneath)."""

from __future__ import annotations

import re

import pytest
from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model
from django.core import mail
from django.core.cache import cache
from django.urls import reverse

from permits.models import Applicant
from stoneham_boh.accounts.roles import Role, has_role
from tests.conftest import make_user

pytestmark = pytest.mark.django_db

PASSWORD = "goats-and-gardens-2026"


@pytest.fixture(autouse=True)
def _fresh_rate_limits():
    # allauth counts sign-ups and resets in the cache; each test starts from zero.
    cache.clear()
    yield
    cache.clear()


def sign_up(client, email="jane@example.org", name="Jane Resident", password=PASSWORD):
    return client.post(
        reverse("account_signup"),
        {"email": email, "full_name": name, "password1": password, "password2": password},
    )


def link_in(message, pattern: str) -> str:
    found = re.search(rf"https?://\S*{pattern}\S*", message.body)
    assert found, message.body
    return found.group(0)


def confirm(client, message):
    url = link_in(message, "/accounts/confirm-email/")
    return client.post(url)


def log_in(client, username, password=PASSWORD):
    return client.post(reverse("login"), {"username": username, "password": password})


def test_the_log_in_page_links_to_sign_up_and_to_the_password_reset(client):
    page = client.get(reverse("login")).content.decode()
    assert reverse("account_signup") in page
    assert reverse("account_reset_password") in page


def test_signing_up_sends_a_confirmation_link_and_stores_no_token(client):
    response = sign_up(client)
    assert response.status_code == 302
    assert response["Location"] == reverse("account_email_verification_sent")
    assert len(mail.outbox) == 1
    assert mail.outbox[0].to == ["jane@example.org"]
    link_in(mail.outbox[0], "/accounts/confirm-email/")
    # allauth's HMAC keys: the link is a signature of the address, nothing of it is kept.
    from allauth.account.models import EmailConfirmation

    assert not EmailConfirmation.objects.exists()


def test_an_unconfirmed_account_cannot_log_in(client):
    sign_up(client)
    response = log_in(client, "jane@example.org")
    assert response.status_code == 200
    assert "Confirm your e-mail address first" in response.content.decode()
    assert client.get(reverse("home")).status_code == 302


def test_confirming_the_address_makes_an_applicant_who_can_then_log_in(client):
    sign_up(client)
    assert confirm(client, mail.outbox[0]).status_code == 302
    user = get_user_model().objects.get(email="jane@example.org")
    assert has_role(user, [Role.APPLICANT])
    assert user.applicant.name == "Jane Resident"
    assert log_in(client, "jane@example.org").status_code == 302
    assert client.get(reverse("permits:my-applications")).status_code == 200


def test_a_sign_up_for_an_address_the_clerk_knows_links_that_applicant(client):
    known = Applicant.objects.create(
        name="Jane Q. Resident",
        email="Jane@Example.org",
        mailing_street="12 Elm Street",
        mailing_zip="02180",
    )
    sign_up(client, email="jane@example.org")
    confirm(client, mail.outbox[0])
    known.refresh_from_db()
    assert known.user.email == "jane@example.org"
    assert Applicant.objects.filter(email__iexact="jane@example.org").count() == 1
    assert known.history.first().history_user == known.user


def test_a_confirmation_link_that_was_tampered_with_confirms_nothing(client):
    sign_up(client)
    url = link_in(mail.outbox[0], "/accounts/confirm-email/")
    response = client.post(url[:-3] + "xx/")
    assert response.status_code == 404 or "not valid" in response.content.decode()
    assert not EmailAddress.objects.filter(verified=True).exists()


def test_the_password_reset_link_works_once(client):
    make_user("resident", Role.APPLICANT, email="resident@example.org")
    response = client.post(reverse("account_reset_password"), {"email": "resident@example.org"})
    assert response.status_code == 302
    url = link_in(mail.outbox[-1], "/accounts/password/reset/key/")
    # allauth moves the key from the address into the session, then shows the form.
    form_url = client.get(url)["Location"]
    new = "a-brand-new-passphrase-99"
    done = client.post(form_url, {"password1": new, "password2": new})
    assert done.status_code == 302
    assert log_in(client, "resident", new).status_code == 302
    client.post(reverse("logout"))
    again = client.get(url, follow=True)
    assert "already been used or has expired" in again.content.decode()


def test_a_reset_for_an_unknown_address_looks_the_same_and_sends_no_link(client):
    response = client.post(reverse("account_reset_password"), {"email": "nobody@example.org"})
    assert response.status_code == 302
    assert all("/password/reset/key/" not in m.body for m in mail.outbox)


def test_sign_up_is_rate_limited(client, settings):
    for n in range(5):
        sign_up(client, email=f"person{n}@example.org")
    response = sign_up(client, email="one-too-many@example.org")
    assert response.status_code == 429
    assert not get_user_model().objects.filter(email="one-too-many@example.org").exists()


def test_password_reset_is_rate_limited_per_address(client):
    make_user("resident", Role.APPLICANT, email="resident@example.org")
    codes = [
        client.post(
            reverse("account_reset_password"), {"email": "resident@example.org"}
        ).status_code
        for _ in range(4)
    ]
    assert codes[:3] == [302, 302, 302]
    assert codes[3] == 429


def test_staff_cannot_become_applicants_through_the_confirmation_action(clerk):
    from permits.portal import actions
    from stoneham_boh.lib.errors import ActionRefused

    with pytest.raises(ActionRefused):
        actions.open_applicant_account(user=clerk, by=clerk)


@pytest.mark.parametrize(
    "typed_by_clerk, signed_up_as",
    [
        ("michael.chen@hotmail.com", "michael.chen@hotma\u0131l.com"),  # dotless ı
        ("susan.ames@example.org", "\u017fusan.ames@example.org"),  # long ſ
        ("Jesse.Kirk@example.org", "jesse.k\u0131rk@example.org"),
    ],
)
def test_a_look_alike_address_is_never_taken_for_the_clerks_record(
    client, typed_by_clerk, signed_up_as
):
    # PostgreSQL's iexact is UPPER() = UPPER(), which folds ı to I and ſ to S.
    known = Applicant.objects.create(name="The Real Resident", email=typed_by_clerk)
    sign_up(client, email=signed_up_as, name="Someone Else")
    confirm(client, mail.outbox[0])
    known.refresh_from_db()
    assert known.user is None
    user = get_user_model().objects.get(email=signed_up_as)
    assert user.applicant != known
    assert user.applicant.email == signed_up_as
    assert list(Applicant.objects.with_email(signed_up_as)) == [user.applicant]
    assert list(Applicant.objects.with_email(typed_by_clerk.upper())) == [known]
