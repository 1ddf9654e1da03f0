"""Found by the stateful machine's holders rule (stateful_holders.py): a holder who changes their
name on their own page, the clerk accepting it, after the legal notice named them as they were.

The audit once read the applicant's name as it is today against the notice's text, so a lawful
notice was reported as not naming the applicant (a false alarm: issue 33, item 5). The notice is
read against the names on record by the day it was printed (the applicant's history).
"""

from __future__ import annotations

from datetime import date

import pytest

from permits.audit import audit_register
from permits.portal import actions as portal
from tests import factories
from tests.permits.audit import sequences

pytestmark = pytest.mark.django_db

ON = date(2030, 1, 7)


def _renamed_after(when: str, *, clerk):
    resident = factories.applicant_account(by=clerk, name="Holder One", email="one@example.org")
    application = factories.new_hen_application(
        by=clerk, received_on=ON, paid=True, applicant=resident
    )

    def renamed(_application=None):
        change = portal.propose_details_change(
            applicant=resident, details={"name": "Holder One Married-Name"}, by=resident.user
        )
        portal.accept_details_change(change=change, by=clerk)

    hearing = sequences.Hearing(**({"after_notice": renamed} if when == "after_notice" else {}))
    permit = sequences.heard_and_issued(application, clerk=clerk, on=ON, hearing=hearing)
    if when == "after_the_permit":
        renamed()
    return permit


@pytest.mark.parametrize("when", ["after_notice", "after_the_permit"])
def test_a_holder_renamed_after_the_legal_notice_audits_clean(when, clerk, board_member):
    import time_machine

    with time_machine.travel(factories.midday(ON), tick=True):
        _renamed_after(when, clerk=clerk)
    anomalies = [a.line() for a in audit_register(today=date(2030, 4, 1)).anomalies]
    assert not anomalies, anomalies


def _rename(resident, name, *, clerk):
    change = portal.propose_details_change(
        applicant=resident, details={"name": name}, by=resident.user
    )
    portal.accept_details_change(change=change, by=clerk)


def test_a_name_taken_only_after_the_notice_was_printed_does_not_excuse_it(clerk, board_member):
    """Only names borne by the day of printing count: a notice naming one the holder took
    later (its text changed afterwards) is reported, unless it is the name on file today."""
    import time_machine

    with time_machine.travel(factories.midday(ON), tick=True):
        permit = _renamed_after("never", clerk=clerk)
    resident = permit.application.applicant
    with time_machine.travel(factories.midday(date(2030, 3, 2)), tick=True):
        _rename(resident, "Second Surname", clerk=clerk)
        _rename(resident, "Third Surname", clerk=clerk)
    legal = permit.application.docket_items.get().meeting.legal_notice
    type(legal).objects.filter(pk=legal.pk).update(
        text=legal.text.replace("Holder One", "Second Surname")
    )
    anomalies = [a.line() for a in audit_register(today=date(2030, 4, 1)).anomalies]
    assert any("does not name the applicant, Third Surname" in line for line in anomalies), (
        anomalies
    )
