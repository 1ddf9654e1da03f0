"""Two-factor authentication: required of staff in production, optional in the demo."""

from __future__ import annotations

import logging
import re
from datetime import timedelta

import pytest
import time_machine
from django.contrib.auth.models import Group
from django.core import mail
from django.test import Client
from django.utils import timezone
from django_otp.oath import totp
from django_otp.plugins.otp_static.models import StaticDevice, StaticToken
from django_otp.plugins.otp_totp.models import TOTPDevice

from stoneham_boh.accounts import two_factor
from stoneham_boh.accounts.roles import Role

PASSWORD = "a-long-test-password"


@pytest.fixture
def required(settings):
    settings.REQUIRE_STAFF_2FA = True


def log_in(client, user):
    return client.post("/accounts/login/", {"username": user.username, "password": PASSWORD})


def code_for(device: TOTPDevice) -> str:
    return f"{totp(device.bin_key, device.step, device.t0, device.digits):06d}"


def shown_secret(page) -> str:
    match = re.search(r'class="two-factor-secret"[^>]*>([^<]+)<', page.content.decode())
    assert match, "the set-up page shows the key to type"
    return "".join(match.group(1).split())


def device_showing(page) -> TOTPDevice:
    """The unconfirmed device whose key the page shows (what scanning it would enrol)."""
    secret = shown_secret(page)
    for device in TOTPDevice.objects.filter(confirmed=False):
        if "".join(two_factor.secret_for_typing(device).split()) == secret:
            return device
    raise AssertionError("the page shows the key of no pending device")


def enrol(client) -> tuple[TOTPDevice, list[str]]:
    """Scan the QR code (read the pending device's key) and confirm with the app's code."""
    page = client.get("/accounts/two-factor/")
    assert page.status_code == 200
    device = device_showing(page)
    response = client.post(
        "/accounts/two-factor/", {"code": code_for(device), "next": "/home/"}, follow=True
    )
    assert response.status_code == 200
    codes = re.findall(r"<li><code>([a-z2-7]{8})</code></li>", response.content.decode())
    device.refresh_from_db()
    return device, codes


@pytest.mark.django_db
def test_the_demo_log_in_is_unchanged_when_two_factor_is_not_required(client, clerk):
    response = log_in(client, clerk)
    assert response.status_code == 302 and response["Location"] == "/home/"
    assert client.get("/home/").status_code == 200


@pytest.mark.django_db
def test_a_staff_member_must_enrol_before_any_staff_page(client, clerk, required):
    response = log_in(client, clerk)
    assert client.get(response["Location"])["Location"] == "/accounts/two-factor/?next=%2Fhome%2F"
    assert client.get("/admin/")["Location"].startswith("/accounts/two-factor/")
    page = client.get("/accounts/two-factor/")
    text = page.content.decode()
    assert "Set up two-factor authentication" in text
    assert 'src="data:image/svg+xml' in text, "the QR code is an inline data: image (CSP img-src)"
    # The key to type by hand is the device's own key, in base32.
    device = TOTPDevice.objects.get(user=clerk, confirmed=False)
    assert re.search(r"[A-Z2-7]{4}( [A-Z2-7]{1,4})+", text)
    assert not TOTPDevice.objects.filter(user=clerk, confirmed=True).exists()
    # Reloading the page keeps the same key, so a scan made before the reload still works.
    client.get("/accounts/two-factor/")
    assert TOTPDevice.objects.get(user=clerk, confirmed=False).pk == device.pk


@pytest.mark.django_db
def test_enrolling_shows_ten_recovery_codes_once_and_opens_the_staff_pages(
    client, clerk, required, caplog
):
    caplog.set_level(logging.INFO, logger="stoneham_boh.accounts.security")
    log_in(client, clerk)
    device, codes = enrol(client)
    assert device.confirmed
    assert len(codes) == 10 and len(set(codes)) == 10
    assert client.get("/home/").status_code == 200
    again = client.get("/accounts/two-factor/recovery-codes/").content.decode()
    assert not any(code in again for code in codes), "recovery codes are shown only once"
    assert "shown only once" in again
    assert any("two-factor enrolled: user=clerk1" in r.getMessage() for r in caplog.records)


@pytest.mark.django_db
def test_a_wrong_first_code_does_not_turn_two_factor_on(client, clerk, required):
    log_in(client, clerk)
    client.get("/accounts/two-factor/")
    response = client.post("/accounts/two-factor/", {"code": "000000"})
    assert response.status_code == 200
    assert "That code is not right" in response.content.decode()
    assert not TOTPDevice.objects.filter(user=clerk, confirmed=True).exists()
    assert client.get("/home/").status_code == 302


