"""Sequences the stateful machine found (tests/permits/audit/test_stateful.py), each named.

Each is the shrunk sequence of actions, replayed; after it the register's audit must find
nothing. The first replay the machine's steps through the builder they share with it
(sequences.py); the last step the machine itself (its Register, rule by rule, as a failing run
prints them). A sequence found while a finding is open elsewhere is a strict xfail naming it.
"""

from __future__ import annotations

import contextlib
from datetime import date

import pytest

from facilities import actions as facility_actions
from permits import actions, eligibility
from permits.audit import audit_register
from stoneham_boh.lib.errors import ActionRefused
from tests import factories
from tests.hearings import builders
from tests.permits.audit import sequences

pytestmark = pytest.mark.django_db


def _anomalies(today: date) -> list[str]:
    return [a.line() for a in audit_register(today=today).anomalies]


def heard_and_issued(*, clerk, on: date, name_structures: bool = True):
    """The machine's a_new_application_heard_and_issued, every member voting yes."""
    application = factories.new_hen_application(by=clerk, received_on=on, paid=True)
    return heard_and_issued_application(
        application, clerk=clerk, on=on, name_structures=name_structures
    )


def heard_and_issued_application(application, *, clerk, on: date, name_structures=True):
    return sequences.heard_and_issued(
        application, clerk=clerk, on=on, hearing=sequences.Hearing(name_structures=name_structures)
    )


def renewed(permit, *, clerk, on: date):
    renewal = actions.start_renewal(permit=permit, by=clerk, today=on)
    actions.submit_application(application=renewal, received_on=on, by=clerk)
    actions.record_payment(
        application=renewal,
        amount=eligibility.fee_due(renewal),
        received_on=on,
        method="cash",
        by=clerk,
    )
    return actions.issue_permit(application=renewal, by=clerk, on=on)


def test_a_new_permit_heard_on_a_notice_naming_its_structures_audits_clean(clerk, board_member):
    heard_and_issued(clerk=clerk, on=date(2030, 1, 7))
    assert _anomalies(date(2030, 3, 1)) == []


def test_a_renewal_in_the_window_audits_clean(clerk, board_member):
    permit = heard_and_issued(clerk=clerk, on=date(2030, 1, 7))
    renewed(permit, clerk=clerk, on=date(2030, 11, 15))
    assert _anomalies(date(2030, 11, 20)) == []


def test_the_legal_notice_as_drafted_names_the_structures_asked_for(clerk, board_member):
    heard_and_issued(clerk=clerk, on=date(2030, 1, 7), name_structures=False)
    assert _anomalies(date(2030, 3, 1)) == []


def test_a_paper_register_entry_of_2012_is_held_to_the_rules(clerk):
    with contextlib.suppress(ActionRefused):
        factories.legacy_permit(
            by=clerk,
            first_permitted_on=date(2012, 5, 2),
            valid_for_year=2030,
            manure_bin=True,
            today=date(2030, 1, 7),
        )
    assert _anomalies(date(2030, 1, 8)) == []


def test_a_permit_renewed_in_june_waits_for_the_renewal_window(clerk, board_member):
    permit = heard_and_issued(clerk=clerk, on=date(2030, 1, 7))
    with contextlib.suppress(ActionRefused):  # refused, or issued: the audit judges
        renewed(permit, clerk=clerk, on=date(2030, 6, 15))
    assert _anomalies(date(2030, 6, 20)) == []


def test_a_renewal_received_earlier_is_not_issued_with_the_renewals_together(clerk, board_member):
    """Found by the machine once the branches met (seed 235330930): a renewal received and left
    unpaid was issued weeks later by the renewals together, as if received that day: the batch
    now refuses it, and the clerk takes it up on its own page."""
    permit = heard_and_issued(clerk=clerk, on=date(2030, 1, 7))
    renewal = actions.start_renewal(permit=permit, by=clerk, today=date(2030, 11, 15))
    actions.submit_application(application=renewal, received_on=date(2030, 11, 15), by=clerk)
    batch = actions.renew_together(
        permits=[permit],
        by=clerk,
        on=date(2031, 1, 20),
        payments={permit.pk: actions.PaymentTaken(method="cash")},
    )
    (entry,) = batch.entries.all()
    assert entry.permit is None and "was received on November 15, 2030" in entry.refusal
    assert _anomalies(date(2031, 1, 21)) == []


