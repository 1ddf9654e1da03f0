"""Horses are counted per lot across its active permits (issue #12, point 14), through the
actions and the pages a clerk uses."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest
import time_machine
from django.urls import reverse

from permits import actions, eligibility
from permits.facts_from_records import evaluate_application, facts_for
from permits.models import Permit
from stoneham_boh.lib.errors import ActionRefused
from tests import factories

ISSUE_DAY = date(2027, 1, 14)

GOOD_STABLE = {
    "label": "S1",
    "kind": "stable",
    "area_sqft": Decimal("260"),
    "screened_window": True,
    "opposite_louvers": True,
    "potable_water": True,
    "distance_property_line_ft": Decimal("80"),
    "distance_public_way_ft": Decimal("90"),
}
GOOD_CORRAL = {
    "label": "C2",
    "kind": "corral",
    "area_sqft": Decimal("1800"),
    "fence_height_ft": Decimal("6"),
    "distance_public_way_ft": Decimal("60"),
}


def horse_application(*, by, lot, horses: int, applicant=None, received_on=date(2027, 1, 5)):
    """A complete, paid renewal for `horses` horses on `lot`, with stable, corral and bin."""
    factories.fee_schedule()
    application = actions.create_application(
        applicant=applicant or factories.applicant(),
        lot=lot,
        kind="renewal",
        by=by,
        manure_method="off_site",
        securely_fenced=True,
        vermin_licensed_operator=True,
    )
    actions.set_animals(application=application, by=by, animals={"horse": horses})
    for structure in (GOOD_STABLE, GOOD_CORRAL, factories.GOOD_MANURE_BIN):
        actions.add_structure(application=application, by=by, **structure)
    actions.submit_application(application=application, received_on=received_on, by=by)
    # The vermin plan is the Board's to approve, by a vote (§20-19).
    factories.board_approves(application, ["vermin_plan"])
    actions.record_payment(
        application=application,
        amount=eligibility.fee_due(application),
        received_on=received_on,
        method="check",
        by=by,
    )
    return application


def refusal(application, on) -> str:
    with pytest.raises(ActionRefused) as refused:
        actions.issue_permit(application=application, by=None, on=on)
    assert not Permit.objects.filter(application=application).exists()
    return " ".join(refused.value.reasons)


# --- point 14: horses are counted per lot across its active permits --------------------------


@pytest.fixture
def paddock(clerk):
    """A five-acre lot where a neighbour already holds a permit for three horses."""
    lot = factories.lot(area_acres=Decimal("5"))
    first = horse_application(by=clerk, lot=lot, horses=3)
    actions.issue_permit(application=first, by=clerk, on=ISSUE_DAY)
    return lot


@pytest.mark.django_db
def test_horse_on_a_lot_with_three_permitted_horses_is_refused(clerk, paddock):
    second = horse_application(by=clerk, lot=paddock, horses=1)
    assert "§20-17(1)" in refusal(second, ISSUE_DAY)
    (count, _) = [
        f for f in evaluate_application(second, ISSUE_DAY)["findings"] if f["rule"] == "20-17.1"
    ]
    assert (count["status"], count["actual"], count["required"]) == ("fail", 4, 3)


@pytest.mark.django_db
def test_horse_on_a_lot_with_three_permitted_horses_is_refused_on_the_page(
    clerk, clerk_client, paddock
):
    second = horse_application(by=clerk, lot=paddock, horses=1)
    with time_machine.travel(factories.midday(ISSUE_DAY), tick=False):
        clerk_client.force_login(clerk)
        detail = clerk_client.get(reverse("permits:application-detail", args=[second.pk]))
        issued = clerk_client.post(
            reverse("permits:application-issue", args=[second.pk]), {"issue-conditions": ""}
        )
    assert 'data-rule="20-17.1" data-status="fail"' in detail.content.decode()
    assert "3 under other permits" in detail.content.decode()
    assert issued.status_code == 409
    assert "§20-17(1)" in issued.content.decode()
    assert not Permit.objects.filter(application=second).exists()


@pytest.mark.django_db
def test_horses_of_a_revoked_void_or_expired_permit_no_longer_count(clerk):
    lot = factories.lot(area_acres=Decimal("5"))
    revoked = actions.issue_permit(
        application=horse_application(by=clerk, lot=lot, horses=3), by=clerk, on=ISSUE_DAY
    )
    factories.revoke_by_the_board(
        revoked,
        by=clerk,
        revoked_on=date(2027, 2, 1),
        remove_by=date(2027, 3, 1),
        grounds="Violation of §20-16(1).",
    )
    voided = actions.issue_permit(
        application=horse_application(by=clerk, lot=lot, horses=2), by=clerk, on=ISSUE_DAY
    )
    actions.void_permit(permit=voided, reason="Issued in error.", by=clerk)
    expired = actions.issue_permit(
        application=horse_application(by=clerk, lot=lot, horses=2, received_on=date(2026, 5, 20)),
        by=clerk,
        on=date(2026, 6, 1),
    )
    assert expired.expires_on < ISSUE_DAY
    another = horse_application(by=clerk, lot=lot, horses=1)
    assert facts_for(another, ISSUE_DAY)["lot"]["equines_under_other_permits"] == 0
    assert actions.issue_permit(application=another, by=clerk, on=ISSUE_DAY)


@pytest.mark.django_db
def test_a_renewal_does_not_count_the_horses_of_the_permit_it_renews(clerk):
    lot = factories.lot(area_acres=Decimal("5"))
    holder = factories.applicant()
    permit = actions.issue_permit(
        application=horse_application(by=clerk, lot=lot, horses=3, applicant=holder),
        by=clerk,
        on=ISSUE_DAY,
    )
    renewal = actions.start_renewal(permit=permit, by=clerk, today=date(2027, 11, 2))
    assert facts_for(renewal, date(2027, 11, 20))["lot"]["equines_under_other_permits"] == 0


@pytest.mark.django_db
def test_horses_on_another_lot_do_not_count(clerk, paddock):
    elsewhere = horse_application(by=clerk, lot=factories.lot(area_acres=Decimal("2")), horses=1)
    assert facts_for(elsewhere, ISSUE_DAY)["lot"]["equines_under_other_permits"] == 0
    assert actions.issue_permit(application=elsewhere, by=clerk, on=ISSUE_DAY)
