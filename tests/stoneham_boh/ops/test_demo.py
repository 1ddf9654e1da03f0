"""The demo loader builds a Stoneham-like data set once; running it again changes nothing. It
opens every application on its parcel with a drawn plan, and its map drafts the abutters its
certified lists name.

The demo is loaded once for the module (each load is some ten seconds), and each test reads it
in a savepoint of its own."""

from dataclasses import dataclass
from pathlib import Path

import pytest
from django.apps import apps
from django.core import mail
from django.core.management import call_command
from django.test import TestCase, override_settings

from stoneham_boh.ops.demo import DEMO_PASSWORD, DEMO_USERS
from tests.universe import rolled_back, settle_deferred_checks

pytestmark = pytest.mark.django_db


def record_counts() -> dict[str, int]:
    return {
        model._meta.label: model.objects.count()
        for model in apps.get_models()
        if model._meta.app_label
        in {"facilities", "permits", "hearings", "inspections", "stoneham_boh"}
    }


@dataclass
class Loaded:
    counts: dict[str, int]
    mails_sent: int
    var_dir: Path


@pytest.fixture(scope="module")
def demo(django_db_setup, django_db_blocker, tmp_path_factory):
    """The demo, loaded once; what it sent once its transaction's callbacks had run."""
    var_dir = tmp_path_factory.mktemp("demo-var")
    with (
        django_db_blocker.unblock(),
        rolled_back(tmp_path_factory.mktemp("demo-uploads")),
        override_settings(VAR_DIR=var_dir),
    ):
        sent_before = len(mail.outbox)
        with TestCase.captureOnCommitCallbacks(execute=True):
            call_command("load_demo")
        settle_deferred_checks()
        yield Loaded(
            counts=record_counts(), mails_sent=len(mail.outbox) - sent_before, var_dir=var_dir
        )


def test_loading_the_demo_twice_changes_nothing(demo, capsys):
    assert record_counts() == demo.counts
    call_command("load_demo")
    assert record_counts() == demo.counts
    assert "already present" in capsys.readouterr().out


def test_the_demo_has_what_the_board_deals_with(demo):
    from facilities.models import Lot
    from permits.models import Application, Permit

    assert Lot.objects.count() >= 30
    species = set(Permit.objects.values_list("animals__species", flat=True))
    assert {"chicken", "goat", "pigeon", "horse"} <= species
    assert Permit.objects.filter(grandfathered=True, animals__species="pigeon").exists()
    assert Application.objects.filter(status=Application.Status.RECEIVED).exists()


def test_every_demo_user_can_log_in_and_sees_their_home_page(demo, client):
    for spec in DEMO_USERS:
        assert client.login(username=spec.username, password=DEMO_PASSWORD), spec.username
        response = client.get("/home/")
        assert response.status_code == 200
        assert spec.first_name in response.content.decode()
        client.logout()


def test_loading_the_demo_writes_to_nobody(demo):
    assert demo.mails_sent == 0


def test_the_demo_shows_a_revocation_proceeding_on_the_docket_and_a_board_of_three(demo):
    from django.utils import timezone

    from hearings.models import BoardMember, RevocationProceeding

    today = timezone.localdate()
    assert BoardMember.objects.in_office(today).count() == 3
    proceeding = RevocationProceeding.objects.get()
    assert proceeding.docket_item.status == "scheduled"
    assert proceeding.docket_item.meeting.date >= today
    assert proceeding.holder_notified_on is not None
    assert proceeding.orders.get().status == "unabated"