def test_an_application_at_an_address_already_on_file_joins_its_lot(clerk, board_member):
    first = heard_and_issued(clerk=clerk, on=date(2030, 1, 7))
    # The intake records the address again as a lot of its own (the machine's same_address).
    with contextlib.suppress(ActionRefused):
        lot = facility_actions.create_lot(by=clerk, street_address=first.lot.street_address)
        application = factories.new_hen_application(
            by=clerk, received_on=date(2030, 3, 1), paid=True, lot=lot
        )
        heard_and_issued_application(application, clerk=clerk, on=date(2030, 3, 1))
    assert _anomalies(date(2030, 5, 1)) == []


def test_an_order_past_its_deadline_stops_the_renewal(clerk, board_member, agent):
    from inspections import actions as inspection_actions
    from tests.hearings.board_builders import violation

    permit = heard_and_issued(clerk=clerk, on=date(2030, 1, 7))
    finding = violation(permit, agent=agent, clerk=clerk, on=date(2030, 3, 8))
    inspection_actions.issue_order(
        finding=finding,
        by=agent,
        requirement="Remove the rat burrows.",
        deadline=date(2030, 3, 15),
        issued_on=date(2030, 3, 8),
    )
    with contextlib.suppress(ActionRefused):  # refused until abated: what the fix does
        renewed(permit, clerk=clerk, on=date(2030, 11, 15))
    assert _anomalies(date(2030, 11, 20)) == []


def test_a_grandfathered_renewal_revoked_before_its_term_began_audits_clean(clerk, board_member):
    """Found by the machine against the audit itself: a December renewal for next year,
    revoked in December after an inspection found a violation, was judged on January 1 with
    that violation, as though it had run."""
    legacy = factories.legacy_permit(
        by=clerk,
        first_permitted_on=date(1994, 5, 2),
        valid_for_year=2030,
        today=date(2030, 1, 7),
        manure_bin=True,
    )
    renewal = renewed(legacy, clerk=clerk, on=date(2030, 11, 15))
    # The violation is found after the renewal issued (the holder noticed ten days ahead).
    factories.revoke_by_the_board(
        renewal, by=clerk, revoked_on=date(2030, 12, 1), remove_by=date(2030, 12, 31)
    )
    assert _anomalies(date(2030, 12, 5)) == []


def test_revoking_a_permit_ends_next_years_permit_of_the_keeping(clerk, board_member):
    permit = heard_and_issued(clerk=clerk, on=date(2030, 1, 7))
    renewed(permit, clerk=clerk, on=date(2030, 11, 15))
    with contextlib.suppress(ActionRefused):
        factories.revoke_by_the_board(
            permit, by=clerk, revoked_on=date(2030, 12, 1), remove_by=date(2030, 12, 31)
        )
    assert _anomalies(date(2030, 12, 5)) == []


def test_no_permit_for_next_year_rests_on_a_variance_ending_this_year(clerk, board_member):
    from tests.permits.audit.test_audit import AFTER, noticed

    item = noticed(by=clerk, setback_ft="40", relief=["20-15.4.a"])
    builders.decide(
        item, by=board_member, variance_rules=["20-15.4.a"], variance_expires_on=date(2030, 12, 31)
    )
    permit = actions.issue_permit(application=item.application, by=clerk, on=AFTER)
    with contextlib.suppress(ActionRefused):
        renewed(permit, clerk=clerk, on=date(2030, 12, 20))
    assert _anomalies(date(2030, 12, 21)) == []


