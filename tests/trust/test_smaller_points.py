"""The smaller points of the third trust round (point 10) and the upload caps of point 4:
password-change guesses throttled, no mail to unknown addresses, e-mail links on SITE_URL,
`check --deploy` warns of staff without two-factor, the README's HSTS line is the header,
TRACE refused, and an application holds at most 20 files and 100 MB."""

from __future__ import annotations

import re

import pytest
from django.core import mail
from django.core.cache import cache
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from permits import actions as permit_actions
from permits.models import Document
from stoneham_boh.accounts.roles import Role
from stoneham_boh.lib.errors import ActionRefused
from tests import factories
from tests.conftest import make_user
from tests.stoneham_boh.test_settings import ROOT, run_manage
from tests.trust.test_hardened_settings import PRODUCTION, production_settings

pytestmark = pytest.mark.django_db

PDF = b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"


@pytest.fixture(autouse=True)
def _fresh_counters():
    cache.clear()
    yield
    cache.clear()


def change_password(client, old, new="a-brand-new-passphrase-77"):
    return client.post(
        reverse("password_change"),
        {"old_password": old, "new_password1": new, "new_password2": new},
    )


def test_password_change_guesses_are_throttled_per_user(client):
    user = make_user("resident", Role.APPLICANT)
    other = make_user("neighbour", Role.APPLICANT)
    client.force_login(user)
    answers = [change_password(client, f"guess-{n}").status_code for n in range(5)]
    assert answers[:4] == [200] * 4 and answers[4] == 429
    paused = change_password(client, "a-long-test-password")
    assert paused.status_code == 429 and "Password change paused" in paused.content.decode()
    user.refresh_from_db()
    assert user.check_password("a-long-test-password")
    # Another account is not paused.
    neighbour = Client()
    neighbour.force_login(other)
    assert change_password(neighbour, "a-long-test-password").status_code == 302


def test_a_reset_for_an_unknown_address_sends_no_mail_at_all(client):
    response = client.post(reverse("account_reset_password"), {"email": "stranger@example.org"})
    assert response.status_code == 302
    assert mail.outbox == []


def test_links_in_e_mails_are_built_from_site_url_not_the_host_header(client, settings):
    settings.SITE_URL = "https://boh.example.org"
    settings.ALLOWED_HOSTS = ["boh.example.org", "evil.example"]
    make_user("resident", Role.APPLICANT, email="resident@example.org")
    client.post(
        reverse("account_reset_password"),
        {"email": "resident@example.org"},
        HTTP_HOST="evil.example",
    )
    links = re.findall(r"https?://[^\s/]+", mail.outbox[-1].body)
    assert links and set(links) == {"https://boh.example.org"}


def test_check_deploy_warns_when_staff_two_factor_is_off_in_production():
    result = run_manage("check", "--deploy", REQUIRE_STAFF_2FA="0", **PRODUCTION)
    assert "stoneham_boh.W001" in result.stderr + result.stdout
    assert "REQUIRE_STAFF_2FA is off in production" in result.stderr + result.stdout


def test_the_readmes_hsts_line_is_the_header_production_sends(client, settings):
    values = production_settings(
        "SECURE_HSTS_SECONDS", "SECURE_HSTS_INCLUDE_SUBDOMAINS", "SECURE_HSTS_PRELOAD"
    )
    for name, value in values.items():
        setattr(settings, name, value)
    header = client.get(reverse("public-home"), secure=True)["Strict-Transport-Security"]
    assert header == "max-age=31536000; includeSubDomains; preload"
    readme = (ROOT / "README.md").read_text()
    assert "HSTS (`max-age=31536000; includeSubDomains; preload`: one year, subdomains, " in readme


@pytest.mark.parametrize("method", ["TRACE", "TRACK"])
def test_trace_is_refused(client, method):
    for path in (reverse("public-home"), reverse("login"), "/no-such-page/"):
        response = client.generic(method, path)
        assert response.status_code == 405
        assert "TRACE" not in response.get("Allow", "")


def pdf(name="plan.pdf", size=0):
    return SimpleUploadedFile(name, PDF + b"%" * size, content_type="application/pdf")


def test_an_application_holds_at_most_twenty_files(clerk):
    application = factories.new_hen_application(by=clerk)
    for n in range(20):
        permit_actions.upload_document(
            application=application, kind=Document.Kind.OTHER, upload=pdf(f"p{n}.pdf"), by=clerk
        )
    with pytest.raises(ActionRefused) as refused:
        permit_actions.upload_document(
            application=application, kind=Document.Kind.OTHER, upload=pdf("one-more.pdf"), by=clerk
        )
    assert "already holds 20 files" in str(refused.value)
    # A void file makes room.
    permit_actions.void_document(document=application.documents.first(), reason="x", by=clerk)
    permit_actions.upload_document(
        application=application, kind=Document.Kind.OTHER, upload=pdf("now.pdf"), by=clerk
    )


def test_an_applications_files_come_to_at_most_the_byte_cap(client, clerk, settings):
    settings.APPLICATION_MAX_BYTES = 3000
    from permits.online import actions as online

    resident = factories.applicant_account(by=clerk, name="Jane Resident")
    factories.fee_schedule()
    client.force_login(resident.user)
    client.post(
        reverse("permits:apply-start"),
        {
            "address-street_address": "12 Pond Street",
            "address-parcel_id": "",
            "you-name": "Jane Resident",
            "you-mailing_street": resident.mailing_street,
            "you-mailing_city": "Stoneham",
            "you-mailing_state": "MA",
            "you-mailing_zip": "02180",
            "you-phone": "",
        },
    )
    application = resident.applications.get()
    online.add_online_document(
        application=application, kind="site_plan", upload=pdf(size=2000), by=resident.user
    )
    url = reverse("permits:my-document-upload", args=[application.pk])
    response = client.post(url, {"doc-kind": "other", "doc-file": pdf("more.pdf", size=2000)})
    assert response.status_code == 200
    assert "more than the 2.9\xa0KB one application may hold" in response.content.decode()
    assert application.documents.count() == 1
