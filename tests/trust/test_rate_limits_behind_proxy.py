"""Rate limits count the client, not the proxy (point 3 of the third trust round): axes and
allauth read the client's address one way (stoneham_boh.accounts.security.client_address,
behind TRUSTED_PROXY_COUNT), and allauth's counters live in a cache every worker shares."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.core.cache import cache, caches
from django.db import connection
from django.test import Client
from django.urls import reverse

from stoneham_boh.accounts.roles import Role
from tests.conftest import make_user

pytestmark = pytest.mark.django_db

PROXY = "10.0.0.1"
PASSWORD = "goats-and-gardens-2026"


@pytest.fixture(autouse=True)
def _behind_one_proxy(settings):
    settings.TRUSTED_PROXY_COUNT = 1
    cache.clear()
    yield
    cache.clear()


def through_proxy(client_address: str, forged: str = "") -> Client:
    """A browser at `client_address`, reaching us through the proxy (which appends it)."""
    chain = f"{forged}, {client_address}" if forged else client_address
    return Client(REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR=chain)


def sign_up(client, email):
    return client.post(
        reverse("account_signup"),
        {"email": email, "full_name": "A Resident", "password1": PASSWORD, "password2": PASSWORD},
    )


def test_one_client_exhausting_sign_up_does_not_close_it_for_another(settings):
    # A new browser session each time: one session that signed up is sent on to its code.
    answers = [
        sign_up(through_proxy("203.0.113.5"), f"bulk{n}@example.org").status_code for n in range(6)
    ]
    assert answers[:5] == [302] * 5 and answers[5] == 429
    resident = through_proxy("198.51.100.7")
    assert sign_up(resident, "jane@example.org").status_code == 302


def test_a_forged_forwarded_for_does_not_reset_the_count():
    for n in range(5):
        sign_up(through_proxy("203.0.113.5", forged=f"192.0.2.{n}"), f"bulk{n}@example.org")
    assert sign_up(
        through_proxy("203.0.113.5", forged="192.0.2.99"), "x@example.org"
    ).status_code == (429)


def test_one_client_exhausting_password_resets_does_not_close_them_for_another():
    for n in range(10):
        make_user(f"resident{n}", Role.APPLICANT, email=f"resident{n}@example.org")
    attacker = through_proxy("203.0.113.5")
    answers = [
        attacker.post(
            reverse("account_reset_password"), {"email": f"resident{n}@example.org"}
        ).status_code
        for n in range(11)
    ]
    assert answers[:10] == [302] * 10 and answers[10] == 429
    other = through_proxy("198.51.100.7")
    reset = other.post(reverse("account_reset_password"), {"email": "resident0@example.org"})
    assert reset.status_code == 302


def test_the_counters_live_in_a_cache_every_worker_shares():
    assert settings.CACHES["default"]["BACKEND"] == "django.core.cache.backends.db.DatabaseCache"
    sign_up(through_proxy("203.0.113.5"), "one@example.org")
    with connection.cursor() as cursor:
        cursor.execute("SELECT COUNT(*) FROM boh_cache")
        assert cursor.fetchone()[0] > 0
    # Another worker's cache object reads the same counters.
    cache.set("probe-of-sharing", 7)
    assert caches.create_connection("default").get("probe-of-sharing") == 7


def test_allauth_reads_the_client_address_the_lockout_reads():
    from allauth.account.adapter import get_adapter

    from stoneham_boh.accounts.security import client_address

    request = through_proxy("203.0.113.5", forged="192.0.2.1").get("/").wsgi_request
    assert get_adapter().get_client_ip(request) == client_address(request) == "203.0.113.5"
