"""The stateful machine's rules for the permit itself (issue 33): a mixin of
tests/permits/audit/test_stateful.py's Register, kept apart so that other branches' rules
merge beside it. Each rule tries one way past the regulation through the actions; an action
refuses it, or the audit must find nothing after it.

- A violation sent from a phone whose clock is behind, then a renewal the same day (finding 1).
- "204 Marble", typed without its suffix, beside the map's 204 MARBLE ST (finding 2).
- A plan of record filed between the Board's vote and the issue (finding 4).
- The conditions the Board voted, "corrected" by the clerk or typed over at the issue
  (finding 8).
- A paper permit of the year entered beside the keeping's own permit (finding 11).
- A variance rescinded by the Board while its permit runs (finding 12).
- An order's deadline extended after it passed, then a renewal (finding 15).

The machine provides: `today`, `clerk`, `agent`, `admin`, `permits`, `addresses`,
`_hearing_and_permit`, `_clock_forward_to` and `a_renewal`'s own steps (`_renewed`).
"""

from __future__ import annotations

import contextlib
import tempfile
from datetime import date, datetime, time, timedelta
from decimal import Decimal
from pathlib import Path
from zoneinfo import ZoneInfo

from hypothesis import strategies as st
from hypothesis.stateful import precondition, rule

from facilities import actions as facility_actions
from facilities.models import Parcel
from hearings import actions as hearing_actions
from hearings.actions.decisions import Ruling
from hearings.corrections.actions import correct_decision
from hearings.demo import accept_register_by_vote
from hearings.models import BoardMember, Variance
from inspections import actions as inspection_actions
from inspections.actions import Answer
from inspections.checklist import items_for
from inspections.keeping import keeping_for
from inspections.models import ChecklistFinding, Inspection, Order
from permits import actions, eligibility
from permits.models import Permit
from stoneham_boh.lib.errors import ActionRefused
from tests import factories
from tests.facilities import parcel_layers as layer
from tests.hearings.builders import attend_as_voting, posted
from tests.permits.audit import sequences
from tests.permits.audit.driven import drives

STONEHAM = ZoneInfo("America/New_York")
# The map's parcel W carries "204 MARBLE ST" (finding 2); E_FAR takes a plan of record drawn
# after the vote, its coop some 52 ft from the west line where the Board heard 80 (finding 4).
MARBLE = "204 MARBLE ST"
PLAN_OF_RECORD_COOP = {
    "id": "C1",
    "kind": "structure",
    "form": "rect",
    "x": layer.X0 + 126,
    "y": layer.Y0 + 210,
    "width_ft": 4,
    "depth_ft": 4,
    "rotation_deg": 0,
}


def _marble_rows() -> list[dict]:
    rows = layer.parcels()
    for row in rows:
        if row["LOC_ID"] == "L_W":
            row.update(SITE_ADDR=MARBLE, LOT_SIZE=1.6)
    return rows


