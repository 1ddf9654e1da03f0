"""The 404, 403 and 500 pages say what happened in plain words and reveal nothing else."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.trust.urls_for_errors import SECRET_DETAIL

# What a debug page or a careless error page would show.
REVEALING = ("Traceback", "Exception", "settings.py", "urlpatterns", "DEBUG", 'File "')


MODES = pytest.mark.parametrize("debug", [False, True], ids=["production", "demo with DEBUG on"])


@pytest.fixture
def production_like(settings):
    settings.DEBUG = False
    settings.ROOT_URLCONF = "tests.trust.urls_for_errors"


@pytest.fixture
def either_mode(settings, debug):
    """The production site, or the demo and a developer's machine (DEBUG on)."""
    settings.DEBUG = debug
    settings.ROOT_URLCONF = "tests.trust.urls_for_errors"


def assert_reveals_nothing(response, *secrets: str) -> str:
    text = response.content.decode()
    for word in (*REVEALING, *secrets):
        assert word not in text, f"the error page shows {word!r}"
    return text


@pytest.mark.django_db
def test_a_missing_page_gets_the_board_404_without_echoing_the_address(client, production_like):
    response = client.get("/permits/no-such-thing-<script>/")
    assert response.status_code == 404
    text = assert_reveals_nothing(response, "no-such-thing", "&lt;script&gt;")
    assert "Page not found" in text
    assert "Content-Security-Policy" in response.headers


@pytest.mark.django_db
@MODES
def test_a_refused_page_gets_the_board_403_without_naming_the_rule(
    client, either_mode, applicant_user, caplog
):
    client.force_login(applicant_user)
    response = client.get("/trust-test-clerk-only/")
    assert response.status_code == 403
    text = assert_reveals_nothing(response, "Clerk", "trust-test-clerk-only", "the clerk's page")
    assert "You cannot open this page" in text
    # A refusal is not a failure of the site: nothing logged as an internal error.
    assert not [r for r in caplog.records if "Internal Server Error" in r.getMessage()]


@pytest.mark.django_db
@MODES
@pytest.mark.parametrize("path", ["/trust-test-suspicious/", "/trust-test-bad-request/"])
def test_a_request_the_site_cannot_read_gets_a_400_and_no_settings(path, either_mode, caplog):
    response = Client(raise_request_exception=False).get(path)
    assert response.status_code == 400
    assert_reveals_nothing(response, SECRET_DETAIL, "hunter2", "SECRET_KEY", "Something went wrong")
    assert not [r for r in caplog.records if "Internal Server Error" in r.getMessage()]


@pytest.mark.django_db
def test_a_server_error_gets_the_board_500_without_a_traceback(production_like):
    client = Client(raise_request_exception=False)
    response = client.get("/trust-test-failure/")
    assert response.status_code == 500
    text = assert_reveals_nothing(response, SECRET_DETAIL, "hunter2", "RuntimeError")
    assert "Something went wrong on our side" in text
    assert "<script" not in text and "style=" not in text


@pytest.mark.django_db
@pytest.mark.parametrize("debug", [False, True], ids=["production", "demo with DEBUG on"])
def test_a_made_up_verification_code_is_answered_in_plain_words(client, settings, debug):
    settings.DEBUG = debug
    response = client.get("/verify/made-up-code-<b>x/")
    assert response.status_code == 404
    text = assert_reveals_nothing(response, "made-up-code", "&lt;b&gt;")
    assert "No permit has this code" in text
    assert "How to check it" in text
    assert "Scan the QR code" in text
    assert response.templates[0].name == "permits/verification/verify_unknown.html"
