"""The decision pages (hearings/views/decisions.py): the Board records its decision, and a
refusal shows every reason and keeps what was typed."""

from datetime import date

import pytest
from django.urls import reverse

from hearings.models import Decision, Variance
from permits.models import Application
from tests.hearings import builders as b
from tests.hearings.builders import at

pytestmark = pytest.mark.django_db


def decision_data(board_member, **extra):
    return {
        "result": "approved",
        "decided_on": "2030-03-26",
        f"vote_{board_member.pk}": "yes",
        **extra,
    }


def test_a_board_member_records_an_approval_with_a_variance(clerk, board_member, client):
    item = b.noticed(by=clerk, relief=["20-15.4.a"], setback_ft="38")
    b.attend_as_voting(item.meeting, {board_member: "yes"}, by=clerk)
    with at(b.HEARING, client, board_member):
        form = client.get(reverse("hearings:decide", args=[item.pk]))
        assert "Grant a variance of" in form.content.decode()
        response = client.post(
            reverse("hearings:decide", args=[item.pk]),
            decision_data(
                board_member,
                variance_rules=["20-15.4.a"],
                variance_finding="The lot is too narrow to move the coop.",
                variance_conditions="Fence it.",
                variance_expires_on="2031-12-31",
                approvals=["vermin_plan"],
            ),
        )
    assert response.status_code == 302
    decision = Decision.objects.get()
    assert decision.recorded_by == board_member
    assert Variance.objects.get().expires_on == date(2031, 12, 31)
    item.application.refresh_from_db()
    assert item.application.status == Application.Status.APPROVED


def test_a_refused_decision_shows_every_reason_and_keeps_what_was_typed(
    clerk, board_member, client
):
    item = b.docketed(by=clerk)
    with at(b.HEARING, client, board_member):
        response = client.post(
            reverse("hearings:decide", args=[item.pk]),
            decision_data(board_member, conditions="Typed conditions"),
        )
    page = response.content.decode()
    assert response.status_code == 400
    assert "have no registered-mail notice" in page
    assert "has not been published" in page
    assert "Typed conditions" in page
    assert not Decision.objects.exists()


def test_nonsense_in_the_decision_form_is_a_form_error_not_a_crash(clerk, board_member, client):
    item = b.noticed(by=clerk)
    with at(b.HEARING, client, board_member):
        response = client.post(
            reverse("hearings:decide", args=[item.pk]),
            {"result": "x", "decided_on": "tomorrow", "continue_to": "abc", "vote_1": "maybe"},
        )
    assert response.status_code == 400


def test_a_decided_item_sends_the_board_back_to_the_meeting(decided, board_member, client):
    client.force_login(board_member)
    response = client.get(reverse("hearings:decide", args=[decided.pk]))
    assert response.status_code == 302
