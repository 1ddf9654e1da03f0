"""The stateful machine's rules for enforcement (issue 33 §2): a mixin of
tests/permits/audit/test_stateful.py's Register.

- An order on a violation, then abated, its deadline extended (to a day the agent types: later,
  or before the one it had, before or after it passed), withdrawn, or marked not abated; then
  the keeping's renewal asked for at once (finding 15: an extension after the deadline passed
  must not lift the renewal it blocked).
- A neighbour's complaint, received on a day typed back or today, at a permit's lot, at an
  address not on file (a lot recorded from it, its parcel id given later), or at a permit's
  address typed another way (a second lot, then merged into the first); its inspection made or
  cancelled; the complaint closed.

The machine provides: `today`, `clerk`, `agent`, `permits`, `_clock_forward_to`.
"""

from __future__ import annotations

import contextlib
from datetime import timedelta
from itertools import count

from hypothesis import strategies as st
from hypothesis.stateful import precondition, rule

from facilities import actions as facility_actions
from inspections import actions as inspection_actions
from inspections.models import Inspection
from permits import actions, eligibility
from stoneham_boh.lib.errors import ActionRefused
from tests.hearings.board_builders import violation
from tests.permits.audit.driven import drives

_serial = count(1)
# What becomes of an order, and how many days after its issue the agent records it.
ORDER_ENDS = ("abated", "extended", "extended_back", "withdrawn", "unabated")


def _renewal_asked(permit, *, clerk, on) -> None:
    """The keeping's renewal, received and paid on `on`, and its issue asked for."""
    permit.refresh_from_db()
    renewal = actions.start_renewal(permit=permit, by=clerk, today=on)
    actions.submit_application(application=renewal, received_on=on, by=clerk)
    actions.record_payment(
        application=renewal,
        amount=eligibility.fee_due(renewal),
        received_on=on,
        method="cash",
        by=clerk,
    )
    actions.issue_permit(application=renewal, by=clerk, on=on)


class Enforcement:
    """Rules of the Register machine: orders and complaints."""

    @drives(
        inspection_actions.abate_order,
        inspection_actions.extend_order,
        inspection_actions.withdraw_order,
        inspection_actions.mark_order_unabated,
    )
    @precondition(lambda self: self.permits)
    @rule(
        data=st.data(),
        end=st.sampled_from(ORDER_ENDS),
        after=st.sampled_from([3, 8, 20]),
        renew=st.booleans(),
    )
    def an_order_and_what_became_of_it(self, data, end, after, renew):
        permit = data.draw(st.sampled_from(self.permits))
        on, agent = self.today, self.agent
        finding = violation(permit, agent=agent, clerk=self.clerk, on=on)
        order = inspection_actions.issue_order(
            finding=finding,
            by=agent,
            requirement="Remove the rat burrows.",
            deadline=on + timedelta(days=7),
            issued_on=on,
        )
        day = on + timedelta(days=after)
        with contextlib.suppress(ActionRefused):
            if end == "abated":
                inspection_actions.abate_order(
                    order=order, by=agent, note="Burrows filled.", on=day
                )
            elif end in ("extended", "extended_back"):
                # The agent types the new deadline: a month on, or (refused) before the old.
                moved = timedelta(days=30 if end == "extended" else -3)
                inspection_actions.extend_order(
                    order=order, by=agent, deadline=order.deadline + moved, reason="Rain."
                )
            elif end == "withdrawn":
                inspection_actions.withdraw_order(order=order, by=agent, reason="Wrong lot.")
            else:
                inspection_actions.mark_order_unabated(order=order, by=agent, on=day)
        self.today = day
        if renew:
            with contextlib.suppress(ActionRefused):
                _renewal_asked(permit, clerk=self.clerk, on=max(day, date_in_window(permit)))
            self.today = max(self.today, date_in_window(permit))

    @drives(
        inspection_actions.record_complaint,
        inspection_actions.cancel_inspection,
        inspection_actions.close_complaint,
        facility_actions.lot_at_address,
        facility_actions.give_parcel_id,
        facility_actions.merge_lots,
        facility_actions.retire_merged_lot,
    )
    @rule(
        data=st.data(),
        where=st.sampled_from(["permit_lot", "new_address", "retyped_address", "misspelled"]),
        received_back=st.sampled_from([0, 2, 30]),
        inspected=st.booleans(),
    )
    def a_complaint(self, data, where, received_back, inspected):
        t, clerk, agent = self.today, self.clerk, self.agent
        # The complaint is taken in today: its day of receipt is refused in the future.
        self._clock_forward_to(t)
        permit = data.draw(st.sampled_from(self.permits)) if self.permits else None
        if permit is None:
            where = "new_address"
        else:
            permit.refresh_from_db()  # an earlier merge may have moved it to another lot
        lot, address = None, ""
        if where == "permit_lot":
            lot = permit.lot
        elif where == "new_address":
            address = f"{next(_serial)} Complaint Lane"
        elif where == "retyped_address":
            # "204 Marble" for "204 Marble Street" (finding 2): the suffix left off. A lot
            # on file without its suffix already ("204 Marble", seed 608571547) is typed in
            # capitals instead: its number alone would name no street.
            words = permit.lot.street_address.split()
            address = " ".join(words[:-1]) if len(words) > 2 else " ".join(words).upper()
        else:
            # "204 Mrable Street": a misspelling no matcher can know, so a second lot is
            # recorded, and the clerk merges it into the permit's lot once the visit shows it.
            number, street = permit.lot.street_address.split(" ", 1)
            address = f"{number} {street[1]}{street[0]}{street[2:]}"
        if address:
            lot = facility_actions.lot_at_address(street_address=address, by=clerk)
        if where == "retyped_address":
            assert lot.pk == permit.lot_id, f"{address!r} made a second lot"
        complaint = inspection_actions.record_complaint(
            lot=lot,
            nature="odour",
            description="A smell of manure over the fence.",
            by=clerk,
            complainant_name="A neighbour",
            received_on=t - timedelta(days=received_back),
        )
        complaint.refresh_from_db()
        inspection = inspection_actions.schedule_inspection(
            lot=complaint.lot,
            kind=Inspection.Kind.COMPLAINT,
            scheduled_for=t + timedelta(days=1),
            by=clerk,
            agent=agent,
            complaint=complaint,
            today=t,
        )
        if not inspected:
            inspection_actions.cancel_inspection(
                inspection=inspection, by=clerk, reason="The complainant withdrew it."
            )
        with contextlib.suppress(ActionRefused):
            # The lot recorded from a misspelled address is merged (it is the parcel of the
            # permit's lot); one recorded from a new address is given its parcel id.
            if not complaint.lot.parcel_id and where == "new_address":
                facility_actions.give_parcel_id(
                    lot=complaint.lot, parcel_id=f"77-{complaint.lot.pk}-1", by=clerk
                )
            if where == "misspelled" and complaint.lot.pk != permit.lot_id:
                facility_actions.merge_lots(duplicate=complaint.lot, into=permit.lot, by=clerk)
        inspection_actions.close_complaint(
            complaint=complaint, by=clerk, resolution="Nothing found.", on=t + timedelta(days=2)
        )
        self.today = t + timedelta(days=3)


def date_in_window(permit):
    """A day in the renewal window of the permit's year (December)."""
    from datetime import date

    return date(permit.expires_on.year, 12, 10)