def test_the_demo_has_a_posted_meeting_notice_a_remote_member_roll_calls_and_draft_minutes(demo):
    from django.utils import timezone

    from hearings.minutes import record_of
    from hearings.models import Decision, Meeting, MeetingPosting, Minutes

    # Every meeting at which the Board voted was posted, and the coming hearing's too.
    voted_at = set(Decision.objects.values_list("docket_item__meeting", flat=True))
    posted = set(MeetingPosting.objects.values_list("meeting", flat=True))
    assert voted_at <= posted
    coming = Meeting.objects.upcoming(timezone.localdate()).filter(items__kind="new_application")
    assert coming.first().pk in posted
    # The hearing's minutes await approval; every other meeting's were approved at the
    # Board's next meeting (c.30A §22), so the register shows none late.
    minutes = Minutes.objects.get(approved_on__isnull=True)
    assert not minutes.approved and minutes.discussion
    held = Meeting.objects.filter(date__lt=timezone.localdate(), cancelled=False)
    approved = Minutes.objects.filter(approved_on__isnull=False).select_related("meeting")
    assert approved.count() >= held.count() - 2
    assert all(m.approved_at.date > m.meeting.date for m in approved)
    record = record_of(minutes.meeting, minutes)
    assert record.roll_call and record.remote[0].reason
    assert sorted(vote for _, vote in record.items[0].votes) == ["No", "Yes", "Yes"]


def test_the_demos_board_meets_on_weekday_evenings_noticed_in_time(demo):
    """Issue 33, 5: no 7:30 a.m. session, none on a weekend or a holiday, none unposted."""
    from hearings.models import Decision
    from hearings.open_meeting import vote_refusals
    from stoneham_boh.town.calendar import town_calendar

    calendar = town_calendar()
    for decision in Decision.objects.select_related("docket_item__meeting"):
        meeting = decision.docket_item.meeting
        assert meeting.time.hour >= 18, meeting
        assert calendar.is_business_day(meeting.date), meeting
        assert vote_refusals(decision.docket_item, decision.decided_on) == []


def test_every_demo_application_has_its_parcel_and_a_plan_and_the_map_finds_its_abutters(demo):
    from facilities import actions
    from facilities.models import AbutterList, Parcel, SitePlan
    from facilities.parcels.drafting import compare
    from permits.facts_from_records import evaluate_application
    from permits.models import Application

    assert (demo.var_dir / "demo" / "M284-parcels.zip").exists()
    applications = Application.objects.select_related("lot")
    assert all(a.lot.tax_parcel_id for a in applications)
    assert SitePlan.objects.count() == applications.count()
    greene = Application.objects.get(lot__street_address="24 Spring Street", kind="new")
    barn = greene.structures.get(label="BARN")
    assert barn.measured_distances_ft["property_line"] == 38.0  # the typed figure, drawn
    assert Parcel.objects.get(pk=greene.lot.tax_parcel_id).owner_name == "Thomas Greene"
    for certified in AbutterList.objects.select_related("application__lot"):
        clerk = certified.application.created_by
        draft = actions.draft_abutter_list(application=certified.application, by=clerk)
        assert compare(draft, certified).only_in_certified == []
    # The plans draw each manure bin as far from every dwelling as §20-16(2) asks, so that what
    # the demo shows failing is what its story means to fail (Greene's barn, the Board's votes).
    for application in applications:
        failing = {
            finding["rule"]
            for finding in evaluate_application(application)["findings"]
            if finding["status"] == "fail"
        }
        assert "20-16.2" not in failing, application
    greene_fails = {
        f["rule"] for f in evaluate_application(greene)["findings"] if f["status"] == "fail"
    }
    assert greene_fails == {"20-15.4.a", "20-19"}


def test_the_demos_coming_hearing_is_noticed_as_the_board_will_hear_it(demo):
    """The letters go out after the plan is drawn on the map: what they describe is the
    request, so nothing the applicant never changed reads as an enlargement (§20-20(9))."""
    from hearings.models import DocketItem
    from hearings.notice_content import stale_notice_refusals

    mailed = DocketItem.objects.filter(status=DocketItem.Status.SCHEDULED).exclude(noticed_facts=[])
    assert mailed.exists()
    for item in mailed:
        assert stale_notice_refusals(item) == [], item.application
