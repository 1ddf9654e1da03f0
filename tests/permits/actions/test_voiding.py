"""Voiding a permit (permits.actions.voiding, §20-20(7)): a permit issued in error is voided
with a reason, never edited, and never from under the renewal that rests on it."""

from __future__ import annotations

from datetime import date

import pytest
from django.urls import reverse

from permits import actions
from permits.models import Permit
from tests import factories
from tests.permits.helpers import renew


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
