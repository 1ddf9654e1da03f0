"""The demo loader builds a Stoneham-like data set once; running it again changes nothing."""

import pytest
from django.apps import apps
from django.core.management import call_command

from stoneham_boh.ops.demo import DEMO_PASSWORD, DEMO_USERS


def record_counts() -> dict[str, int]:
    return {
        model._meta.label: model.objects.count()
        for model in apps.get_models()
        if model._meta.app_label
        in {"facilities", "permits", "hearings", "inspections", "stoneham_boh"}
    }


@pytest.mark.django_db
def test_loading_the_demo_twice_changes_nothing(capsys):
    call_command("load_demo")
    first = record_counts()
    call_command("load_demo")
    assert record_counts() == first
    assert "already present" in capsys.readouterr().out


@pytest.mark.django_db
def test_the_demo_has_what_the_board_deals_with():
    from facilities.models import Lot
    from permits.models import Application, Permit

    call_command("load_demo")
    assert Lot.objects.count() >= 30
    species = set(Permit.objects.values_list("animals__species", flat=True))
    assert {"chicken", "goat", "pigeon", "horse"} <= species
    assert Permit.objects.filter(grandfathered=True, animals__species="pigeon").exists()
    assert Application.objects.filter(status=Application.Status.RECEIVED).exists()


@pytest.mark.django_db
def test_every_demo_user_can_log_in_and_sees_their_home_page(client):
    call_command("load_demo")
    for spec in DEMO_USERS:
        assert client.login(username=spec.username, password=DEMO_PASSWORD), spec.username
        response = client.get("/home/")
        assert response.status_code == 200
        assert spec.first_name in response.content.decode()
        client.logout()


@pytest.mark.django_db
def test_loading_the_demo_writes_to_nobody(django_capture_on_commit_callbacks):
    from django.core import mail

    with django_capture_on_commit_callbacks(execute=True):
        call_command("load_demo")
    assert mail.outbox == []


@pytest.mark.django_db
def test_the_demo_shows_a_revocation_proceeding_on_the_docket_and_a_board_of_three():
    from django.utils import timezone

    from hearings.models import BoardMember, RevocationProceeding

    call_command("load_demo")
    today = timezone.localdate()
    assert BoardMember.objects.in_office(today).count() == 3
    proceeding = RevocationProceeding.objects.get()
    assert proceeding.docket_item.status == "scheduled"
    assert proceeding.docket_item.meeting.date >= today
    assert proceeding.holder_notified_on is not None
    assert proceeding.orders.get().status == "unabated"


@pytest.mark.django_db
def test_the_demo_has_a_posted_meeting_notice_a_remote_member_roll_calls_and_draft_minutes():
    from hearings.minutes import record_of
    from hearings.models import MeetingPosting, Minutes

    call_command("load_demo")
    assert MeetingPosting.objects.count() == 2
    minutes = Minutes.objects.get()
    assert not minutes.approved and minutes.discussion
    record = record_of(minutes.meeting, minutes)
    assert record.roll_call and record.remote[0].reason
    assert sorted(vote for _, vote in record.items[0].votes) == ["No", "Yes", "Yes"]