def test_a_violation_found_the_day_a_grandfathered_renewal_issued_is_not_held_against_it(
    clerk, board_member, agent
):
    """Found by the machine against the audit: the agent's inspection recorded after the
    renewal issued, on the same day, was read as known when it issued, and the renewal lost
    its grandfathering (and was judged on §20-19) for a violation found after it."""
    from inspections import actions as inspection_actions
    from tests.hearings.board_builders import violation

    legacy = factories.legacy_permit(
        by=clerk,
        first_permitted_on=date(1994, 5, 2),
        valid_for_year=2030,
        today=date(2030, 1, 7),
        manure_bin=True,
    )
    renewed(legacy, clerk=clerk, on=date(2030, 11, 15))
    finding = violation(legacy, agent=agent, clerk=clerk, on=date(2030, 11, 15))
    inspection_actions.issue_order(
        finding=finding,
        by=agent,
        requirement="Remove the rat burrows.",
        deadline=date(2030, 11, 22),
        issued_on=date(2030, 11, 15),
    )
    assert _anomalies(date(2030, 11, 25)) == []


# --- replayed through the machine itself (its rules, in the order it printed them) ---------------


@pytest.fixture
def machine():
    """The stateful machine's Register, stepped by hand as a failing run prints its steps."""
    from stoneham_boh.accounts.roles import Role
    from tests.conftest import make_user
    from tests.permits.audit import test_stateful

    test_stateful.USERS.update(
        clerk=make_user("clerk-m", Role.CLERK),
        agent=make_user("agent-m", Role.AGENT),
        admin=make_user("admin-m", Role.ADMIN),
        board=[make_user(f"board-m{n}", Role.BOARD) for n in range(3)],
    )
    state = test_stateful.Register()
    yield state
    state.teardown()


def test_an_online_application_at_an_address_on_file_typed_with_its_unit_joins_its_lot(machine):
    """Found by the machine against itself: the resident's steps ran on a clock set to the
    machine's day and the issue on the real one, so the permit's history came before its
    application's structures (now the machine's clock only moves forward)."""
    machine.a_new_application_heard_and_issued(
        absent=False,
        same_address=False,
        edit="none",
        name_structures=True,
        variance=False,
        continued=False,
        online="addresses",
    )
    machine.an_online_application_heard_and_issued(retyped="with_unit", same_address=True)
    lots = {permit.lot_id for permit in machine.permits}
    assert len(machine.permits) == 2 and len(lots) == 1
    machine.the_audit_finds_nothing()


@pytest.mark.parametrize(
    ("edit", "when", "issued"),
    [
        # Before the letters, the abutters are told where the coop now is.
        ("moved_closer", "before_notice", True),
        ("moved_away", "before_notice", True),
        # Measured once, a coop the plan no longer draws has no known distance (finding 5).
        ("deleted", "before_notice", False),
        # After them, nearer than the letters said needs a new notice; farther does not.
        ("moved_closer", "after_notice", False),
        ("moved_away", "after_notice", True),
        ("deleted", "after_notice", False),
    ],
)
def test_a_coop_edited_on_the_plan_around_the_notice_issues_only_on_what_was_noticed(
    machine, edit, when, issued
):
    machine.a_plan_drawn_then_edited(edit=edit, when=when)
    assert len(machine.permits) == (1 if issued else 0)
    machine.the_audit_finds_nothing()


def test_a_permit_issued_before_the_parcel_map_was_imported_needs_no_reason_for_its_lot(machine):
    """Found by the machine against the audit: a resident's permit on a lot new to the Board
    issued before the parcel map was first imported (drawing a plan imports it), and the audit
    then counted the lot's missing reason against that permit, as though it issued off the map.
    A permit issued once the map is imported still needs the clerk's reason."""
    machine.an_online_application_heard_and_issued(retyped="abbreviated", same_address=False)
    machine.a_plan_drawn_then_edited(edit="moved_closer", when="before_notice")
    assert len(machine.permits) == 2
    machine.the_audit_finds_nothing()


@pytest.mark.parametrize("building", ["complete", "inspector_dated_back"])
def test_a_keeping_built_as_the_board_heard_it_is_what_the_board_decided(machine, building):
    """Found by the machine once the branches met (seed 1375256699): a new keeping whose
    construction the Board heard and approved was reported as allowing "construction
    declared: new", which the Board never decided; it decided exactly that."""
    machine.a_keeping_to_be_built_heard_and_issued(family="ducks", building=building)
    machine.the_audit_finds_nothing()
