"""Log-in protection: lockout after five failures, password rules, and the security log."""

from __future__ import annotations

import logging
from datetime import timedelta

import pytest
import time_machine
from django.conf import settings
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.utils import timezone

from tests.conftest import make_user
from tests.trust.urls_for_errors import clerk_only_view  # noqa: F401 - the refused page

PASSWORD = "a-long-test-password"
HOME = "10.1.2.3"
ELSEWHERE = "10.9.9.9"


def log_in(client, username, password, address=HOME):
    return client.post(
        "/accounts/login/", {"username": username, "password": password}, REMOTE_ADDR=address
    )


def security_lines(caplog) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.name == "stoneham_boh.accounts.security"]


@pytest.mark.django_db
def test_five_wrong_passwords_lock_the_name_out_from_that_address(client, clerk):
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        response = log_in(client, clerk.username, "wrong-guess")
        assert response.status_code == 200
        assert "Please enter a correct username and password" in response.content.decode()
    response = log_in(client, clerk.username, "wrong-guess")
    assert response.status_code == 429
    assert "Log-in paused" in response.content.decode()

    # Even the right password is refused now, from that address.
    response = log_in(client, clerk.username, PASSWORD)
    assert response.status_code == 429
    assert "30 minutes" in response.content.decode()
    assert "_auth_user_id" not in client.session


@pytest.mark.django_db
def test_a_lockout_holds_only_for_that_name_and_that_address(client, clerk, agent):
    for _ in range(settings.AXES_FAILURE_LIMIT):
        log_in(client, clerk.username, "wrong-guess")
    assert log_in(client, agent.username, PASSWORD).status_code == 302
    client.logout()
    assert log_in(client, clerk.username, PASSWORD, address=ELSEWHERE).status_code == 302


@pytest.mark.django_db
def test_the_lockout_lifts_after_the_cool_off(client, clerk):
    with time_machine.travel(timezone.now(), tick=False) as traveller:
        for _ in range(settings.AXES_FAILURE_LIMIT):
            log_in(client, clerk.username, "wrong-guess")
        traveller.shift(settings.AXES_COOLOFF_TIME - timedelta(minutes=1))
        assert log_in(client, clerk.username, PASSWORD).status_code == 429
        traveller.shift(timedelta(minutes=2))
        assert log_in(client, clerk.username, PASSWORD).status_code == 302


@pytest.mark.django_db
def test_a_success_clears_earlier_failures(client, clerk):
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        log_in(client, clerk.username, "wrong-guess")
    assert log_in(client, clerk.username, PASSWORD).status_code == 302
    client.logout()
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        assert log_in(client, clerk.username, "wrong-guess").status_code == 200


@pytest.mark.django_db
def test_log_in_failure_lockout_and_log_out_are_logged_with_user_and_address(client, clerk, caplog):
    caplog.set_level(logging.INFO, logger="stoneham_boh.accounts.security")
    assert log_in(client, clerk.username, PASSWORD).status_code == 302
    client.post("/accounts/logout/", REMOTE_ADDR=HOME)
    for _ in range(settings.AXES_FAILURE_LIMIT):
        log_in(client, "clerk1\nforged line", "wrong-guess")
    lines = security_lines(caplog)
    assert f"log-in: user=clerk1 address={HOME}" in lines
    assert f"log-out: user=clerk1 address={HOME}" in lines
    assert f"log-in failed: user=clerk1?forged line address={HOME}" in lines
    assert f"locked out after 5 failures: user=clerk1?forged line address={HOME}" in lines
    assert all("wrong-guess" not in line for line in lines), "no password is ever logged"
    # The time is the log line's own timestamp.
    assert all(r.created for r in caplog.records)


@pytest.mark.django_db
def test_a_permission_refusal_is_logged_with_user_path_and_address(
    client, applicant_user, caplog, settings
):
    settings.ROOT_URLCONF = "tests.trust.urls_for_errors"
    caplog.set_level(logging.INFO, logger="stoneham_boh.accounts.security")
    client.force_login(applicant_user)
    assert client.get("/trust-test-clerk-only/", REMOTE_ADDR=HOME).status_code == 403
    assert (
        f"permission refused: user=applicant1 path=/trust-test-clerk-only/ address={HOME}"
        in security_lines(caplog)
    )


@pytest.mark.django_db
def test_the_address_behind_a_trusted_proxy_is_the_one_the_proxy_saw(client, clerk, settings):
    settings.TRUSTED_PROXY_COUNT = 1
    # The client forged the left-most entry; our proxy appended the real address.
    forwarded = f"1.1.1.1, {ELSEWHERE}"
    for _ in range(settings.AXES_FAILURE_LIMIT):
        client.post(
            "/accounts/login/",
            {"username": clerk.username, "password": "wrong"},
            REMOTE_ADDR="127.0.0.1",
            HTTP_X_FORWARDED_FOR=forwarded,
        )
    from axes.models import AccessAttempt

    assert AccessAttempt.objects.get().ip_address == ELSEWHERE


@pytest.mark.django_db
@pytest.mark.parametrize(
    "password, problem",
    [
        ("short1", "too short"),
        ("password123", "too common"),
        ("4815162342108", "entirely numeric"),
        ("mdoherty24", "too similar"),
    ],
)
def test_weak_passwords_are_refused(password, problem):
    user = make_user("mdoherty", None, first_name="Maureen", last_name="Doherty")
    with pytest.raises(ValidationError) as refused:
        validate_password(password, user)
    assert problem in " ".join(refused.value.messages)


@pytest.mark.django_db
def test_a_strong_password_is_accepted():
    user = make_user("mdoherty", None)
    validate_password("correct horse battery staple", user)


@pytest.mark.django_db
@pytest.mark.parametrize("url", ["/accounts/login/", "/admin/login/"])
def test_an_absurdly_long_user_name_is_refused_not_a_server_error(client, url):
    # Found by the fuzzing on PostgreSQL: the lockout record's column holds 255 characters.
    response = client.post(url, {"username": "0" * 300, "password": "x"}, REMOTE_ADDR=HOME)
    assert response.status_code == 200
    from axes.models import AccessAttempt

    assert AccessAttempt.objects.get().username == "0" * 150


@pytest.mark.django_db
def test_behind_the_proxy_an_attacker_cannot_lock_out_the_user_coming_from_elsewhere(
    client, clerk, settings
):
    settings.TRUSTED_PROXY_COUNT = 1
    proxy = "10.0.0.1"  # every request reaches the app from the proxy's socket
    attacker = "203.0.113.66"
    for _ in range(settings.AXES_FAILURE_LIMIT + 2):
        response = client.post(
            "/accounts/login/",
            {"username": clerk.username, "password": "wrong-guess"},
            REMOTE_ADDR=proxy,
            HTTP_X_FORWARDED_FOR=attacker,
        )
    assert response.status_code == 429, "the attacker's address is locked out"
    real_user = client.post(
        "/accounts/login/",
        {"username": clerk.username, "password": PASSWORD},
        REMOTE_ADDR=proxy,
        HTTP_X_FORWARDED_FOR="198.51.100.7",
    )
    assert real_user.status_code == 302, "the clerk at the town hall still logs in"
