"""Renewals (§20-15(1), §20-20(5), (8)), revocation (§20-20(6)) and voiding (§20-20(7))."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest
import time_machine
from django.urls import reverse

from permits import actions
from permits.models import Application, Permit
from stoneham_boh.lib.errors import ActionRefused
from tests import factories
from tests.permits.helpers import renew


@pytest.mark.django_db
def test_a_renewal_is_prefilled_from_the_permit_it_renews(clerk):
    permit = factories.issued_permit(by=clerk)
    renewal = actions.start_renewal(permit=permit, by=clerk)
    assert renewal.kind == Application.Kind.RENEWAL
    assert (renewal.applicant, renewal.lot, renewal.renews) == (permit.holder, permit.lot, permit)
    assert renewal.status == Application.Status.DRAFT
    assert [(a.species, a.count) for a in renewal.animals.all()] == [("chicken", 6)]
    assert [s.label for s in renewal.structures.all()] == ["C1"]
    assert renewal.securely_fenced and renewal.manure_method == "receptacle"
    assert renewal.prior_permit_issued == permit.issued_on
    assert renewal.conditions_unchanged is False  # the clerk confirms it


@pytest.mark.django_db
def test_starting_a_renewal_twice_returns_the_one_already_open(clerk):
    permit = factories.issued_permit(by=clerk)
    assert actions.start_renewal(permit=permit, by=clerk) == actions.start_renewal(
        permit=permit, by=clerk
    )


@pytest.mark.django_db
def test_renewing_this_years_permit_issues_next_years_permit(clerk):
    permit = factories.issued_permit(by=clerk)
    renewal = renew(permit, by=clerk, received_on=date(2027, 11, 20))
    new_permit = actions.issue_permit(application=renewal, by=clerk, on=date(2027, 11, 28))
    assert new_permit.number == "2028-0001"
    assert new_permit.expires_on == date(2028, 12, 31)
    assert new_permit.holder == permit.holder
    assert [(a.species, a.count) for a in new_permit.animals.all()] == [("chicken", 6)]


@pytest.mark.django_db
def test_an_unchanged_keeping_permitted_before_2002_is_renewed_as_grandfathered(clerk):
    permit = factories.issued_permit(
        by=clerk,
        prior_permit_issued=date(1994, 5, 2),
        conditions_unchanged=True,
        structure={"distance_property_line_ft": Decimal("18")},
    )
    assert permit.grandfathered
    renewal = renew(permit, by=clerk, unchanged=True)
    assert renewal.prior_permit_issued == date(1994, 5, 2)
    new_permit = actions.issue_permit(application=renewal, by=clerk, on=date(2027, 11, 28))
    assert new_permit.grandfathered


@pytest.mark.django_db
def test_a_grandfathered_keeping_that_changed_must_meet_todays_rules(clerk):
    permit = factories.issued_permit(
        by=clerk,
        prior_permit_issued=date(1994, 5, 2),
        conditions_unchanged=True,
        structure={"distance_property_line_ft": Decimal("18")},
    )
    renewal = renew(permit, by=clerk, unchanged=False)
    with pytest.raises(ActionRefused, match="§20-15\\(4\\)\\(a\\)"):
        actions.issue_permit(application=renewal, by=clerk, on=date(2027, 11, 28))


@pytest.mark.django_db
def test_a_permit_past_december_31_shows_as_expired(clerk_client, clerk):
    permit = factories.issued_permit(by=clerk)
    with time_machine.travel(date(2028, 1, 2)):
        clerk_client.force_login(clerk)
        assert permit.current_status == Permit.Status.EXPIRED
        page = clerk_client.get(reverse("permits:permit-detail", args=[permit.pk]))
        assert "Expired" in page.content.decode()
        listed = clerk_client.get(reverse("permits:permit-list"), {"status": "expired"})
        assert permit.number in listed.content.decode()


@pytest.mark.django_db
def test_the_renewal_list_shows_permits_expiring_this_december_31_until_renewed(
    clerk_client, clerk
):
    due = factories.issued_permit(by=clerk)
    later = factories.issued_permit(by=clerk, on=date(2028, 1, 20), received_on=date(2028, 1, 5))
    with time_machine.travel(date(2027, 11, 15)):
        clerk_client.force_login(clerk)
        page = clerk_client.get(reverse("permits:renewal-list")).content.decode()
        assert due.number in page and later.number not in page
        response = clerk_client.post(reverse("permits:renewal-start", args=[due.pk]))
        renewal = Application.objects.get(renews=due)
        assert response["Location"] == reverse("permits:application-edit", args=[renewal.pk])
        page = clerk_client.get(reverse("permits:renewal-list")).content.decode()
        assert "Renewals under way (1)" in page
        assert "Start the renewal of permit " + due.number not in page


@pytest.mark.django_db
def test_revocation_records_the_reason_date_and_order_to_remove_the_animals(clerk_client, clerk):
    permit = factories.issued_permit(by=clerk)
    response = clerk_client.post(
        reverse("permits:permit-revoke", args=[permit.pk]),
        {
            "revoke-revoked_on": "2027-06-01",
            "revoke-remove_animals_by": "2027-06-15",
            "revoke-reason": "Rats not abated by the deadline of the order (§20-16(6)).",
        },
    )
    assert response.status_code == 302
    permit.refresh_from_db()
    assert permit.status == Permit.Status.REVOKED
    assert permit.revoked_on == date(2027, 6, 1)
    assert permit.removal_ordered_by == date(2027, 6, 15)
    assert permit.history.first().history_user == clerk
    with pytest.raises(ActionRefused, match="revoked permit cannot be renewed"):
        actions.start_renewal(permit=permit, by=clerk)


@pytest.mark.django_db
def test_revocation_without_a_reason_is_refused_and_keeps_what_was_typed(clerk_client, clerk):
    permit = factories.issued_permit(by=clerk)
    response = clerk_client.post(
        reverse("permits:permit-revoke", args=[permit.pk]),
        {
            "revoke-revoked_on": "2027-06-01",
            "revoke-remove_animals_by": "2027-05-01",
            "revoke-reason": "x",
        },
    )
    assert response.status_code == 400
    assert "cannot be ordered removed before the revocation date" in response.content.decode()
    assert 'value="2027-05-01"' in response.content.decode()
    permit.refresh_from_db()
    assert permit.status == Permit.Status.ACTIVE


@pytest.mark.django_db
def test_a_permit_is_never_edited_only_voided_with_a_reason(clerk_client, clerk):
    permit = factories.issued_permit(by=clerk)
    refused = clerk_client.post(
        reverse("permits:permit-void", args=[permit.pk]), {"void-reason": ""}
    )
    assert refused.status_code == 400
    clerk_client.post(
        reverse("permits:permit-void", args=[permit.pk]),
        {"void-reason": "Issued on the wrong lot."},
    )
    permit.refresh_from_db()
    assert (permit.status, permit.void_reason) == (Permit.Status.VOID, "Issued on the wrong lot.")
    assert permit.animals.count() == 1  # what it said is kept for the record
