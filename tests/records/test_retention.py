"""Retention: the series shipped without periods, the Town Clerk's periods, a disposition date
per record from what starts its clock, legal holds, and destruction only on the Town Clerk's
confirmation: the content removed (from the history's rows too), the log entry kept."""

from datetime import UTC, date, datetime

import pytest
import time_machine
from django.contrib.auth.models import Permission
from django.urls import reverse

from inspections import actions as inspection_actions
from inspections.models import Complaint
from records import retention
from records.models import Destruction, RecordSeries
from records.series import SERIES, ship
from stoneham_boh.accounts.roles import Role
from stoneham_boh.lib.errors import ActionRefused
from tests import factories
from tests.conftest import make_user
from tests.inspections.builders import vermin_order

pytestmark = pytest.mark.django_db

CLOSED = date(2026, 11, 2)


@pytest.fixture(autouse=True)
def series(db):
    ship(RecordSeries)  # the migration's data, in a database built without migrations


@pytest.fixture
def town_clerk(db):
    user = make_user("townclerk", Role.CLERK)
    user.user_permissions.add(Permission.objects.get(codename="act_as_town_clerk"))
    return type(user).objects.get(pk=user.pk)  # permissions are cached on the instance


@pytest.fixture
def closed_complaint(clerk):
    lot = factories.lot()
    complaint = inspection_actions.record_complaint(
        lot=lot,
        nature="odour",
        description="Smell from the coop.",
        complainant_name="Pat Neighbour",
        complainant_contact="pat@example.org",
        by=clerk,
        received_on=date(2026, 10, 1),
    )
    Complaint.objects.filter(pk=complaint.pk).update(status="closed", closed_on=CLOSED)
    return Complaint.objects.get(pk=complaint.pk)


def complaints():
    return RecordSeries.objects.get(kind="complaint")


def test_the_series_ship_without_any_period_and_minutes_and_decisions_are_permanent():
    assert RecordSeries.objects.count() == len(SERIES)
    assert not RecordSeries.objects.exclude(period_years=None).exists()
    assert set(RecordSeries.objects.filter(permanent=True).values_list("kind", flat=True)) == {
        "minutes",
        "decision",
        "amendment",
    }


def test_only_the_town_clerk_fills_a_period_and_never_for_minutes(clerk, town_clerk):
    with pytest.raises(ActionRefused, match="Only the Town Clerk"):
        retention.set_period(series=complaints(), period_years=3, schedule_item="", by=clerk)
    minutes = RecordSeries.objects.get(kind="minutes")
    with pytest.raises(ActionRefused, match="kept permanently"):
        retention.set_period(series=minutes, period_years=3, schedule_item="", by=town_clerk)
    # The shipped row has no history of its own where a migration made it: count what is added.
    before = complaints().history.count()
    retention.set_period(series=complaints(), period_years=3, schedule_item="Item X", by=town_clerk)
    latest = complaints().history.first()
    assert complaints().history.count() == before + 1
    assert (latest.period_years, latest.history_user) == (3, town_clerk)


def test_a_record_gets_its_disposition_date_from_its_clock_and_the_period(
    closed_complaint, town_clerk
):
    [row] = retention.rows_of(complaints())
    assert (row.started_on, row.disposition_on) == (CLOSED, None)
    retention.set_period(series=complaints(), period_years=3, schedule_item="", by=town_clerk)
    [row] = retention.rows_of(complaints())
    assert row.disposition_on == date(2029, 11, 2)


def test_destruction_removes_the_content_and_its_history_but_keeps_the_log(
    closed_complaint, town_clerk
):
    retention.set_period(series=complaints(), period_years=3, schedule_item="", by=town_clerk)
    entry = retention.destroy(
        series=complaints(),
        record_id=closed_complaint.pk,
        confirmed=True,
        by=town_clerk,
        today=date(2029, 11, 2),
    )
    complaint = Complaint.objects.get(pk=closed_complaint.pk)
    assert (
        complaint.complainant_name == "" and "Destroyed November 2, 2029" in complaint.description
    )
    names = set(
        Complaint.history.filter(id=complaint.pk).values_list("complainant_name", flat=True)
    )
    assert names == {""}
    # Who changed it and when stays: the history rows are kept, their content is not.
    assert Complaint.history.filter(id=complaint.pk).count() >= 2
    assert Destruction.objects.get() == entry
    assert entry.record_label == "Complaint of October 1, 2026 (odour)"


