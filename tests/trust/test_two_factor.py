"""Two-factor authentication: required of staff in production, optional in the demo."""

from __future__ import annotations

import logging
import re

import pytest
import time_machine
from django.utils import timezone
from django_otp.oath import totp
from django_otp.plugins.otp_static.models import StaticToken
from django_otp.plugins.otp_totp.models import TOTPDevice

PASSWORD = "a-long-test-password"


@pytest.fixture
def required(settings):
    settings.REQUIRE_STAFF_2FA = True


def log_in(client, user):
    return client.post("/accounts/login/", {"username": user.username, "password": PASSWORD})


def code_for(device: TOTPDevice) -> str:
    return f"{totp(device.bin_key, device.step, device.t0, device.digits):06d}"


def enrol(client) -> tuple[TOTPDevice, list[str]]:
    """Scan the QR code (read the pending device's key) and confirm with the app's code."""
    page = client.get("/accounts/two-factor/")
    assert page.status_code == 200
    device = TOTPDevice.objects.get(confirmed=False)
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
    device = TOTPDevice.objects.create(user=clerk, name="x", confirmed=False)
    response = client.post(
        "/accounts/two-factor/",
        {"code": code_for(device), "next": "https://evil.example/steal"},
    )
    assert "evil.example" not in response["Location"]
