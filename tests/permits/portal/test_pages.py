"""The applicant's application page: a timeline, what is still missing, the hearing date."""

from __future__ import annotations

from datetime import date, time

import pytest
import time_machine
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from hearings import actions as hearing_actions
from permits.portal import pages as portal
from tests import factories

TODAY = date(2027, 1, 20)


@pytest.fixture(autouse=True)
def _today():
    with time_machine.travel(factories.midday(TODAY), tick=False):
        yield


@pytest.fixture
def karen(clerk):
    return factories.applicant_account(by=clerk)


def _page(client, karen, application) -> str:
    client.force_login(karen.user)
    response = client.get(reverse("permits:my-application", args=[application.pk]))
    assert response.status_code == 200
    return response.content.decode()


def _steps(application):
    return [(s.label, s.state) for s in portal.timeline(application, TODAY)]


@pytest.mark.django_db
def test_a_new_application_awaits_a_hearing_date_and_lists_what_is_missing(client, clerk, karen):
    application = factories.new_hen_application(
        by=clerk, applicant=karen, doc_site_plan=False, doc_fencing_details=False
    )
    assert _steps(application) == [
        ("Application received", "done"),
        ("Public hearing", "current"),
        ("Permit issued", "upcoming"),
    ]
    page = _page(client, karen, application)
    assert "The hearing date is not set yet." in page
    assert "lacks the site plan and fencing details" in page
    assert "§20-20(1)" in page
    assert "The fee of $75.00 is not paid in full ($0 received)." in page


@pytest.mark.django_db
def test_a_scheduled_hearing_shows_its_date_time_and_place(client, clerk, karen):
    application = factories.new_hen_application(by=clerk, applicant=karen)
    meeting = hearing_actions.schedule_meeting(
        on=date(2027, 2, 24), at=time(19, 0), place="Town Hall, Room 12", by=clerk
    )
    hearing_actions.schedule_hearing(application=application, meeting=meeting, by=clerk)
    application.refresh_from_db()
    assert ("Awaiting hearing", "current") in _steps(application)
    page = _page(client, karen, application)
    assert "Wednesday, February 24, 2027" in page
    assert "7:00 p.m." in page
    assert "Town Hall, Room 12" in page
    assert "go out at your expense by February 10, 2027" in page


@pytest.mark.django_db
def test_an_issued_permit_completes_the_timeline_and_offers_the_download(client, clerk, karen):
    permit = factories.issued_permit(by=clerk, applicant=karen, on=date(2027, 1, 14))
    assert _steps(permit.application) == [
        ("Application received", "done"),
        (f"Permit {permit.number} issued", "done"),
        ("Permit expires", "current"),
    ]
    page = _page(client, karen, permit.application)
    assert reverse("permits:my-permit-pdf", args=[permit.pk]) in page
    assert "Still needed" not in page


@pytest.mark.django_db
def test_a_revoked_permit_ends_the_timeline_with_the_reason(client, clerk, karen):
    permit = factories.issued_permit(by=clerk, applicant=karen, on=date(2027, 1, 14))
    factories.revoke_by_the_board(
        permit,
        by=clerk,
        grounds="Roosters kept against §20-15(11).",
        revoked_on=date(2027, 1, 18),
        remove_by=date(2027, 2, 18),
    )
    permit.application.refresh_from_db()
    assert _steps(permit.application)[-1] == ("Permit revoked", "stopped")
    page = _page(client, karen, permit.application)
    assert "Roosters kept against §20-15(11)." in page


@pytest.mark.django_db
def test_a_permit_past_december_31_reads_as_expired(clerk, karen):
    permit = factories.issued_permit(by=clerk, applicant=karen, on=date(2027, 1, 14))
    steps = portal.timeline(permit.application, date(2028, 1, 2))
    assert (steps[-1].label, steps[-1].state) == ("Permit expired", "done")


@pytest.mark.django_db
def test_the_list_page_costs_the_same_queries_with_one_or_many_records(client, clerk, karen):
    factories.issued_permit(by=clerk, applicant=karen)
    client.force_login(karen.user)
    with CaptureQueriesContext(connection) as few:
        client.get(reverse("permits:my-applications"))
    for _ in range(4):
        factories.issued_permit(by=clerk, applicant=karen)
        factories.new_hen_application(by=clerk, applicant=karen)
    with CaptureQueriesContext(connection) as many:
        client.get(reverse("permits:my-applications"))
    assert len(many) == len(few)