@pytest.mark.parametrize(
    ("today", "hold", "by_town_clerk", "confirmed", "reason"),
    [
        (date(2029, 11, 1), False, True, True, "Its disposition date is November 2, 2029."),
        (date(2029, 11, 2), True, True, True, "A legal hold is in force"),
        (date(2029, 11, 2), False, False, True, "Only the Town Clerk confirms a destruction."),
        (date(2029, 11, 2), False, True, False, "Tick the confirmation"),
    ],
    ids=["before-its-date", "on-hold", "not-the-town-clerk", "not-confirmed"],
)
def test_nothing_is_destroyed_without_its_conditions(
    closed_complaint, town_clerk, clerk, today, hold, by_town_clerk, confirmed, reason
):
    retention.set_period(series=complaints(), period_years=3, schedule_item="", by=town_clerk)
    if hold:
        retention.place_hold(
            series=complaints(), record_id=closed_complaint.pk, reason="Lawsuit", by=clerk
        )
    with pytest.raises(ActionRefused) as refused:
        retention.destroy(
            series=complaints(),
            record_id=closed_complaint.pk,
            confirmed=confirmed,
            by=town_clerk if by_town_clerk else clerk,
            today=today,
        )
    assert reason in str(refused.value)
    assert Complaint.objects.get(pk=closed_complaint.pk).complainant_name == "Pat Neighbour"
    assert not Destruction.objects.exists()


def test_a_released_hold_lets_the_town_clerk_destroy(closed_complaint, town_clerk, clerk):
    retention.set_period(series=complaints(), period_years=3, schedule_item="", by=town_clerk)
    hold = retention.place_hold(series=complaints(), reason="Whole series: audit", by=clerk)
    assert retention.rows_of(complaints())[0].held
    retention.release_hold(hold=hold, by=clerk, today=date(2029, 1, 1))
    retention.destroy(
        series=complaints(),
        record_id=closed_complaint.pk,
        confirmed=True,
        by=town_clerk,
        today=date(2029, 11, 2),
    )
    assert Destruction.objects.count() == 1


# --- the pages ----------------------------------------------------------------------------


def test_the_schedule_page_shows_unfilled_periods_and_the_town_clerks_form(client, town_clerk):
    client.force_login(town_clerk)
    page = client.get(reverse("records:retention")).content.decode()
    assert page.count("Not filled") == len(SERIES) - len(retention.PERMANENT_KINDS)
    assert page.count("Permanent") >= 2
    assert 'name="period_years"' in page


def test_the_boards_clerk_sees_the_schedule_without_the_town_clerks_form(client, clerk):
    client.force_login(clerk)
    page = client.get(reverse("records:retention")).content.decode()
    assert "Complaints" in page
    assert 'name="period_years"' not in page


def test_the_town_clerk_destroys_from_the_series_page(client, town_clerk, closed_complaint):
    retention.set_period(series=complaints(), period_years=1, schedule_item="", by=town_clerk)
    url = reverse("records:record-destroy", args=["complaint", closed_complaint.pk])
    with time_machine.travel(datetime(2028, 1, 5, 15, 0, tzinfo=UTC), tick=False):
        client.force_login(town_clerk)
        page = client.get(reverse("records:retention-series", args=["complaint"])).content.decode()
        assert "I confirm, as the Town Clerk" in page
        # Without the tick: refused with its reason, nothing removed.
        client.post(url, {})
        assert Complaint.objects.get(pk=closed_complaint.pk).complainant_name == "Pat Neighbour"
        client.post(url, {"confirmed": "1"})
        log = client.get(reverse("records:destruction-log")).content.decode()
    assert "Complaint of October 1, 2026 (odour)" in log
    assert Complaint.objects.get(pk=closed_complaint.pk).complainant_name == ""


def test_the_notices_variances_orders_and_regulation_are_series_of_their_own():
    kinds = set(RecordSeries.objects.values_list("kind", flat=True))
    assert {
        "meeting_notice",
        "legal_notice",
        "mail_receipt",
        "variance",
        "order",
        "amendment",
    } <= kinds


def test_an_order_is_kept_from_its_closing(clerk, agent):
    order = vermin_order(clerk, agent)
    rows = retention.rows_of(RecordSeries.objects.get(kind="order"))
    assert [row.record_id for row in rows] == [order.pk]
    assert rows[0].started_on is None  # open: its clock has not started


def test_a_series_that_needs_the_supervisors_authorization_is_not_destroyed_without_it(
    closed_complaint, town_clerk
):
    retention.set_period(
        series=complaints(),
        period_years=3,
        schedule_item="",
        authorization_required=True,
        by=town_clerk,
    )
    with pytest.raises(ActionRefused, match="Supervisor of Records' authorization"):
        retention.destroy(
            series=complaints(),
            record_id=closed_complaint.pk,
            confirmed=True,
            by=town_clerk,
            today=date(2029, 11, 2),
        )
    entry = retention.destroy(
        series=complaints(),
        record_id=closed_complaint.pk,
        confirmed=True,
        by=town_clerk,
        today=date(2029, 11, 2),
        authorization="RMB-102 no. 2029-0417, October 30, 2029",
    )
    assert entry.authorization == "RMB-102 no. 2029-0417, October 30, 2029"


def test_every_series_lists_its_records_on_the_world(world):
    """Each series reads its own records (the world has a hearing noticed by letter, a legal
    notice, postings, variances and orders): none fails to list them."""
    for series in RecordSeries.objects.all():
        rows = retention.rows_of(series)
        assert all(row.label for row in rows), series.kind
    letters = retention.rows_of(RecordSeries.objects.get(kind="mail_receipt"))
    assert letters and letters[0].label.startswith("Registered letter to ")
