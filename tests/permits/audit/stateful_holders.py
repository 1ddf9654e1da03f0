"""The stateful machine's rules for a holder with an account (issue 33 §2): a mixin of
tests/permits/audit/test_stateful.py's Register.

A resident with an account applies (the clerk takes it in), and changes their name on their
own page, the clerk accepting it before the notices, between the notices and the hearing, or
after the permit; then asks from their page for the permit's renewal, which the clerk takes up
in the renewal window and issues.

The machine provides: `today`, `clerk`, `permits`, `_hearing_and_permit`, `_clock_forward_to`.
"""

from __future__ import annotations

import contextlib
from datetime import date
from itertools import count

from hypothesis import strategies as st
from hypothesis.stateful import rule

from permits import actions, eligibility
from permits.portal import actions as portal
from stoneham_boh.lib.errors import ActionRefused
from tests import factories
from tests.permits.audit import sequences
from tests.permits.audit.driven import drives

_serial = count(1)


class Holders:
    """Rules of the Register machine: what a holder does from their own page."""

    @drives(portal.accept_details_change, portal.take_up_renewal_request)
    # A rename after the notices: the notice named the holder as they were, and still names
    # them (the audit reads the names on record by its printing, test_holder_renamed.py).
    @rule(when=st.sampled_from(["before_notice", "after_notice", "after_the_permit"]))
    def a_holder_renamed_then_renewing_from_their_page(self, when):
        t, clerk = self.today, self.clerk
        self._clock_forward_to(t)
        n = next(_serial)
        resident = factories.applicant_account(
            by=clerk, name=f"Holder {n}", email=f"holder{n}@example.org"
        )
        application = factories.new_hen_application(
            by=clerk, received_on=t, paid=True, applicant=resident
        )

        def renamed(_application=None):
            change = portal.propose_details_change(
                applicant=resident, details={"name": f"Holder {n} Married-Name"}, by=resident.user
            )
            if change is not None:
                portal.accept_details_change(change=change, by=clerk)

        hearing = sequences.Hearing(**({when: renamed} if when != "after_the_permit" else {}))
        before = len(self.permits)
        self._hearing_and_permit(application, t, hearing)
        if len(self.permits) == before:
            return
        permit = self.permits[-1]
        if when == "after_the_permit":
            renamed()
        window = max(self.today, date(permit.expires_on.year, 12, 5))
        self._clock_forward_to(window)
        with contextlib.suppress(ActionRefused):
            asked = portal.request_renewal(permit=permit, by=resident.user, unchanged=True)
            # Starting the renewal takes up the holder's request (permits.actions).
            renewal = actions.start_renewal(permit=permit, by=clerk, today=window)
            asked.refresh_from_db()
            assert asked.application_id == renewal.pk
            actions.submit_application(application=renewal, received_on=window, by=clerk)
            actions.record_payment(
                application=renewal,
                amount=eligibility.fee_due(renewal),
                received_on=window,
                method="cash",
                by=clerk,
            )
            self.permits.append(actions.issue_permit(application=renewal, by=clerk, on=window))
        self.today = window