@pytest.mark.django_db
def test_after_enrolling_each_log_in_asks_for_the_code(client, clerk, required, caplog):
    caplog.set_level(logging.INFO, logger="stoneham_boh.accounts.security")
    with time_machine.travel(timezone.now(), tick=False) as traveller:
        log_in(client, clerk)
        device, _ = enrol(client)
        client.post("/accounts/logout/")
        traveller.shift(60)  # a TOTP code is accepted only once: wait for the next one

        response = log_in(client, clerk)
        assert client.get("/home/")["Location"] == "/accounts/two-factor/verify/?next=%2Fhome%2F"
        wrong = client.post("/accounts/two-factor/verify/", {"code": "123456", "next": "/home/"})
        assert "That code is not right" in wrong.content.decode()
        assert client.get("/home/").status_code == 302
        traveller.shift(5)  # past django-otp's throttle after one wrong code
        right = client.post(
            "/accounts/two-factor/verify/", {"code": code_for(device), "next": "/home/"}
        )
        assert right.status_code == 302 and right["Location"] == "/home/"
        assert client.get("/home/").status_code == 200
    messages = [
        r.getMessage() for r in caplog.records if r.name == "stoneham_boh.accounts.security"
    ]
    assert "two-factor failed: user=clerk1 address=127.0.0.1" in messages
    assert "two-factor verified (app): user=clerk1 address=127.0.0.1" in messages
    assert response.status_code == 302


@pytest.mark.django_db
def test_a_recovery_code_works_once_in_place_of_the_app(client, clerk, required):
    log_in(client, clerk)
    _, codes = enrol(client)
    for attempt in ("first", "second"):
        client.post("/accounts/logout/")
        log_in(client, clerk)
        response = client.post(
            "/accounts/two-factor/verify/", {"code": codes[0].upper(), "next": "/home/"}
        )
        if attempt == "first":
            assert response["Location"] == "/home/"
        else:
            assert response.status_code == 200, "a used recovery code is refused"
    assert StaticToken.objects.filter(device__user=clerk).count() == 9


@pytest.mark.django_db
def test_new_recovery_codes_replace_the_old_ones(client, clerk, required):
    log_in(client, clerk)
    _, old_codes = enrol(client)
    response = client.post("/accounts/two-factor/recovery-codes/", follow=True)
    new_codes = re.findall(r"<li><code>([a-z2-7]{8})</code></li>", response.content.decode())
    assert len(new_codes) == 10
    stored = set(StaticToken.objects.values_list("token", flat=True))
    assert stored == set(new_codes) and not stored & set(old_codes)


@pytest.mark.django_db
def test_applicants_are_not_asked_for_two_factor(client, applicant_user, required):
    log_in(client, applicant_user)
    assert client.get("/home/").status_code == 200


@pytest.mark.django_db
def test_in_the_demo_a_user_who_enrolled_is_still_asked_for_the_code(client, clerk):
    log_in(client, clerk)
    enrol(client)
    client.post("/accounts/logout/")
    log_in(client, clerk)
    assert client.get("/home/")["Location"].startswith("/accounts/two-factor/verify/")


@pytest.mark.django_db
def test_an_htmx_request_is_sent_to_verification_by_a_client_redirect(client, clerk, required):
    log_in(client, clerk)
    response = client.get("/home/", headers={"HX-Request": "true"})
    assert response["HX-Redirect"].startswith("/accounts/two-factor/")


@pytest.mark.django_db
def test_the_next_address_cannot_send_anyone_off_site(client, clerk, required):
    log_in(client, clerk)
    device = device_showing(client.get("/accounts/two-factor/"))
    response = client.post(
        "/accounts/two-factor/",
        {"code": code_for(device), "next": "https://evil.example/steal"},
    )
    assert "evil.example" not in response["Location"]


# --- Second round: a secret per attempt, expiry, notice, roles read on every request, reset ---


def security_lines(caplog) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.name == "stoneham_boh.accounts.security"]


@pytest.mark.django_db
def test_each_set_up_attempt_shows_a_secret_of_its_own(clerk, required):
    """Someone who knows the password and opens set-up first learns nothing usable later."""
    intruder, clerk_browser = Client(), Client()
    log_in(intruder, clerk)
    noted = device_showing(intruder.get("/accounts/two-factor/"))
    log_in(clerk_browser, clerk)
    page = clerk_browser.get("/accounts/two-factor/")
    assert shown_secret(page) != "".join(two_factor.secret_for_typing(noted).split())
    device = device_showing(page)
    assert device.pk != noted.pk
    clerk_browser.post("/accounts/two-factor/", {"code": code_for(device)})
    device.refresh_from_db()
    assert device.confirmed
    # Confirming one set-up removes every other: the intruder's noted key opens nothing.
    assert not TOTPDevice.objects.filter(pk=noted.pk).exists()
    assert list(TOTPDevice.objects.filter(user=clerk)) == [device]


