"""Renewals (§20-15(1), §20-20(5), (8)), revocation (§20-20(6)) and voiding (§20-20(7))."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest
import time_machine
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from permits import actions
from permits.models import Application, Permit
from stoneham_boh.lib.errors import ActionRefused
from tests import factories
from tests.permits.helpers import renew


@pytest.mark.django_db
def test_a_renewal_is_prefilled_from_the_permit_it_renews(clerk):
    permit = factories.issued_permit(by=clerk)
    renewal = actions.start_renewal(permit=permit, by=clerk, today=date(2027, 11, 2))
    assert renewal.kind == Application.Kind.RENEWAL
    assert (renewal.applicant, renewal.lot, renewal.renews) == (permit.holder, permit.lot, permit)
    assert renewal.status == Application.Status.DRAFT
    assert [(a.species, a.count) for a in renewal.animals.all()] == [("chicken", 6)]
    assert [s.label for s in renewal.structures.all()] == ["C1", "M1"]
    assert renewal.securely_fenced and renewal.manure_method == "receptacle"


@pytest.mark.django_db
def test_starting_a_renewal_twice_returns_the_one_already_open(clerk):
    permit = factories.issued_permit(by=clerk)
    assert actions.start_renewal(
        permit=permit, by=clerk, today=date(2027, 11, 2)
    ) == actions.start_renewal(permit=permit, by=clerk)


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
    permit = factories.legacy_permit(
        by=clerk, structure={"distance_property_line_ft": Decimal("18")}
    )
    assert permit.grandfathered
    renewal = renew(permit, by=clerk)
    new_permit = actions.issue_permit(application=renewal, by=clerk, on=date(2027, 11, 28))
    assert new_permit.grandfathered


@pytest.mark.django_db
def test_a_grandfathered_keeping_that_changed_must_meet_todays_rules(clerk):
    permit = factories.legacy_permit(
        by=clerk, structure={"distance_property_line_ft": Decimal("18")}
    )
    renewal = renew(permit, by=clerk, animals={"chicken": 4})
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


@pytest.mark.django_db
def test_a_renewed_permit_is_not_voided_from_under_its_renewal(clerk_client, clerk):
    permit = factories.issued_permit(by=clerk)
    renewal = renew(permit, by=clerk, received_on=date(2027, 11, 20))
    later = actions.issue_permit(application=renewal, by=clerk, on=date(2027, 11, 28))
    page = clerk_client.get(reverse("permits:permit-detail", args=[permit.pk])).content.decode()
    assert f'href="/permits/{later.pk}/">Permit {later.number}</a> renews this one' in page
    assert 'name="void-reason"' not in page  # no form to fill in vain
    refused = clerk_client.post(
        reverse("permits:permit-void", args=[permit.pk]), {"void-reason": "Wrong lot."}
    )
    assert refused.status_code == 400
    assert f"Permit {later.number} renews it" in refused.content.decode()
    assert "Wrong lot." in refused.content.decode()  # the reason typed is kept
    permit.refresh_from_db()
    assert permit.status == Permit.Status.ACTIVE


def _page_queries(client, application) -> tuple[int, str]:
    with CaptureQueriesContext(connection) as queries:
        page = client.get(reverse("permits:application-detail", args=[application.pk]))
    assert page.status_code == 200
    return len(queries), page.content.decode()


@pytest.mark.django_db
def test_a_renewals_page_costs_the_same_queries_however_often_the_keeping_was_renewed(
    clerk_client, clerk
):
    """A keeping renewed every year carries its Board's grants along its chain of permits; the
    page reads the whole chain with the lot's permits, not four queries a year."""
    permit = factories.issued_permit(by=clerk)
    renewal = renew(permit, by=clerk, received_on=date(2027, 11, 20))
    with time_machine.travel(date(2027, 11, 25)):
        clerk_client.force_login(clerk)
        once, page = _page_queries(clerk_client, renewal)
    renewed = reverse("permits:permit-detail", args=[permit.pk])
    assert f'renews permit <a href="{renewed}">' in page

    for year in (2028, 2029, 2030):
        permit = actions.issue_permit(application=renewal, by=clerk, on=date(year - 1, 12, 10))
        renewal = renew(permit, by=clerk, received_on=date(year, 11, 20))
    with time_machine.travel(date(2030, 11, 25)):
        clerk_client.force_login(clerk)
        thrice, page = _page_queries(clerk_client, renewal)
    assert permit.number in page
    assert thrice == once
