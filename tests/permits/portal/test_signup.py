"""A resident opens an account without an invitation: sign-up, e-mail confirmation, log-in on
the project's own page, and the self-service password reset (django-allauth underneath)."""

from __future__ import annotations

import re

import pytest
from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model
from django.core import mail
from django.core.cache import cache
from django.test import Client
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


def code_in(message) -> str:
    found = re.search(r"Your code is:\s+(\S+)", message.body)
    assert found, message.body
    return found.group(1)


def confirm(client, message):
    """Type the e-mailed code in the session that signed up (or logged in)."""
    return client.post(
        reverse("account_email_verification_sent"), {"action": "verify", "code": code_in(message)}
    )


def log_in(client, username, password=PASSWORD):
    return client.post(reverse("login"), {"username": username, "password": password})


def test_the_log_in_page_links_to_sign_up_and_to_the_password_reset(client):
    page = client.get(reverse("login")).content.decode()
    assert reverse("account_signup") in page
    assert reverse("account_reset_password") in page


def test_signing_up_sends_a_code_to_type_in_the_same_session_and_no_link(client):
    response = sign_up(client)
    assert response.status_code == 302
    assert response["Location"] == reverse("account_email_verification_sent")
    assert len(mail.outbox) == 1
    assert mail.outbox[0].to == ["jane@example.org"]
    code_in(mail.outbox[0])
    assert "/confirm-email/" not in mail.outbox[0].body
    page = client.get(reverse("account_email_verification_sent")).content.decode()
    assert "jane@example.org" in page and "Send me a new code" in page


def test_an_unconfirmed_account_cannot_log_in(client):
    sign_up(client)
    other = Client()
    response = log_in(other, "jane@example.org")
    # The password is right: a new code goes to the address, to be typed in this session.
    assert response["Location"] == reverse("account_email_verification_sent")
    assert other.get(reverse("home")).status_code == 302
    assert not EmailAddress.objects.filter(verified=True).exists()


def test_confirming_the_address_makes_an_applicant_who_can_then_log_in(client):
    sign_up(client)
    assert confirm(client, mail.outbox[0]).status_code == 302
    user = get_user_model().objects.get(email="jane@example.org")
    assert has_role(user, [Role.APPLICANT])
    assert user.applicant.name == "Jane Resident"
    client.post(reverse("logout"))
    assert log_in(client, "jane@example.org").status_code == 302
    assert client.get(reverse("permits:my-applications")).status_code == 200


def test_the_mailbox_owner_cannot_complete_a_sign_up_someone_else_began(client):
    # Mallory signs up with Jane's address and his own password; Jane receives the code.
    sign_up(client, email="jane@example.org", name="Mallory", password="mallory-knows-this-1")
    jane = Client()
    response = jane.post(
        reverse("account_email_verification_sent"),
        {"action": "verify", "code": code_in(mail.outbox[0])},
    )
    assert response.status_code == 302 and "/confirm-email/" not in response["Location"]
    assert not EmailAddress.objects.filter(verified=True).exists()
    assert log_in(Client(), "jane@example.org", "mallory-knows-this-1")["Location"] == reverse(
        "account_email_verification_sent"
    )


def test_an_unconfirmed_sign_up_cannot_squat_a_residents_address(client):
    sign_up(client, email="jane@example.org", name="Mallory", password="mallory-knows-this-1")
    # Jane signs up later: she is told by e-mail to set a password (the account exists).
    jane = Client()
    sign_up(jane, email="jane@example.org", name="Jane Resident")
    assert "/accounts/password/reset/" in mail.outbox[-1].body
    jane.post(reverse("account_reset_password"), {"email": "jane@example.org"})
    url = link_in(mail.outbox[-1], "/accounts/password/reset/key/")
    form_url = jane.get(url)["Location"]
    jane.post(form_url, {"password1": PASSWORD, "password2": PASSWORD})
    # Her log-in sends a code to her mailbox, typed in her session: the account is hers.
    assert log_in(jane, "jane@example.org")["Location"] == reverse(
        "account_email_verification_sent"
    )
    assert confirm(jane, mail.outbox[-1]).status_code == 302
    assert EmailAddress.objects.filter(email="jane@example.org", verified=True).exists()
    assert log_in(Client(), "jane@example.org", "mallory-knows-this-1").status_code == 200