@pytest.mark.django_db
def test_an_unconfirmed_set_up_expires(client, clerk, required, settings):
    with time_machine.travel(timezone.now(), tick=False) as traveller:
        log_in(client, clerk)
        first = device_showing(client.get("/accounts/two-factor/"))
        traveller.shift(timedelta(minutes=settings.TWO_FACTOR_SETUP_MINUTES + 1))
        late = client.post("/accounts/two-factor/", {"code": code_for(first)})
        assert late.status_code == 200
        assert "took too long" in late.content.decode()
        assert not TOTPDevice.objects.filter(pk=first.pk).exists()
        second = device_showing(late)
        assert second.pk != first.pk
        assert not TOTPDevice.objects.filter(user=clerk, confirmed=True).exists()


@pytest.mark.django_db
def test_the_user_is_told_by_e_mail_and_the_log_when_two_factor_is_set_up(
    client, clerk, required, caplog
):
    caplog.set_level(logging.INFO, logger="stoneham_boh.accounts.security")
    clerk.email = "clerk1@stoneham-ma.gov"
    clerk.save()
    log_in(client, clerk)
    enrol(client)
    assert len(mail.outbox) == 1
    message = mail.outbox[0]
    assert message.to == ["clerk1@stoneham-ma.gov"]
    assert "two-factor" in message.subject.lower()
    assert "set up" in message.body and "If this was not you" in message.body
    assert any(
        line.startswith("two-factor enrolled: user=clerk1") for line in security_lines(caplog)
    )


@pytest.mark.django_db
def test_a_staff_role_given_during_a_session_asks_for_two_factor_at_the_next_page(
    client, applicant_user, required
):
    log_in(client, applicant_user)
    assert client.get("/home/").status_code == 200
    applicant_user.groups.add(Group.objects.get(name=Role.CLERK.value))
    response = client.get("/home/")
    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/two-factor/")
    assert client.get("/permits/applications/").status_code == 302


@pytest.mark.django_db
def test_a_staff_role_taken_away_during_a_session_no_longer_asks(client, clerk, required):
    log_in(client, clerk)
    assert client.get("/home/").status_code == 302
    clerk.groups.clear()
    clerk.groups.add(Group.objects.get(name=Role.APPLICANT.value))
    assert client.get("/home/").status_code == 200


def reset_from_the_admin(admin_client, user):
    return admin_client.post(
        "/admin/stoneham_boh/user/",
        {"action": "reset_two_factor", "_selected_action": [user.pk]},
        follow=True,
    )


@pytest.mark.django_db
def test_an_administrator_resets_two_factor_so_the_next_log_in_sets_it_up_again(
    client, clerk, admin_user, settings, caplog
):
    caplog.set_level(logging.INFO, logger="stoneham_boh.accounts.security")
    clerk.email = "clerk1@stoneham-ma.gov"
    clerk.save()
    log_in(client, clerk)
    enrol(client)
    assert StaticDevice.objects.filter(user=clerk).exists()
    mail.outbox.clear()

    admin_client = Client()
    admin_client.force_login(admin_user)
    response = reset_from_the_admin(admin_client, clerk)
    assert response.status_code == 200
    assert "Two-factor authentication reset for 1 user" in response.content.decode()

    # Both the app and the recovery codes are gone: the next log-in sets up anew.
    assert not TOTPDevice.objects.filter(user=clerk).exists()
    assert not StaticDevice.objects.filter(user=clerk).exists()
    client.post("/accounts/logout/")
    settings.REQUIRE_STAFF_2FA = True
    log_in(client, clerk)
    assert client.get("/home/")["Location"] == "/accounts/two-factor/?next=%2Fhome%2F"

    # The clerk's history says who reset it; the log and an e-mail say so too.
    record = clerk.history.get(history_change_reason="Two-factor authentication reset")
    assert record.history_user == admin_user
    assert "two-factor reset: user=clerk1 by=admin1 address=127.0.0.1" in security_lines(caplog)
    assert [m.to for m in mail.outbox] == [["clerk1@stoneham-ma.gov"]]
    assert "reset" in mail.outbox[0].body


@pytest.mark.django_db
def test_the_reset_also_ends_a_session_that_had_passed_the_second_factor(
    client, clerk, admin_user, required
):
    log_in(client, clerk)
    enrol(client)
    assert client.get("/home/").status_code == 200
    from stoneham_boh import actions

    actions.reset_two_factor(user=clerk, by=admin_user)
    assert client.get("/home/")["Location"].startswith("/accounts/two-factor/")
