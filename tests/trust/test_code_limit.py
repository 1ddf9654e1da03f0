"""The limit on e-mailed confirmation codes cannot be spent by a stranger, and a password reset
ends what a stranger began (issue 38 L6).

Mallory signs up with Jane's address and logs in with the password he chose: each time a code
goes to Jane's mailbox. The limit counts codes per address AND client, so his tries leave Jane's
own log-in its code; and when Jane resets the password (which proves the mailbox is hers) the
address's counts are cleared and the code Mallory's session waits on stops working.
"""

from __future__ import annotations

import pytest
from allauth.account.models import EmailAddress
from django.core import mail
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from tests.permits.portal.test_signup import PASSWORD, code_in, link_in, log_in, sign_up

pytestmark = pytest.mark.django_db

JANE = "jane@example.org"
MALLORYS_PASSWORD = "mallory-knows-this-1"
CODE_PAGE = reverse("account_email_verification_sent")


@pytest.fixture(autouse=True)
def _fresh_rate_limits():
    cache.clear()
    yield
    cache.clear()


def squat(mallory: Client, log_ins: int = 2) -> None:
    """Mallory signs up with Jane's address, then logs in: a code to Jane each time."""
    sign_up(mallory, email=JANE, name="Mallory", password=MALLORYS_PASSWORD)
    for _ in range(log_ins):
        log_in(mallory, JANE, MALLORYS_PASSWORD)


def reset_password(jane: Client) -> None:
    jane.post(reverse("account_reset_password"), {"email": JANE})
    url = link_in(mail.outbox[-1], "/accounts/password/reset/key/")
    form_url = jane.get(url)["Location"]
    done = jane.post(form_url, {"password1": PASSWORD, "password2": PASSWORD})
    assert done.status_code == 302


def codes_to_jane() -> int:
    return sum(1 for m in mail.outbox if m.to == [JANE] and "Your code is" in m.body)


def test_a_squatters_sign_up_and_log_ins_leave_the_owner_her_code():
    squat(Client(REMOTE_ADDR="203.0.113.66"))
    jane = Client(REMOTE_ADDR="198.51.100.7")
    reset_password(jane)
    before = codes_to_jane()
    response = log_in(jane, JANE)
    assert response.status_code == 302 and response["Location"] == CODE_PAGE
    assert codes_to_jane() == before + 1
    assert jane.post(CODE_PAGE, {"action": "verify", "code": code_in(mail.outbox[-1])})
    assert EmailAddress.objects.filter(email=JANE, verified=True).exists()


def test_after_her_reset_the_owner_gets_her_code_from_the_squatters_own_network():
    # The same household, the same public address: the squatter spent that client's count.
    squat(Client(REMOTE_ADDR="198.51.100.7"), log_ins=3)
    jane = Client(REMOTE_ADDR="198.51.100.7")
    reset_password(jane)
    response = log_in(jane, JANE)
    assert response.status_code == 302 and response["Location"] == CODE_PAGE
    jane.post(CODE_PAGE, {"action": "verify", "code": code_in(mail.outbox[-1])})
    assert EmailAddress.objects.filter(email=JANE, verified=True).exists()


def test_a_reset_voids_the_code_a_squatters_session_waits_on():
    mallory = Client(REMOTE_ADDR="203.0.113.66")
    sign_up(mallory, email=JANE, name="Mallory", password=MALLORYS_PASSWORD)
    code = code_in(mail.outbox[-1])  # in Jane's mailbox; say she is talked into reading it out
    reset_password(Client(REMOTE_ADDR="198.51.100.7"))
    mallory.post(CODE_PAGE, {"action": "verify", "code": code})
    assert not EmailAddress.objects.filter(email=JANE, verified=True).exists()
    assert mallory.get(reverse("home")).status_code == 302  # not logged in
    assert mallory.get(CODE_PAGE)["Location"] == reverse("account_login")


def test_one_client_still_cannot_mail_an_address_without_end():
    mallory = Client(REMOTE_ADDR="203.0.113.66")
    squat(mallory, log_ins=2)
    sent = codes_to_jane()
    refused = log_in(mallory, JANE, MALLORYS_PASSWORD)
    assert refused.status_code == 429
    assert "Wait 10 minutes, then try again." in refused.content.decode()
    assert codes_to_jane() == sent
    # Another client's log-in is not held up by his, however often he is refused.
    for _ in range(10):
        assert log_in(mallory, JANE, MALLORYS_PASSWORD).status_code == 429
    other = log_in(Client(REMOTE_ADDR="198.51.100.7"), JANE, MALLORYS_PASSWORD)
    assert other["Location"] == CODE_PAGE


def test_many_clients_meet_the_addresss_ceiling_and_the_owners_reset_lifts_it():
    sign_up(
        Client(REMOTE_ADDR="203.0.113.1"), email=JANE, name="Mallory", password=MALLORYS_PASSWORD
    )
    for n in range(2, 11):
        log_in(Client(REMOTE_ADDR=f"203.0.113.{n}"), JANE, MALLORYS_PASSWORD)
    assert codes_to_jane() == 10
    flooding = log_in(Client(REMOTE_ADDR="203.0.113.11"), JANE, MALLORYS_PASSWORD)
    assert flooding.status_code == 429
    jane = Client(REMOTE_ADDR="198.51.100.7")
    reset_password(jane)
    assert log_in(jane, JANE)["Location"] == CODE_PAGE
    assert codes_to_jane() == 11