def test_a_new_code_can_be_sent_and_the_old_one_stops_working(client):
    sign_up(client)
    first = code_in(mail.outbox[0])
    cache.clear()  # the one-a-minute limit on codes to one address
    client.post(reverse("account_email_verification_sent"), {"action": "resend"})
    assert len(mail.outbox) == 2
    second = code_in(mail.outbox[1])
    if first != second:
        wrong = client.post(
            reverse("account_email_verification_sent"), {"action": "verify", "code": first}
        )
        assert wrong.status_code == 200
    assert confirm(client, mail.outbox[1]).status_code == 302
    assert EmailAddress.objects.filter(verified=True).count() == 1


def test_a_sign_up_for_an_address_the_clerk_knows_waits_for_the_clerk(client, clerk):
    known = Applicant.objects.create(
        name="Jane Q. Resident",
        email="Jane@Example.org",
        mailing_street="12 Elm Street",
        mailing_zip="02180",
    )
    sign_up(client, email="jane@example.org")
    confirm(client, mail.outbox[0])
    known.refresh_from_db()
    user = get_user_model().objects.get(email="jane@example.org")
    # The address alone links nothing: the account has no record yet, and says why.
    assert known.user is None
    assert not Applicant.objects.filter(user=user).exists()
    assert "is checking that it is yours" in client.get(reverse("home")).content.decode()
    # The clerk sees the request on her home page and confirms it.
    staff = Client()
    staff.force_login(clerk)
    home = staff.get(reverse("home")).content.decode()
    assert "Sign-ups to match with applicants on file" in home and "Jane Q. Resident" in home
    link = user.account_links.get()
    staff.post(reverse("permits:account-link-decide", args=[link.pk]), {"decision": "link"})
    known.refresh_from_db()
    link.refresh_from_db()
    assert known.user == user
    assert link.status == link.Status.LINKED and link.decided_by == clerk
    assert known.history.first().history_user == clerk
    assert [h.status for h in link.history.order_by("history_date")] == ["pending", "linked"]


def test_a_declined_sign_up_gets_a_record_of_its_own(client, clerk):
    known = Applicant.objects.create(name="Jane Q. Resident", email="jane@example.org")
    sign_up(client, email="jane@example.org", name="Another Jane")
    confirm(client, mail.outbox[0])
    user = get_user_model().objects.get(email="jane@example.org")
    staff = Client()
    staff.force_login(clerk)
    staff.post(
        reverse("permits:account-link-decide", args=[user.account_links.get().pk]),
        {"decision": "decline"},
    )
    known.refresh_from_db()
    assert known.user is None
    assert user.applicant.name == "Another Jane"


def test_only_the_clerk_decides_a_link(client):
    Applicant.objects.create(name="Jane Q. Resident", email="jane@example.org")
    sign_up(client, email="jane@example.org")
    confirm(client, mail.outbox[0])
    link = get_user_model().objects.get(email="jane@example.org").account_links.get()
    response = client.post(
        reverse("permits:account-link-decide", args=[link.pk]), {"decision": "link"}
    )
    assert response.status_code == 403
    link.refresh_from_db()
    assert link.status == link.Status.PENDING


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
    # Each from a new browser session (one that signed up is sent on to its code); typos do
    # not count (tests/browser/test_resident_bad_day.py).
    for n in range(5):
        sign_up(Client(), email=f"person{n}@example.org")
    response = sign_up(Client(), email="one-too-many@example.org")
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
    assert not user.account_links.exists()
    assert user.applicant != known
    assert user.applicant.email == signed_up_as
    assert list(Applicant.objects.with_email(signed_up_as)) == [user.applicant]
    assert list(Applicant.objects.with_email(typed_by_clerk.upper())) == [known]
