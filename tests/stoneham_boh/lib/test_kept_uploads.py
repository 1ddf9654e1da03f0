"""A letter chosen on a form sent back for another field's mistake is kept: the building
inspector's approval, sent with a date after today, comes back holding its PDF, and the
corrected date alone records it (stoneham_boh.lib.kept_uploads)."""

from __future__ import annotations

import html
import re
from datetime import timedelta

import pytest
import time_machine
from django.urls import reverse

from permits.models import Document
from stoneham_boh.accounts.roles import Role
from tests import factories
from tests.conftest import make_user
from tests.permits.test_construction import (
    APPROVED_BY_INSPECTOR,
    PDF,
    approval_pdf,
    shed_approved_by_the_board,
)

pytestmark = pytest.mark.django_db

TOKEN = re.compile(r'name="inspector-file_kept" value="([^"]+)"')


def _post(client, application, data, *, by):
    with time_machine.travel(factories.midday(APPROVED_BY_INSPECTOR), tick=False):
        client.force_login(by)
        url = reverse("permits:construction-inspector", args=[application.pk])
        return client.post(url, data, follow=True)


def _sent_back_with_a_future_date(client, clerk):
    application = shed_approved_by_the_board(clerk)
    future = (APPROVED_BY_INSPECTOR + timedelta(days=3)).isoformat()
    page = _post(
        client,
        application,
        {
            "inspector-approved_on": future,
            "inspector-file": approval_pdf(),
            "inspector-description": "B-114",
        },
        by=clerk,
    ).content.decode()
    return application, html.unescape(page)


def test_the_letter_chosen_is_kept_when_the_date_is_refused(client, clerk):
    application, page = _sent_back_with_a_future_date(client, clerk)
    assert "The approval cannot be dated after today." in page
    assert "Kept from your last try: Building inspector sign-off.pdf." in page
    token = TOKEN.search(page).group(1)
    # The date corrected, no file chosen again: recorded with the letter kept.
    page = _post(
        client,
        application,
        {
            "inspector-approved_on": APPROVED_BY_INSPECTOR.isoformat(),
            "inspector-file_kept": token,
            "inspector-description": "B-114",
        },
        by=clerk,
    ).content.decode()
    assert "The building inspector's approval is recorded." in html.unescape(page)
    application.refresh_from_db()
    document = application.building_inspector_document
    assert document.original_name == "Building inspector sign-off.pdf"
    with document.file.open() as stored:
        assert stored.read() == PDF


def test_no_one_else_can_claim_a_kept_letter_and_a_forged_one_is_no_letter(client, clerk):
    application, page = _sent_back_with_a_future_date(client, clerk)
    token = TOKEN.search(page).group(1)
    colleague = make_user("clerk2", Role.CLERK)
    for kept in (token, token[:-2] + "xx", "not a token"):
        response = _post(
            client,
            application,
            {
                "inspector-approved_on": APPROVED_BY_INSPECTOR.isoformat(),
                "inspector-file_kept": kept,
            },
            by=colleague,
        )
        assert response.status_code == 400
        assert "This field is required." in response.content.decode()
    assert not Document.objects.filter(application=application).exists()
