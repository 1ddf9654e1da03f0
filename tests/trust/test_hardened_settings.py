"""Production settings are hardened; every page carries a strict Content-Security-Policy."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import time_machine
from django.conf import settings
from django.utils import timezone

from tests.stoneham_boh.test_settings import STRONG_KEY, run_manage

ROOT = Path(__file__).resolve().parents[2]
# Printed documents and e-mails may carry their own styles; web pages may not.
NOT_WEB_PAGES = {"pdf", "email"}
WEB_TEMPLATES = sorted(
    path
    for path in (ROOT / "templates").rglob("*.html")
    if not NOT_WEB_PAGES & set(path.relative_to(ROOT / "templates").parts)
)
PRODUCTION = {
    "DJANGO_ENV": "production",
    "ALLOWED_HOSTS": "boh.example.org",
    "SECRET_KEY": STRONG_KEY,
    "SITE_URL": "https://boh.example.org",
    "TRUSTED_PROXY_COUNT": "1",
}


def production_settings(*names: str) -> dict:
    code = (
        "import json; from django.conf import settings as s; "
        f"print(json.dumps({{n: getattr(s, n) for n in {list(names)!r}}}, default=str))"
    )
    result = run_manage("shell", "-c", code, **PRODUCTION)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_production_sends_hsts_and_secure_http_only_cookies():
    values = production_settings(
        "SECURE_HSTS_SECONDS",
        "SECURE_HSTS_INCLUDE_SUBDOMAINS",
        "SECURE_SSL_REDIRECT",
        "SESSION_COOKIE_SECURE",
        "SESSION_COOKIE_HTTPONLY",
        "CSRF_COOKIE_SECURE",
        "CSRF_COOKIE_HTTPONLY",
        "SECURE_REFERRER_POLICY",
        "SESSION_EXPIRE_AT_BROWSER_CLOSE",
        "REQUIRE_STAFF_2FA",
        "DEBUG",
    )
    assert values["SECURE_HSTS_SECONDS"] >= 365 * 24 * 60 * 60
    assert values["SECURE_HSTS_INCLUDE_SUBDOMAINS"] is True
    assert values["SECURE_SSL_REDIRECT"] is True
    assert values["SESSION_COOKIE_SECURE"] and values["CSRF_COOKIE_SECURE"]
    assert values["SESSION_COOKIE_HTTPONLY"] and values["CSRF_COOKIE_HTTPONLY"]
    assert values["SECURE_REFERRER_POLICY"] == "same-origin"
    assert values["SESSION_EXPIRE_AT_BROWSER_CLOSE"] is True
    assert values["REQUIRE_STAFF_2FA"] is True, "two-factor is required of staff in production"
    assert values["DEBUG"] is False


def test_two_factor_can_be_turned_off_only_by_saying_so():
    result = run_manage(
        "shell",
        "-c",
        "from django.conf import settings; print(settings.REQUIRE_STAFF_2FA)",
        REQUIRE_STAFF_2FA="0",
        **PRODUCTION,
    )
    assert result.stdout.strip().endswith("False")


@pytest.mark.django_db
def test_every_page_carries_a_policy_that_forbids_inline_script(client):
    response = client.get("/")
    assert response.status_code == 200
    policy = dict(
        part.strip().split(" ", 1) for part in response["Content-Security-Policy"].split(";")
    )
    assert policy["default-src"] == "'self'"
    assert policy["script-src"] == "'self'"
    assert "unsafe" not in policy["style-src"]
    assert policy["frame-ancestors"] == "'none'"
    assert policy["form-action"] == "'self'"
    assert policy["img-src"] == "'self' data:"
    assert response["X-Frame-Options"] == "DENY"
    assert response["Referrer-Policy"] == "same-origin"
    assert response["X-Content-Type-Options"] == "nosniff"


@pytest.mark.parametrize("path", WEB_TEMPLATES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_web_page_template_has_inline_script_style_or_handlers(path):
    text = re.sub(r"\{#.*?#\}", "", path.read_text(encoding="utf-8"), flags=re.DOTALL)
    text = re.sub(r"\{% comment %\}.*?\{% endcomment %\}", "", text, flags=re.DOTALL)
    inline_scripts = [
        tag for tag in re.findall(r"<script\b[^>]*>", text, re.IGNORECASE) if "src=" not in tag
    ]
    assert not inline_scripts, f"inline <script> in {path.name}: the CSP would block it"
    assert not re.search(r"<style\b", text, re.IGNORECASE), f"<style> in {path.name}"
    assert not re.search(r"\sstyle\s*=", text, re.IGNORECASE), f"style= in {path.name}"
    assert not re.search(r"\son[a-z]+\s*=", text, re.IGNORECASE), f"on...= handler in {path.name}"


def test_htmx_is_told_not_to_inject_styles_or_eval():
    base = (ROOT / "templates" / "base.html").read_text(encoding="utf-8")
    config = re.search(r'<meta name="htmx-config" content=\'([^\']+)\'', base)
    assert config, "base.html must configure htmx for the CSP"
    assert json.loads(config.group(1)) == {"includeIndicatorStyles": False, "allowEval": False}


@pytest.mark.django_db
def test_a_staff_session_ends_with_the_browser_and_after_eight_hours(client, clerk):
    with time_machine.travel(timezone.now(), tick=False) as traveller:
        response = client.post(
            "/accounts/login/", {"username": clerk.username, "password": "a-long-test-password"}
        )
        assert response.status_code == 302
        cookie = response.cookies[settings.SESSION_COOKIE_NAME]
        assert not cookie["max-age"] and not cookie["expires"], "a browser-session cookie"
        assert cookie["httponly"]
        assert client.get("/home/").status_code == 200
        traveller.shift(settings.SESSION_COOKIE_AGE + 60)
        response = client.get("/home/")
    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/")
    assert settings.SESSION_COOKIE_AGE <= 8 * 60 * 60
