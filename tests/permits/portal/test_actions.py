"""The holder's requests online (permits.portal.actions): from November 1 a holder asks for the
renewal of their own active permit, once; a change of their own details is a request the clerk
accepts or declines, and the permit keeps the name and address it was issued to."""

from __future__ import annotations

import re
from datetime import date

import pytest
import time_machine
from django.test import Client
from django.urls import reverse

from permits import actions as permit_actions
from permits.models import Applicant
from permits.portal import actions
from permits.portal.models import DetailsChange, RenewalRequest
from permits.printing import render_permit_pdf
from stoneham_boh.lib.errors import ActionRefused
from tests import factories
from tests.permits.test_printing import pdf_text

pytestmark = pytest.mark.django_db


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


# A permit names the holder it was issued to (point 5 of the third
# trust round): the name and address are copied onto the permit at issue, and a resident's change
# of their own details is a request the clerk accepts, with history.
@pytest.fixture
def holder(clerk):
    person = factories.applicant_account(
        by=clerk, name="Karen Sullivan", mailing_street="14 Pond Street"
    )
    factories.issued_permit(by=clerk, applicant=person)
    return person


def start(client, resident, **typed):
    """The resident opens a new draft online, typing their details."""
    client.force_login(resident.user)
    data = {
        "address-street_address": "14 Pond Street",
        "address-parcel_id": "",
        "you-name": resident.name,
        "you-mailing_street": resident.mailing_street,
        "you-mailing_city": "Stoneham",
        "you-mailing_state": "MA",
        "you-mailing_zip": "02180",
        "you-phone": "",
        **typed,
    }
    response = client.post(reverse("permits:apply-start"), data)
    assert response.status_code == 302, response.content.decode()[:2000]


def verification_page(permit) -> str:
    return (
        Client().get(reverse("permits:permit-verify", args=[permit.verify_token])).content.decode()
    )


def test_the_permit_keeps_the_name_and_address_it_was_issued_to(holder):
    permit = holder.permits.get()
    assert permit.holder_name == "Karen Sullivan"
    assert permit.holder_address.splitlines()[0] == "14 Pond Street"


def test_a_residents_new_draft_does_not_rename_the_holder_of_her_permit(client, holder, clerk):
    factories.fee_schedule()
    start(client, holder, **{"you-name": "Renamed Holder"})
    holder.refresh_from_db()
    permit = holder.permits.get()
    assert holder.name == "Karen Sullivan"
    change = DetailsChange.objects.get(applicant=holder)
    assert change.status == DetailsChange.Status.PENDING
    assert change.changes["name"] == ["Karen Sullivan", "Renamed Holder"]
    assert "Karen Sullivan" in verification_page(permit)
    assert "Renamed Holder" not in verification_page(permit)
    # The clerk sees the request on her home page.
    staff = Client()
    staff.force_login(clerk)
    home = staff.get(reverse("home")).content.decode()
    assert "Residents&#x27; changes of their details" in home
    assert "Renamed Holder" in home


def test_an_accepted_change_leaves_the_permit_naming_who_it_was_issued_to(client, holder, clerk):
    factories.fee_schedule()
    start(client, holder, **{"you-name": "Renamed Holder", "you-mailing_street": "1 New Road"})
    change = DetailsChange.objects.get(applicant=holder)
    staff = Client()
    staff.force_login(clerk)
    staff.post(reverse("permits:details-change-decide", args=[change.pk]), {"decision": "accept"})
    holder.refresh_from_db()
    change.refresh_from_db()
    assert holder.name == "Renamed Holder" and holder.mailing_street == "1 New Road"
    assert change.status == DetailsChange.Status.ACCEPTED and change.decided_by == clerk
    assert holder.history.first().history_user == clerk
    assert [h.status for h in change.history.order_by("history_date")] == ["pending", "accepted"]
    permit = holder.permits.get()
    page = verification_page(permit)
    assert "Karen Sullivan" in page and "Renamed Holder" not in page
    text = pdf_text(render_permit_pdf(permit))
    assert "Karen Sullivan" in text and "14 Pond Street" in text
    assert "Renamed Holder" not in text


def test_a_declined_change_changes_nothing(client, holder, clerk):
    factories.fee_schedule()
    start(client, holder, **{"you-name": "Renamed Holder"})
    change = DetailsChange.objects.get(applicant=holder)
    actions.decline_details_change(change=change, by=clerk)
    holder.refresh_from_db()
    assert holder.name == "Karen Sullivan"
    change.refresh_from_db()
    assert change.status == DetailsChange.Status.DECLINED


def test_blanks_on_the_record_are_filled_at_once(holder):
    assert holder.phone == ""
    waiting = actions.propose_details_change(
        applicant=holder, details={"phone": "781-555-0100"}, by=holder.user
    )
    assert waiting is None
    assert Applicant.objects.get(pk=holder.pk).phone == "781-555-0100"


def test_only_the_resident_may_ask_to_change_their_details(holder, clerk):
    other = factories.applicant_account(by=clerk, name="Otto Other")
    with pytest.raises(ActionRefused):
        actions.propose_details_change(applicant=holder, details={"name": "Otto"}, by=other.user)


# The clerk's desk and the holder's side meet: the online request on the renewal list.
@pytest.mark.django_db
def test_a_holders_online_request_lands_on_the_renewal_list_and_is_taken_up(clerk, client):
    holder = factories.applicant_account(by=clerk)
    permit = factories.issued_permit(by=clerk, applicant=holder, on=date(2027, 1, 14))
    with time_machine.travel(factories.midday(date(2027, 11, 3)), tick=False):
        actions.request_renewal(permit=permit, by=holder.user, unchanged=True)
        client.force_login(clerk)  # inside the travel: staff sessions expire after 8 hours
        page = client.get("/permits/renewals/").content.decode()
        assert "Requested online by the holder" in page
        assert "nothing has changed" in page
        renewal = permit_actions.start_renewal(permit=permit, by=clerk)
        page = client.get("/permits/renewals/").content.decode()
    assert not RenewalRequest.objects.pending().exists()
    assert "nothing has changed" in renewal.notes
    assert "Requested online by the holder" not in page
