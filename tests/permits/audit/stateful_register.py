"""The stateful machine's rules for the register's other records (issue 33 §2): a mixin of
tests/permits/audit/test_stateful.py's Register.

- The Board's seats set, and a member appointed, by the administrator, on days typed back
  (the by-law's vote of last year) or today.
- A permit voided by the clerk; a payment voided or corrected (its day typed back or
  forward) before the hearing or after the permit.
- A renewal put before the Board for its approval of the vermin plan (not a public hearing),
  the staff's recommendation and the relief sought edited on the docket.
- A resident's online application left in draft and discarded by the clerk, or sent and
  withdrawn, its papers replaced and removed on the way.

The machine provides: `today`, `clerk`, `admin`, `permits`, `_hearing_and_permit`,
`_clock_forward_to`.
"""

from __future__ import annotations

import contextlib
from datetime import time, timedelta
from decimal import Decimal
from itertools import count

from django.contrib.auth.models import Group
from django.core.files.uploadedfile import SimpleUploadedFile
from hypothesis import strategies as st
from hypothesis.stateful import precondition, rule

from hearings import actions as hearing_actions
from hearings.actions.decisions import Ruling
from hearings.models import BoardMember
from permits import actions, eligibility, renewals
from permits.models import Payment, Permit
from permits.online import actions as online
from stoneham_boh.accounts.roles import Role
from stoneham_boh.lib.errors import ActionRefused
from tests import factories
from tests.conftest import make_user
from tests.hearings.builders import attend_as_voting, posted
from tests.permits.audit import sequences
from tests.permits.audit.driven import drives

_serial = count(1)


def _pdf(name: str) -> SimpleUploadedFile:
    return SimpleUploadedFile(name, b"%PDF-1.4\n%%EOF\n", content_type="application/pdf")


