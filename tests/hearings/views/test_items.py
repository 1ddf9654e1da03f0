"""A docket item's pages (hearings/views/mailing.py, docket.py): its notices, the letters'
mailing and receipts, its letters and labels, and the application page's hearing partial.

Mailing, sending and publication dates: not before the notice existed, not in the future,
and confirmed when more than a few days old (issue 17, item 4)."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from django.core.signals import request_finished, request_started
from django.db import close_old_connections, connection
from django.template.loader import render_to_string
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from hearings import notice_timing as notices
from hearings.application_hearings import application_hearing
from hearings.models import AbutterNotice
from hearings.ruleset_in_force import ruleset_on
from stoneham_boh.town.calendar import town_calendar
from stoneham_boh.town.current import town_scope
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


def _partial_queries(application, **context) -> tuple[int, str]:
    application = b.refresh(application)
    # The Town's calendar (its closures) is read once a request, whatever the page shows: the
    # partial is rendered within a request that has already read it. As Django's test client
    # does, the request's signals leave the test's database connection alone.
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    request_started.send(sender=None)
    try:
        # So are the town's settings and the Board's amendments (stoneham_boh/town/current.py).
        with town_scope():
            town_calendar()
            ruleset_on(date.today())
            with CaptureQueriesContext(connection) as queries:
                html = render_to_string(
                    "hearings/_application_hearing.html",
                    {
                        "application": application,
                        "hearing": application_hearing(application),
                        **context,
                    },
                )
    finally:
        request_finished.send(sender=None)
        request_started.connect(close_old_connections)
        request_finished.connect(close_old_connections)
    return len(queries), html


def test_the_clerk_pastes_article_numbers_and_marks_a_receipt(clerk, client):
    item = b.docketed(by=clerk, abutters=3)
    url = reverse("hearings:item-mailing-list", args=[item.pk])
    with at(date(2030, 3, 5), client, clerk):
        bad = client.post(url, {"numbers": "RE000000001US\nnope", "mailed_on": "2030-03-05"})
        assert bad.status_code == 400
        assert "Line 2" in bad.content.decode() and "nope" in bad.content.decode()
        client.post(
            url,
            {"numbers": "RE000000001US\n\nRE000000002US\nRE000000003US", "mailed_on": "2030-03-05"},
        )
        notice = AbutterNotice.objects.get(article_number="RE000000002US")
        client.post(
            reverse("hearings:notice-receipt", args=[notice.pk]),
            {f"r{notice.abutter_id}-returned_on": "2030-03-05"},
        )
        page = client.get(reverse("hearings:item-notices", args=[item.pk])).content.decode()
    assert AbutterNotice.objects.filter(mailed_on=date(2030, 3, 5)).count() == 3
    notice.refresh_from_db()
    assert notice.receipt_returned_on == date(2030, 3, 5)
    assert "3 of 3 mailed" in page and "Receipt returned</span> Mar 5, 2030" in page


def test_one_mailing_is_entered_for_one_abutter(clerk, client):
    item = b.docketed(by=clerk)
    abutter = notices.abutters_in_letter_order(item)[1]
    url = reverse("hearings:item-mailing", args=[item.pk, abutter.pk])
    data = {f"a{abutter.pk}-article_number": "RE 111 222 333 US", f"a{abutter.pk}-mailed_on": ""}
    with at(date(2030, 3, 5), client, clerk):
        assert client.post(url, data).status_code == 400
        data[f"a{abutter.pk}-mailed_on"] = "2030-03-05"
        assert client.post(url, data).status_code == 302
    assert AbutterNotice.objects.get().article_number == "RE111222333US"


def test_pdfs_are_served_as_pdf(clerk, clerk_client):
    item = b.docketed(by=clerk)
    for name, pk in (("item-letters", item.pk), ("item-labels", item.pk), ("agenda-pdf", None)):
        url = reverse(f"hearings:{name}", args=[pk or item.meeting.pk])
        response = clerk_client.get(url)
        assert response["Content-Type"] == "application/pdf"
        assert response.content.startswith(b"%PDF")


def test_the_application_partial_is_cheap_and_shows_hearings_and_variances(
    decided, clerk, board_member
):
    count, html = _partial_queries(decided.application, is_board_member=True)
    assert count == 0
    assert "Approved" in html and "§20-15(4)(a)" in html and "Written decision" in html

    item = b.docketed(by=clerk, on=b.HEARING + timedelta(days=7))
    later = b.meeting(by=clerk, on=b.HEARING + timedelta(days=28))
    b.decide(item, by=board_member, result="continued", continue_to=later, today=later.date)
    count, html = _partial_queries(item.application, is_clerk=True)
    assert count == 0
    assert "Continued" in html and "Notices and mailing" in html
