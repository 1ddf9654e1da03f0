"""What a browser may keep, and how large a request may be (items 8 and 9 of the second trust
round): pages of logged-in users and every file are `private, no-store`; public pages are not;
a body larger than REQUEST_MAX_BYTES is refused before it is read."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from permits.models import Document
from stoneham_boh.lib.csv_export import XLSX_TYPE
from tests.trust.pages import url_for
from tests.trust.test_access_matrix import GET, MATRIX
from tests.universe import client_for
from tests.world import PDF, ROLES

pytestmark = pytest.mark.django_db

NO_STORE = "private, no-store"
FILE_TYPES = ("application/pdf", "text/csv", XLSX_TYPE)
# Public, but never stored, for reasons of their own: Django marks its log-in view never_cache,
# a permit's verification must show whether it is in force today, not when first seen, and a
# pre-check holds the plan someone typed, and django-allauth marks its sign-up page never_cache
# as Django does its log-in (a stored copy would replay a stale form).
PUBLIC_BUT_NEVER_STORED = {
    "login",
    "account_signup",
    "permits:permit-verify",
    "permits:pre-check",
}


def first_role_let_in(expected: dict) -> str | None:
    return next((role for role in ROLES if expected[role] == 200), None)


PAGES_AND_ROLES = sorted(
    (name, role)
    for name, (method, expected) in MATRIX.items()
    if method == GET and (role := first_role_let_in(expected)) is not None
)


@pytest.mark.parametrize("name, role", PAGES_AND_ROLES)
def test_pages_of_logged_in_users_and_every_file_are_never_stored(name, role, world):
    response = client_for(role, world).get(url_for(name, world))
    assert response.status_code == 200
    content_type = response["Content-Type"].split(";")[0]
    if role != "anonymous" or content_type in FILE_TYPES:
        assert response["Cache-Control"] == NO_STORE, (name, role)
    elif name not in PUBLIC_BUT_NEVER_STORED:
        assert "no-store" not in response.get("Cache-Control", ""), f"{name} is public"


@pytest.mark.parametrize("role", ["applicant_a", "clerk"])
def test_a_public_page_seen_by_a_logged_in_user_is_not_stored(role, world):
    response = client_for(role, world).get(reverse("permits:regulations"))
    assert response["Cache-Control"] == NO_STORE


@pytest.mark.parametrize("fmt, content_type", [("csv", "text/csv"), ("xlsx", XLSX_TYPE)])
def test_spreadsheet_exports_are_never_stored(world, fmt, content_type):
    clerk = client_for("clerk", world)
    for name in ("permits:permit-list", "permits:application-list"):
        response = clerk.get(reverse(name), {"format": fmt})
        assert response["Content-Type"].startswith(content_type)
        assert response["Cache-Control"] == NO_STORE


def test_a_body_larger_than_the_cap_is_refused_before_it_is_read(world, settings):
    settings.REQUEST_MAX_BYTES = 4096
    application = world.open_application_a
    before = Document.objects.count()
    response = client_for("clerk", world).post(
        reverse("permits:document-upload", kwargs={"pk": application.pk}),
        {
            "doc-kind": "site_plan",
            "doc-file": SimpleUploadedFile("plan.pdf", PDF + b"%" * 10_000),
        },
    )
    assert response.status_code == 413
    assert "too large" in response.content.decode()
    assert Document.objects.count() == before


def test_the_form_fields_of_a_request_have_their_own_cap(settings):
    assert 0 < settings.DATA_UPLOAD_MAX_MEMORY_SIZE < settings.REQUEST_MAX_BYTES
    assert settings.REQUEST_MAX_BYTES > settings.UPLOAD_MAX_BYTES