class RegisterRecords:
    """Rules of the Register machine: the roll, voids, payments, approvals, online drafts."""

    # --- the Board's roll -----------------------------------------------------------------

    @drives(hearing_actions.set_board_seats, hearing_actions.appoint_board_member)
    @rule(
        what=st.sampled_from(["seats_up", "seats_down", "appointed"]),
        back=st.sampled_from([0, 20, 400]),
    )
    def the_roll_changed_by_the_administrator(self, what, back):
        """The administrator records what the town voted or appointed, on the day it took
        effect as typed: today, or days back; past decisions keep the roll they were made on."""
        t = self.today
        day = t - timedelta(days=back)
        with contextlib.suppress(ActionRefused):
            if what == "appointed":
                n = next(_serial)
                user = make_user(f"board-new-{n}", None)
                user.groups.add(Group.objects.get(name=Role.BOARD.value))
                # The town adds the seat the new member fills, from today.
                hearing_actions.set_board_seats(
                    seats=BoardMember.objects.in_office(t).count() + 1,
                    effective_on=t,
                    authority="Town meeting, art. 12",
                    by=self.admin,
                    today=t,
                )
                hearing_actions.appoint_board_member(
                    user=user,
                    name=f"New Member {n}",
                    appointed_on=day,
                    term_start=day,
                    appointing_document="The Select Board's vote.",
                    by=self.admin,
                    today=t,
                )
            else:
                in_office = BoardMember.objects.in_office(t).count()
                hearing_actions.set_board_seats(
                    seats=max(1, in_office + (2 if what == "seats_up" else -1)),
                    effective_on=day,
                    authority="Town by-law, art. 3",
                    by=self.admin,
                    today=t,
                )

    # --- voids and payments -----------------------------------------------------------------

    @drives(actions.void_permit)
    @precondition(lambda self: self.permits)
    @rule(data=st.data())
    def a_permit_voided(self, data):
        permit = data.draw(st.sampled_from(self.permits))
        renewed_by = [p for p in renewals.later_permits(permit) if p.status != Permit.Status.VOID]
        try:
            actions.void_permit(permit=permit, reason="Entered twice by mistake.", by=self.clerk)
        except ActionRefused as refused:
            # §20-20(8): never from under a renewal resting on it.
            said = " ".join([str(refused), *refused.reasons])
            assert not renewed_by or "renews it" in said or "already void" in said, said
            return
        assert not renewed_by, f"Voided from under {renewed_by[0].number}, which renews it."

    @drives(actions.void_payment, actions.correct_payment)
    @rule(
        data=st.data(),
        what=st.sampled_from(["voided", "corrected_less", "corrected_back", "corrected_ahead"]),
        when=st.sampled_from(["before_the_hearing", "after_the_permit"]),
    )
    def a_payment_voided_or_corrected(self, data, what, when):
        """§20-20(4): the fee is paid before the permit; a payment taken back or corrected
        before the hearing must be made good, and one corrected afterwards leaves the record."""
        t, clerk = self.today, self.clerk
        if when == "after_the_permit" and self.permits:
            permit = data.draw(st.sampled_from(self.permits))
            payments = list(Payment.objects.filter(application=permit.application, voided=False))
            if payments:
                self._payment_changed(payments[0], what, t)
            return
        application = factories.new_hen_application(by=clerk, received_on=t, paid=True)
        payment = Payment.objects.filter(application=application, voided=False).first()
        self._payment_changed(payment, what, t)
        self._hearing_and_permit(application, t, sequences.Hearing())

    def _payment_changed(self, payment, what, t) -> None:
        with contextlib.suppress(ActionRefused):
            if what == "voided":
                actions.void_payment(payment=payment, reason="The check bounced.", by=self.clerk)
                return
            amount = payment.amount - (Decimal("10") if what == "corrected_less" else 0)
            received = (
                payment.received_on
                + {
                    "corrected_less": timedelta(0),
                    "corrected_back": timedelta(days=-40),
                    "corrected_ahead": timedelta(days=20),
                }[what]
            )
            actions.correct_payment(
                payment=payment,
                reason="Typed wrong.",
                by=self.clerk,
                amount=amount,
                received_on=received,
                method="check",
                reference="102",
            )

    # --- the Board's approval of a renewal's plan ------------------------------------------

    @drives(
        hearing_actions.request_board_approval,
        hearing_actions.update_docket_item,
    )
    @precondition(lambda self: self.permits)
    @rule(data=st.data(), relief_edited=st.booleans())
    def a_renewal_put_before_the_board_for_its_approval(self, data, relief_edited):
        """A renewal whose vermin plan the Board approves at a meeting (not a public hearing):
        the clerk edits the docket item (its recommendation; relief, which needs a hearing)."""
        permit = data.draw(st.sampled_from(self.permits))
        permit.refresh_from_db()
        t, clerk = max(self.today, permit.expires_on - timedelta(days=20)), self.clerk
        with contextlib.suppress(ActionRefused):
            renewal = actions.start_renewal(permit=permit, by=clerk, today=t)
            actions.submit_application(application=renewal, received_on=t, by=clerk)
            meeting = hearing_actions.schedule_meeting(
                on=t + timedelta(days=7), at=time(19), place="Town Hall", by=clerk, today=t
            )
            item = hearing_actions.request_board_approval(
                application=renewal, meeting=meeting, subjects=["vermin_plan"], by=clerk, today=t
            )
            hearing_actions.update_docket_item(
                item=item,
                by=clerk,
                staff_recommendation="Approve: the operator's contract is on file.",
                relief_sought=[sequences.VARIANCE_RULE] if relief_edited else None,
            )
            members = list(BoardMember.objects.in_office(meeting.date).select_related("user"))
            votes = {m.user: "yes" for m in members}
            attend_as_voting(meeting, votes, by=clerk)
            posted(meeting, by=clerk)
            hearing_actions.record_decision(
                item=item,
                ruling=Ruling(
                    result="approved", decided_on=meeting.date, approvals=["vermin_plan"]
                ),
                votes=votes,
                by=members[0].user,
                today=meeting.date,
            )
            actions.record_payment(
                application=renewal,
                amount=eligibility.fee_due(renewal),
                received_on=meeting.date,
                method="cash",
                by=clerk,
            )
            self.permits.append(
                actions.issue_permit(application=renewal, by=clerk, on=meeting.date)
            )
        self.today = t + timedelta(days=8)

    # --- a resident's online application abandoned -----------------------------------------

    @drives(
        online.replace_online_document,
        online.remove_online_document,
        online.withdraw_online_application,
        online.discard_online_draft,
    )
    @rule(sent=st.booleans())
    def an_online_application_abandoned(self, sent):
        t, clerk = self.today, self.clerk
        self._clock_forward_to(t)
        n = next(_serial)
        resident = factories.applicant_account(
            by=clerk, name=f"Abandoning Resident {n}", email=f"abandon{n}@example.org"
        )
        application = online.start_online_application(
            by=resident.user, details={}, address={"street_address": f"{n} Draft Road"}
        )
        plan = online.add_online_document(
            application=application, by=resident.user, kind="site_plan", upload=_pdf("plan.pdf")
        )
        plan = online.replace_online_document(document=plan, by=resident.user, upload=_pdf("b.pdf"))
        online.remove_online_document(document=plan, by=resident.user)
        with contextlib.suppress(ActionRefused):
            if sent:
                online.add_online_document(
                    application=application,
                    by=resident.user,
                    kind="site_plan",
                    upload=_pdf("again.pdf"),
                )
                online.save_online_application(
                    application=application,
                    by=resident.user,
                    animals=[{"species": "chicken", "count": 6, "name": "", "pk": None}],
                )
                online.submit_online_application(application=application, by=resident.user)
                online.withdraw_online_application(application=application, by=resident.user)
            else:
                # Left in draft for months: the clerk discards it.
                later = t + timedelta(days=120)
                self._clock_forward_to(later)
                online.discard_online_draft(
                    application=application, by=clerk, reason="No answer to two calls."
                )
                self.today = later
