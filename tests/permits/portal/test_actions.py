"""From November 1 a holder asks online for the renewal of their own active permit, once."""

from __future__ import annotations

import re
from datetime import date

import pytest
import time_machine
from django.urls import reverse

from permits import actions as permit_actions
from permits.portal import actions
from permits.portal.models import RenewalRequest
from stoneham_boh.lib.errors import ActionRefused
from tests import factories


@pytest.fixture
def karen(clerk):
    return factories.applicant_account(by=clerk)


@pytest.fixture
def permit(clerk, karen):
    return factories.issued_permit(by=clerk, applicant=karen, on=date(2027, 1, 14))


def _ask(client, permit, **data):
    # Logged in at the travelled-to time: a session does not outlive a day.
    client.force_login(permit.holder.user)
    return client.post(reverse("permits:my-renewal", args=[permit.pk]), data)


def _get(client, permit, url: str) -> str:
    client.force_login(permit.holder.user)
    return client.get(url).content.decode()


@pytest.mark.django_db
def test_a_holder_confirms_nothing_changed_and_the_request_lands_in_the_clerks_list(
    client, karen, permit
):
    with time_machine.travel(factories.midday(date(2027, 11, 1)), tick=False):
        page = _get(client, permit, reverse("permits:my-applications"))
        assert reverse("permits:my-renewal", args=[permit.pk]) in page
        response = _ask(client, permit, unchanged="yes")
    assert response.status_code == 302
    request = RenewalRequest.objects.pending().get()
    assert request.permit == permit
    assert request.unchanged is True
    assert request.submitted_by == karen.user
    assert request.history.first().history_user == karen.user
    with time_machine.travel(factories.midday(date(2027, 11, 1)), tick=False):
        page = _get(client, permit, reverse("permits:my-applications"))
    assert "Renewal requested" in page


@pytest.mark.django_db
def test_a_holder_says_what_changed(client, karen, permit):
    with time_machine.travel(factories.midday(date(2027, 12, 31)), tick=False):
        _ask(client, permit, unchanged="no", changes="Two more hens: eight in all.")
    request = RenewalRequest.objects.get()
    assert request.unchanged is False
    assert request.changes == "Two more hens: eight in all."


@pytest.mark.django_db
def test_saying_something_changed_without_saying_what_is_refused_keeping_the_choice(
    client, karen, permit
):
    with time_machine.travel(factories.midday(date(2027, 11, 10)), tick=False):
        response = _ask(client, permit, unchanged="no", changes="  ")
    assert response.status_code == 200
    page = response.content.decode()
    assert "Say what has changed" in page
    assert re.search(r'<input[^>]*value="no"[^>]*checked', page)
    assert not RenewalRequest.objects.exists()


@pytest.mark.django_db
def test_requests_open_on_november_1_of_the_expiry_year(client, karen, permit):
    with time_machine.travel(factories.midday(date(2027, 10, 31)), tick=False):
        page = _get(client, permit, reverse("permits:my-renewal", args=[permit.pk]))
        response = _ask(client, permit, unchanged="yes")
    assert "open on November 1, 2027" in page
    assert "open on November 1, 2027" in response.content.decode()
    assert not RenewalRequest.objects.exists()


@pytest.mark.django_db
def test_an_expired_permit_cannot_be_renewed_online(karen, permit):
    with (
        time_machine.travel(factories.midday(date(2028, 1, 1)), tick=False),
        pytest.raises(ActionRefused) as refusal,
    ):
        actions.request_renewal(permit=permit, by=karen.user, unchanged=True)
    assert "expired on December 31, 2027" in str(refusal.value)


@pytest.mark.django_db
def test_a_revoked_permit_cannot_be_renewed(clerk, karen, permit):
    factories.revoke_by_the_board(
        permit,
        by=clerk,
        grounds="Violation.",
        revoked_on=date(2027, 6, 1),
        remove_by=date(2027, 7, 1),
    )
    with (
        time_machine.travel(factories.midday(date(2027, 11, 2)), tick=False),
        pytest.raises(ActionRefused) as refusal,
    ):
        actions.request_renewal(permit=permit, by=karen.user, unchanged=True)
    assert "revoked permit cannot be renewed" in str(refusal.value)


@pytest.mark.django_db
def test_the_same_request_sent_twice_is_recorded_once(client, karen, permit):
    with time_machine.travel(factories.midday(date(2027, 11, 3)), tick=False):
        _ask(client, permit, unchanged="yes")
        second = _ask(client, permit, unchanged="yes")
    assert "You already asked for this renewal on November 3, 2027" in second.content.decode()
    assert RenewalRequest.objects.count() == 1


@pytest.mark.django_db
def test_no_request_once_the_clerk_has_started_the_renewal(clerk, karen, permit):
    permit_actions.start_renewal(permit=permit, by=clerk, today=date(2027, 11, 2))
    with (
        time_machine.travel(factories.midday(date(2027, 11, 3)), tick=False),
        pytest.raises(ActionRefused) as refusal,
    ):
        actions.request_renewal(permit=permit, by=karen.user, unchanged=True)
    assert "already preparing the renewal" in str(refusal.value)


@pytest.mark.django_db
def test_the_clerk_takes_up_a_request_with_the_renewal_it_opened(clerk, karen, permit):
    with time_machine.travel(factories.midday(date(2027, 11, 3)), tick=False):
        request = actions.request_renewal(permit=permit, by=karen.user, unchanged=True)
        # Starting the renewal of the permit takes up the holder's pending request.
        renewal = permit_actions.start_renewal(permit=permit, by=clerk)
    request.refresh_from_db()
    assert request.status == RenewalRequest.Status.TAKEN_UP
    assert request.application == renewal
    assert not RenewalRequest.objects.pending().exists()
    with pytest.raises(ActionRefused):
        actions.take_up_renewal_request(renewal_request=request, application=renewal, by=clerk)
