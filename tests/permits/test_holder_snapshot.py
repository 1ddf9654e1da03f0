"""A permit names the holder it was issued to (point 5 of the third trust round): the name and
address are copied onto the permit at issue, and a resident's change of their own details is a
request the clerk accepts, with history."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from permits.models import Applicant
from permits.portal import actions as portal_actions
from permits.portal.models import DetailsChange
from permits.printing import render_permit_pdf
from tests import factories
from tests.permits.test_printing import pdf_text

pytestmark = pytest.mark.django_db


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
    portal_actions.decline_details_change(change=change, by=clerk)
    holder.refresh_from_db()
    assert holder.name == "Karen Sullivan"
    change.refresh_from_db()
    assert change.status == DetailsChange.Status.DECLINED


def test_blanks_on_the_record_are_filled_at_once(holder):
    assert holder.phone == ""
    waiting = portal_actions.propose_details_change(
        applicant=holder, details={"phone": "781-555-0100"}, by=holder.user
    )
    assert waiting is None
    assert Applicant.objects.get(pk=holder.pk).phone == "781-555-0100"


def test_only_the_resident_may_ask_to_change_their_details(holder, clerk):
    from stoneham_boh.lib.errors import ActionRefused

    other = factories.applicant_account(by=clerk, name="Otto Other")
    with pytest.raises(ActionRefused):
        portal_actions.propose_details_change(
            applicant=holder, details={"name": "Otto"}, by=other.user
        )
