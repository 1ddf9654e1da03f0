"""Production settings refuse unsafe keys, and pass Django's deployment checklist."""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured

from stoneham_boh.settings import env_bool

ROOT = Path(__file__).resolve().parents[2]
STRONG_KEY = "k9-" + "".join(chr(65 + (i * 7) % 26) + str(i % 10) for i in range(40))


def run_manage(*args: str, **env: str) -> subprocess.CompletedProcess:
    # DJANGO_ALLOW_ASYNC_UNSAFE is set for the browser tests; a deployment never has it.
    unsafe = {
        "SECRET_KEY",
        "DEBUG",
        "DJANGO_ALLOW_ASYNC_UNSAFE",
        "REQUIRE_STAFF_2FA",
        "TRUSTED_PROXY_COUNT",
    }
    environment = {k: v for k, v in os.environ.items() if k not in unsafe}
    environment.update(env)
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_production_refuses_the_demo_key():
    result = run_manage("check", DJANGO_ENV="production", ALLOWED_HOSTS="boh.example.org")
    assert result.returncode != 0
    assert "SECRET_KEY" in result.stderr


def test_production_refuses_a_short_key():
    result = run_manage(
        "check", DJANGO_ENV="production", ALLOWED_HOSTS="boh.example.org", SECRET_KEY="short-key"
    )
    assert result.returncode != 0
    assert "at least 50 characters" in result.stderr


def test_production_refuses_debug():
    result = run_manage(
        "check",
        DJANGO_ENV="production",
        ALLOWED_HOSTS="boh.example.org",
        SECRET_KEY=STRONG_KEY,
        DEBUG="1",
    )
    assert result.returncode != 0
    assert "DEBUG" in result.stderr


def test_production_passes_the_deployment_checklist_without_a_warning():
    result = run_manage(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        DJANGO_ENV="production",
        ALLOWED_HOSTS="boh.example.org",
        SECRET_KEY=STRONG_KEY,
        SITE_URL="https://boh.example.org",
        TRUSTED_PROXY_COUNT="1",
    )
    assert result.returncode == 0, result.stderr
    assert "System check identified no issues (0 silenced)." in result.stdout


def test_production_refuses_to_start_without_the_public_address_for_qr_codes():
    result = run_manage(
        "check",
        DJANGO_ENV="production",
        ALLOWED_HOSTS="boh.example.org",
        SECRET_KEY=STRONG_KEY,
        SITE_URL="",
        TRUSTED_PROXY_COUNT="1",
    )
    assert result.returncode != 0
    assert "SITE_URL" in result.stderr


def test_production_refuses_to_start_without_being_told_how_many_proxies_are_in_front():
    production = {
        "DJANGO_ENV": "production",
        "ALLOWED_HOSTS": "boh.example.org",
        "SITE_URL": "https://boh.example.org",
    }
    result = run_manage("check", SECRET_KEY=STRONG_KEY, **production)
    assert result.returncode != 0
    assert "TRUSTED_PROXY_COUNT" in result.stderr
    for bad in ("one", "-1"):
        refused = run_manage("check", SECRET_KEY=STRONG_KEY, TRUSTED_PROXY_COUNT=bad, **production)
        assert refused.returncode != 0 and "TRUSTED_PROXY_COUNT" in refused.stderr
    # No proxy at all is allowed, when it is said.
    direct = run_manage("check", SECRET_KEY=STRONG_KEY, TRUSTED_PROXY_COUNT="0", **production)
    assert direct.returncode == 0, direct.stderr


def test_the_deploy_instructions_say_how_many_proxies_are_in_front():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    deploy = readme.split("## Deploying for real", 1)[1].split("\n## ", 1)[0]
    assert "export TRUSTED_PROXY_COUNT=1" in deploy


@pytest.mark.parametrize(
    ("typed", "read"), [("1", True), (" Yes ", True), ("on", True), ("0", False), ("OFF", False)]
)
def test_a_yes_or_no_setting_reads_the_usual_words(monkeypatch, typed, read):
    monkeypatch.setenv("EMAIL_USE_TLS", typed)
    assert env_bool("EMAIL_USE_TLS", not read) is read


def test_a_yes_or_no_setting_left_blank_keeps_its_default(monkeypatch):
    monkeypatch.setenv("EMAIL_USE_TLS", "")
    assert env_bool("EMAIL_USE_TLS", True) is True


def test_a_yes_or_no_setting_it_cannot_read_stops_the_start_naming_the_variable(monkeypatch):
    monkeypatch.setenv("EMAIL_USE_TLS", "ture")
    with pytest.raises(ImproperlyConfigured, match=r"EMAIL_USE_TLS='ture' is neither true"):
        env_bool("EMAIL_USE_TLS", False)


def test_a_start_with_an_unreadable_yes_or_no_setting_fails_before_serving():
    result = run_manage("check", EMAIL_USE_TLS="ture")
    assert result.returncode != 0
    assert "EMAIL_USE_TLS='ture' is neither true nor false" in result.stderr
