"""Mailing, sending and publication dates: not before the notice existed, not in the future,
and confirmed when more than a few days old (issue 17, item 4)."""

from __future__ import annotations

from datetime import date

import pytest
from django.urls import reverse

from hearings.models import AbutterNotice
from tests.hearings import builders as b
from tests.hearings.builders import at

pytestmark = pytest.mark.django_db


def _mail_all(client, item, day: str, **extra):
    numbers = "\n".join(f"RE00000000{n}US" for n in range(1, 4))
    return client.post(
        reverse("hearings:item-mailing-list", args=[item.pk]),
        {"numbers": numbers, "mailed_on": day, **extra},
    )


def test_a_mailing_dated_before_the_hearing_was_scheduled_is_refused(clerk, client):
    with at(date(2030, 3, 5), client, clerk):
        item = b.docketed(by=clerk, abutters=3)
        response = _mail_all(client, item, "2030-03-04")
    assert response.status_code == 400
    assert "drafted on March 5, 2030" in response.content.decode()
    assert "RE000000002US" in response.content.decode()  # what was typed is kept
    assert not AbutterNotice.objects.exists()


def test_a_mailing_dated_tomorrow_is_refused(clerk, client):
    with at(date(2030, 3, 5), client, clerk):
        item = b.docketed(by=clerk, abutters=3)
        response = _mail_all(client, item, "2030-03-06")
    assert response.status_code == 400
    assert "in the future" in response.content.decode()


def test_a_mailing_a_week_old_asks_for_confirmation_then_is_recorded(clerk, client):
    with at(date(2030, 3, 1), client, clerk):
        item = b.docketed(by=clerk, abutters=3)
    with at(date(2030, 3, 9), client, clerk):
        asked = _mail_all(client, item, "2030-03-02")
        assert asked.status_code == 400
        page = asked.content.decode()
        assert "March 2, 2030 was 7 days ago" in page
        assert 'type="checkbox" name="confirm_date"' in page
        assert not AbutterNotice.objects.exists()
        confirmed = _mail_all(client, item, "2030-03-02", confirm_date="on")
    assert confirmed.status_code == 302
    assert AbutterNotice.objects.filter(mailed_on=date(2030, 3, 2)).count() == 3
