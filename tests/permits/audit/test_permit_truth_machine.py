# ruff: noqa: F811 - `machine` is the fixture of test_found_by_the_machine, taken by name
"""The machine's rules for the permit itself (stateful_permits.py), each stepped by hand as a
run would take it, the audit finding nothing after each (issue 33)."""

from __future__ import annotations

import pytest

from facilities.siteplan.models import SitePlan
from tests.permits.audit.test_found_by_the_machine import machine  # noqa: F401 - fixture

pytestmark = pytest.mark.django_db


def _first(values):
    class First:
        def draw(self, strategy):
            return values[0]

    return First()


def _a_permit(machine):
    machine.a_new_application_heard_and_issued(
        absent=False,
        same_address=False,
        edit="none",
        name_structures=True,
        variance=False,
        continued=False,
        online="addresses",
    )
    assert machine.permits


@pytest.mark.parametrize("years_back", [0, 2])
def test_a_violation_dated_two_years_back_keeps_no_renewal_grandfathered(machine, years_back):
    _a_permit(machine)
    machine.time_passes(days=300)
    machine.a_violation_sent_from_a_phone_whose_clock_is_behind(
        data=_first(machine.permits), years_back=years_back
    )
    machine.the_audit_finds_nothing()


@pytest.mark.parametrize("linked_first", [True, False])
def test_a_lot_typed_without_its_suffix_is_the_maps(machine, linked_first):
    machine.a_lot_typed_without_its_streets_suffix(linked_first=linked_first)
    machine.the_audit_finds_nothing()


@pytest.mark.parametrize("after_the_vote", ["plan_of_record", "conditions_corrected", "typed"])
def test_the_permit_is_what_the_board_decided(machine, after_the_vote):
    machine.the_board_decides_and_something_changes_before_the_issue(after_the_vote=after_the_vote)
    if after_the_vote == "plan_of_record":
        # The plan filed after the vote measures the coop at 52.1 ft where the Board heard 80:
        # the permit is refused, not issued for what the Board never decided.
        assert SitePlan.objects.filter(application__lot__tax_parcel__loc_id="L_E_FAR").exists()
        assert machine.permits == []
    else:
        (permit,) = {p.pk: p for p in machine.permits}.values()
        assert permit.conditions == "As shown on the plan."
    machine.the_audit_finds_nothing()


def test_a_paper_permit_beside_the_keepings_own_is_refused(machine):
    _a_permit(machine)
    machine.a_paper_permit_of_the_year_beside_the_keepings_own(data=_first(machine.permits))
    assert len(machine.permits) == 1
    machine.the_audit_finds_nothing()


def test_a_rescinded_variance_ends_its_permit(machine):
    machine.a_new_application_heard_and_issued(
        absent=False,
        same_address=False,
        edit="none",
        name_structures=True,
        variance=True,
        continued=False,
        online="addresses",
    )
    from hearings.models import Variance

    machine.the_board_rescinds_a_variance(data=_first(list(Variance.objects.all())))
    machine.permits[0].refresh_from_db()
    assert machine.permits[0].status == "revoked"
    machine.the_audit_finds_nothing()


def test_an_order_extended_after_its_deadline_keeps_the_renewal_refused(machine):
    from inspections.models import Order

    _a_permit(machine)
    machine.time_passes(days=300)
    machine.an_order_left_overdue(data=_first(machine.permits))
    machine.an_order_extended_after_its_deadline(
        data=_first(list(Order.objects.all())), then_renewed=True
    )
    assert len(machine.permits) == 1
    machine.the_audit_finds_nothing()