class PermitTruth:
    """Rules of the Register machine: the permit is what the regulation and the Board allow."""

    # --- finding 1: a phone's clock behind --------------------------------------------

    @precondition(lambda self: self.permits)
    @drives(inspection_actions.schedule_inspection, inspection_actions.record_inspection)
    @rule(data=st.data(), years_back=st.sampled_from([0, 1, 2]), listed_long_ago=st.booleans())
    def a_violation_sent_from_a_phone_whose_clock_is_behind(
        self, data, years_back, listed_long_ago=False
    ):
        """Typed `years_back` years back: before the listing it is refused; after it (the
        inspection put on the list that day and left there, `listed_long_ago`) it is recorded
        today, and §20-20(8) counts its violation from today, the day it arrived."""
        permit = data.draw(st.sampled_from(self.permits))
        permit.refresh_from_db()
        t = self.today
        self._clock_forward_to(t)
        back = t - timedelta(days=365 * years_back)
        listed = back if listed_long_ago else t
        # Put on the list on `listed` as the demo loader puts a visit of the past there: the
        # day it was scheduled for is read as its listing (inspections.actions.earliest_visit).
        inspection = inspection_actions.schedule_inspection(
            lot=permit.lot,
            kind=Inspection.Kind.ROUTINE,
            scheduled_for=listed,
            by=self.clerk,
            agent=self.agent,
            today=listed,
        )
        keeping = keeping_for(inspection.lot, listed, inspection.application)
        items = items_for(inspection, keeping)
        answers = {item.id: Answer(ChecklistFinding.Result.COMPLIES) for item in items}
        answers[items[0].id] = Answer(ChecklistFinding.Result.VIOLATION, "Rats by the coop.")
        typed = datetime.combine(back, time(9), tzinfo=STONEHAM)
        try:
            inspection_actions.record_inspection(
                inspection=inspection, by=self.agent, answers=answers, performed_at=typed
            )
        except ActionRefused:
            assert back < listed, "a visit at a time after its listing is recorded"
        self._renewed(permit, t)

    # --- finding 2: "204 Marble" -------------------------------------------------------

    @drives(
        facility_actions.create_lot,
        facility_actions.record_unmapped_reason,
        facility_actions.link_lot_to_parcel,
    )
    @rule(linked_first=st.booleans())
    def a_lot_typed_without_its_streets_suffix(self, linked_first):
        t, clerk = self.today, self.clerk
        self._clock_forward_to(t)
        parcel = self._the_map().get(site_address=MARBLE)
        if linked_first and not parcel.lots.exists():
            with contextlib.suppress(ActionRefused):
                facility_actions.create_lot(
                    by=clerk,
                    street_address="204 Marble Street",
                    parcel_id=parcel.map_par_id,
                    percolation_min_per_inch=Decimal("10"),
                )
        try:
            lot = facility_actions.create_lot(
                by=clerk,
                street_address="204 Marble",
                area_acres=Decimal("3"),
                percolation_min_per_inch=Decimal("10"),
            )
        except ActionRefused:
            return  # the lot on file at that address is the one (one lot per parcel)
        with contextlib.suppress(ActionRefused):
            facility_actions.record_unmapped_reason(
                lot=lot, reason="Not found on the map.", by=clerk
            )
        lot.refresh_from_db()
        assert not lot.unmapped_reason, "the map holds the address: no reason is recorded"
        # Refused, the clerk links the lot to the map's parcel: its 1.6 acres govern.
        with contextlib.suppress(ActionRefused):
            facility_actions.link_lot_to_parcel(lot=lot, parcel=parcel, by=clerk)
        application = factories.new_hen_application(by=clerk, received_on=t, paid=True, lot=lot)
        self.addresses.append(lot.street_address)
        self._hearing_and_permit(application, t, sequences.Hearing())

    # --- findings 4 and 8: the permit is what the Board decided ---------------------------

    @drives(facility_actions.file_plan_of_record, actions.issue_permit)
    @rule(
        after_the_vote=st.sampled_from(["plan_of_record", "conditions_corrected", "typed"]),
    )
    def the_board_decides_and_something_changes_before_the_issue(self, after_the_vote):
        t, clerk = self.today, self.clerk
        self._clock_forward_to(t)
        application = factories.new_hen_application(
            by=clerk, received_on=t, paid=True, setback_ft="80"
        )

        def between(application):
            if after_the_vote == "plan_of_record":
                self._plan_of_record(application)
            elif after_the_vote == "conditions_corrected":
                decision = application.docket_items.get(decision__result="approved").decision
                with contextlib.suppress(ActionRefused):
                    correct_decision(
                        decision=decision,
                        conditions="Coop anywhere on the lot.",
                        reason="Clerical.",
                        by=clerk,
                        today=decision.decided_on,
                    )
            else:
                with contextlib.suppress(ActionRefused):
                    self.permits.append(
                        actions.issue_permit(
                            application=application,
                            by=clerk,
                            on=sequences.hearing_day(t, sequences.Hearing()),
                            conditions="Coop anywhere on the lot.",
                        )
                    )

        hearing = sequences.Hearing(conditions="As shown on the plan.", after_decision=between)
        self.addresses.append(application.lot.street_address)
        self._hearing_and_permit(application, t, hearing)

    def _plan_of_record(self, application) -> None:
        """The paper plan transcribed after the vote, on the map's E_FAR (when still free)."""
        parcel = self._the_map().filter(loc_id="L_E_FAR", lots__isnull=True).first()
        if parcel is None:
            return
        # Read again: the decision was recorded on the row since this object was read, and the
        # action judges the application by its status (a plan of record only once decided).
        application.refresh_from_db()
        with contextlib.suppress(ActionRefused):
            facility_actions.link_lot_to_parcel(lot=application.lot, parcel=parcel, by=self.clerk)
            facility_actions.file_plan_of_record(
                application=application, shapes=[PLAN_OF_RECORD_COOP], by=self.clerk
            )

    # --- finding 11: a paper permit beside the keeping's own ------------------------------

    @precondition(lambda self: self.permits)
    @drives(actions.enter_register_permit)
    @rule(data=st.data())
    def a_paper_permit_of_the_year_beside_the_keepings_own(self, data):
        permit = data.draw(st.sampled_from(self.permits))
        permit.refresh_from_db()
        if permit.status != "active" or permit.year > self.today.year:
            return  # the register holds no paper permit for a year to come
        with contextlib.suppress(ActionRefused):
            entry = factories.register_entry(
                by=self.clerk,
                first_permitted_on=date(1994, 5, 2),
                valid_for_year=permit.year,
                applicant=permit.holder,
                lot=permit.lot,
                today=self.today,
                manure_bin=True,
            )
            factories.board(self.today)
            accept_register_by_vote([entry], self.today, self.clerk)
            self.permits.append(entry)

    # --- finding 12: a variance rescinded ------------------------------------------------

    @precondition(lambda self: Variance.objects.filter(rescinded_on__isnull=True).exists())
    @drives(hearing_actions.open_variance_rescission, hearing_actions.record_decision)
    @rule(data=st.data())
    def the_board_rescinds_a_variance(self, data):
        variances = list(Variance.objects.filter(rescinded_on__isnull=True).order_by("pk"))
        variance = data.draw(st.sampled_from(variances))
        t = self.today
        on = t + timedelta(days=21)
        with contextlib.suppress(ActionRefused):
            meeting = hearing_actions.schedule_meeting(
                on=on, at=time(19), place="Town Hall", by=self.clerk, today=t
            )
            item = hearing_actions.open_variance_rescission(
                variance=variance,
                meeting=meeting,
                reason="Its fence is down.",
                by=self.clerk,
                today=t,
            )
            members = list(BoardMember.objects.in_office(on).select_related("user"))
            if not members:
                return
            votes = {m.user: "yes" for m in members}
            attend_as_voting(meeting, votes, by=self.clerk)
            posted(meeting, by=self.clerk)
            hearing_actions.record_decision(
                item=item,
                ruling=Ruling(result="rescinded", decided_on=on, reasons="Its condition broken."),
                votes=votes,
                by=members[0].user,
                today=on,
            )
        self.today = on + timedelta(days=1)

    # --- finding 15: a deadline extended after it passed -----------------------------------

    @precondition(lambda self: Order.objects.filter(status="open").exists())
    @drives(inspection_actions.extend_order)
    @rule(data=st.data(), then_renewed=st.booleans())
    def an_order_extended_after_its_deadline(self, data, then_renewed):
        order = data.draw(st.sampled_from(list(Order.objects.filter(status="open").order_by("pk"))))
        t = self.today
        with contextlib.suppress(ActionRefused):
            inspection_actions.extend_order(
                order=order,
                by=self.agent,
                deadline=max(order.deadline, t) + timedelta(days=30),
                reason="The owner asked for more time.",
                today=t,
            )
        if then_renewed:
            for permit in Permit.objects.filter(lot=order.lot, status="active").order_by("pk"):
                self._renewed(permit, t)

    # --- shared -------------------------------------------------------------------------

    def _the_map(self):
        """The parcels of the test map, imported once with parcel W at 204 MARBLE ST (a map
        another rule imported first is brought up to it: the same tax year)."""
        if not Parcel.objects.filter(site_address=MARBLE).exists():
            with tempfile.TemporaryDirectory() as folder:
                path = layer.write(Path(folder) / "M284.zip", rows=_marble_rows())
                facility_actions.import_parcel_layer(path=path, by=self.clerk)
        return Parcel.objects.all()

    def _renewed(self, permit, on: date) -> None:
        """The clerk renews `permit` on `on`, through the renewal page's actions."""
        permit.refresh_from_db()
        with contextlib.suppress(ActionRefused):
            renewal = actions.start_renewal(permit=permit, by=self.clerk, today=on)
            actions.submit_application(application=renewal, received_on=on, by=self.clerk)
            actions.record_payment(
                application=renewal,
                amount=eligibility.fee_due(renewal),
                received_on=on,
                method="cash",
                by=self.clerk,
            )
            self.permits.append(actions.issue_permit(application=renewal, by=self.clerk, on=on))
