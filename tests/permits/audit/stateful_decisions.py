"""The stateful machine's rules for the Board's hearings of several applications at once, of
every species family, and for every kind of decision (issue 33 §2): a mixin of
tests/permits/audit/test_stateful.py's Register.

- Several new applications (hens, horses, pigeons) heard at one meeting, on one legal notice
  naming each; the abutters imported from the Assessor's file or typed by the clerk and
  certified; the letters mailed as one list or one by one, a card returned; each application
  approved (a setback enlarged, or not), denied, withdrawn before the hearing, or continued;
  the newspaper's charge recorded; the written decision mailed and received on days typed
  back or forward; a permit issued for each approval.
- A variance in effect put before the Board to be rescinded, rescinded or the matter
  dismissed; a revocation dismissed.

The machine provides: `today`, `clerk`, `permits`, `addresses`, `_hearing_and_permit`.
"""

from __future__ import annotations

import contextlib
from datetime import date, time, timedelta
from decimal import Decimal
from itertools import count

from hypothesis import strategies as st
from hypothesis.stateful import precondition, rule

from facilities import actions as facility_actions
from hearings import actions as hearing_actions
from hearings.actions.decisions import Ruling
from hearings.models import BoardMember, Decision, Variance
from permits import actions
from stoneham_boh.lib.errors import ActionRefused
from tests.hearings.builders import abutter_rows, article, attend_as_voting, pay_notice_cost, posted
from tests.permits.audit import construction, keepings, sequences
from tests.permits.audit.driven import drives

_serial = count(1)
ENLARGED = {"enlarged": {"20-15.4.a": Decimal("55")}, "enlarged_past": {"20-15.4.a": Decimal("70")}}
OUTCOMES = ("approved", "enlarged", "enlarged_past", "denied", "withdrawn", "continued")


def sought(application) -> list[str]:
    """The Board's approvals an application asks for: its vermin plan, and its plans where it
    builds (§20-20(2))."""
    return ["vermin_plan"] + (["construction"] if application.construction != "none" else [])


def _abutters(application, *, clerk, on: date, typed: bool) -> None:
    """The certified list: the Assessor's file imported, or typed in by the clerk (one owner
    struck as sold) and its certification day recorded."""
    prefix = f"Neighbour {next(_serial)}"
    if not typed:
        facility_actions.import_abutters(
            application=application,
            rows=abutter_rows(2, prefix=prefix),
            certified_on=on,
            source_name="assessor.csv",
            by=clerk,
        )
        return
    typed_in = [
        facility_actions.add_abutter(application=application, by=clerk, **row)
        for row in abutter_rows(3, prefix=prefix)
    ]
    # One sold since the tax list: struck before the letters, on the Assessor's record.
    facility_actions.void_abutter(
        abutter=typed_in[-1], by=clerk, ground="sold", reason="Sold in March.", today=on
    )
    facility_actions.certify_abutter_list(application=application, certified_on=on, by=clerk)


def _letters(item, *, clerk, mailed: date, one_by_one: bool) -> None:
    abutters = list(item.application.abutter_list.abutters.filter(voided=False).order_by("pk"))
    if not one_by_one:
        hearing_actions.record_mailing_list(
            item=item,
            article_numbers=[article(item.pk * 100 + n) for n in range(len(abutters))],
            mailed_on=mailed,
            by=clerk,
            today=mailed,
        )
        return
    for n, abutter in enumerate(abutters):
        hearing_actions.record_mailing(
            item=item,
            abutter=abutter,
            article_number=article(item.pk * 100 + n),
            mailed_on=mailed,
            by=clerk,
            today=mailed,
        )


def _legal_notice(meeting, applications, *, clerk, mailed: date) -> None:
    notice = hearing_actions.draft_legal_notice(meeting=meeting, by=clerk)
    text = notice.text
    for application in applications:
        text = keepings.structures_named(text, application)
    hearing_actions.edit_legal_notice(
        meeting=meeting, text=text, newspaper=notice.newspaper, by=clerk
    )
    hearing_actions.send_legal_notice(meeting=meeting, sent_on=mailed, by=clerk, today=mailed)
    published = mailed + timedelta(days=1)
    hearing_actions.record_publication(
        meeting=meeting, published_on=published, by=clerk, today=published
    )
    sequences.posted_online(meeting, clerk=clerk, posted_on=published, online="addresses")


def _ruling(outcome: str, on: date, later, approvals=("vermin_plan",)) -> Ruling:
    if outcome == "denied":
        return Ruling(result="denied", decided_on=on, reasons="The lot is too small for it.")
    if outcome == "continued":
        return Ruling(result="continued", decided_on=on, continue_to=later)
    return Ruling(
        result="approved",
        decided_on=on,
        reasons="The plan meets the regulation's standards.",
        approvals=list(approvals),
        # §20-15(4): the Board may enlarge a distance; the coop stands 60 ft from the line, so
        # an enlargement past it leaves the permit to be refused.
        setback_enlargements=ENLARGED.get(outcome),
    )


class Decisions:
    """Rules of the Register machine: hearings of several applications, every decision."""

    @drives(
        facility_actions.add_abutter,
        facility_actions.void_abutter,
        facility_actions.certify_abutter_list,
        hearing_actions.record_mailing,
        hearing_actions.mark_receipt_returned,
        hearing_actions.withdraw_docket_item,
        hearing_actions.record_newspaper_charge,
        hearing_actions.record_decision_mailing,
        hearing_actions.record_decision_receipt,
    )
    @rule(
        data=st.data(),
        size=st.integers(min_value=1, max_value=3),
        typed_abutters=st.booleans(),
        one_by_one=st.booleans(),
        # The written decision mailed this many days after the vote (before it: refused), and
        # received this many days after the mailing (before it: refused).
        mailed_after=st.sampled_from([-2, 0, 1, 5]),
        received_after=st.sampled_from([-1, 2, 9]),
        # The day of receipt as the clerk types it: today, or days back.
        received_back=st.sampled_from([0, 0, 3, 45, 400]),
    )
    def several_applications_heard_at_one_meeting(
        self, data, size, typed_abutters, one_by_one, mailed_after, received_after, received_back
    ):
        t, clerk = self.today, self.clerk
        kinds = [
            (
                data.draw(st.sampled_from(sorted(keepings.FAMILIES)), label="family"),
                data.draw(st.sampled_from(OUTCOMES), label="outcome"),
            )
            for _ in range(size)
        ]
        applications = []
        for family, _outcome in kinds:
            with contextlib.suppress(ActionRefused):
                applications.append(
                    keepings.new_application(
                        by=clerk,
                        family=family,
                        count=data.draw(st.sampled_from(keepings.COUNTS[family]), label="count"),
                        acres=data.draw(st.sampled_from(keepings.ACRES), label="acres"),
                        received_on=t - timedelta(days=received_back),
                    )
                )
        outcomes = [outcome for _family, outcome in kinds][: len(applications)]
        with contextlib.suppress(ActionRefused):
            self._heard_together(
                applications, outcomes, t, typed_abutters, one_by_one, mailed_after, received_after
            )
        for application in applications:
            self.addresses.append(application.lot.street_address)
        self.today = t + sequences.HEARING_AFTER + sequences.CONTINUED_BY + timedelta(days=12)

    def _heard_together(
        self, applications, outcomes, t, typed_abutters, one_by_one, mailed_after, received_after
    ):
        clerk = self.clerk
        for application in applications:
            _abutters(application, clerk=clerk, on=t, typed=typed_abutters)
        meeting = hearing_actions.schedule_meeting(
            on=t + sequences.HEARING_AFTER, at=time(19), place="Town Hall", by=clerk, today=t
        )
        items = [
            hearing_actions.schedule_hearing(
                application=application,
                meeting=meeting,
                approvals_sought=sought(application),
                by=clerk,
                today=t,
            )
            for application in applications
        ]
        mailed = t + sequences.MAILED_AFTER
        for item in items:
            _letters(item, clerk=clerk, mailed=mailed, one_by_one=one_by_one)
        _legal_notice(meeting, applications, clerk=clerk, mailed=mailed)
        returned = items[0].abutter_notices.order_by("pk").first()
        if returned is not None:
            back = mailed + timedelta(days=4)
            hearing_actions.mark_receipt_returned(
                notice=returned, returned_on=back, by=clerk, today=back
            )
        for item in items:
            with contextlib.suppress(ActionRefused):
                hearing_actions.record_newspaper_charge(
                    item=item, amount=Decimal("84.50"), by=clerk
                )
        for item, outcome in zip(items, outcomes, strict=True):
            if outcome == "withdrawn":
                hearing_actions.withdraw_docket_item(item=item, by=clerk)
        later = hearing_actions.schedule_meeting(
            on=meeting.date + sequences.CONTINUED_BY,
            at=time(19),
            place="Town Hall",
            by=clerk,
            today=meeting.date,
        )
        for item, outcome in zip(items, outcomes, strict=True):
            if outcome == "withdrawn":
                continue
            with contextlib.suppress(ActionRefused):
                self._decided(item, outcome, later, mailed_after, received_after)

    def _decided(self, item, outcome, later, mailed_after, received_after):
        clerk = self.clerk
        meeting = item.meeting
        members = list(BoardMember.objects.in_office(meeting.date).select_related("user"))
        votes = {m.user: "yes" for m in members}
        attend_as_voting(meeting, votes, by=clerk)
        posted(meeting, by=self.clerk)
        decision = hearing_actions.record_decision(
            item=item,
            ruling=_ruling(outcome, meeting.date, later, item.approvals_sought),
            votes=votes,
            by=members[0].user,
            today=meeting.date,
        )
        if outcome == "continued":
            item.refresh_from_db()
            attend_as_voting(later, votes, by=clerk)
            posted(later, by=self.clerk)
            decision = hearing_actions.record_decision(
                item=item.continued_to,
                ruling=_ruling("approved", later.date, None, item.approvals_sought),
                votes=votes,
                by=members[0].user,
                today=later.date,
            )
        decided = decision.decided_on
        if decision.result == Decision.Result.APPROVED:
            pay_notice_cost(item.application, on=decided, by=clerk)
            if item.application.construction != "none":
                construction.built(
                    item.application,
                    clerk=clerk,
                    agent=self.agent,
                    decided=decided,
                    how=getattr(self, "_building", "complete"),
                )
            self.permits.append(
                actions.issue_permit(
                    application=item.application, by=clerk, on=decided + timedelta(days=1)
                )
            )
        mailed = decided + timedelta(days=mailed_after)
        received = mailed + timedelta(days=received_after)
        recorded = max(decided, received) + timedelta(days=1)
        hearing_actions.record_decision_mailing(
            decision=decision,
            mailed_on=mailed,
            article_number=article(90000 + decision.pk),
            by=clerk,
            today=recorded,
        )
        hearing_actions.record_decision_receipt(
            decision=decision, received_on=received, by=clerk, today=recorded
        )

    @drives(actions.record_building_inspector_approval)
    @rule(
        family=st.sampled_from(sorted(keepings.FAMILIES)),
        building=st.sampled_from(sorted(construction.HOW)),
    )
    def a_keeping_to_be_built_heard_and_issued(self, family, building):
        """§20-20(2)(a): a facility to be built, its plans approved at the hearing, the
        building inspector's approval and the agent's completion inspection recorded (or not,
        or dated before the Board approved) before the permit."""
        t, clerk = self.today, self.clerk
        self._building = building
        with contextlib.suppress(ActionRefused):
            application = keepings.new_application(
                by=clerk,
                family=family,
                count=keepings.COUNTS[family][0],
                acres="3.0",
                received_on=t,
                construction="new",
            )
            self._heard_together([application], ["approved"], t, False, False, 1, 2)
        self.today = t + sequences.HEARING_AFTER + sequences.CONTINUED_BY + timedelta(days=12)

    # --- a variance rescinded, a revocation dismissed ---------------------------------

    @drives(hearing_actions.open_variance_rescission)
    @precondition(lambda self: Variance.objects.filter(decision__isnull=False).exists())
    @rule(data=st.data(), rescinded=st.booleans())
    def a_variance_put_before_the_board_to_be_rescinded(self, data, rescinded):
        """§20-21: the Board may rescind what it granted; the permit resting on the variance
        must then end with it (the audit's rules_on_day, finding 12)."""
        variance = data.draw(
            st.sampled_from(list(Variance.objects.filter(decision__isnull=False).order_by("pk")))
        )
        t, clerk = self.today, self.clerk
        meeting = hearing_actions.schedule_meeting(
            on=t + timedelta(days=7), at=time(19), place="Town Hall", by=clerk, today=t
        )
        with contextlib.suppress(ActionRefused):
            item = hearing_actions.open_variance_rescission(
                variance=variance,
                meeting=meeting,
                reason="The coop was not moved.",
                by=clerk,
                today=t,
            )
            members = list(BoardMember.objects.in_office(meeting.date).select_related("user"))
            votes = {m.user: "yes" for m in members}
            attend_as_voting(meeting, votes, by=clerk)
            posted(meeting, by=clerk)
            hearing_actions.record_decision(
                item=item,
                ruling=Ruling(
                    result="rescinded" if rescinded else "dismissed",
                    decided_on=meeting.date,
                    reasons="The Board's finding no longer holds.",
                ),
                votes=votes,
                by=members[0].user,
                today=meeting.date,
            )
        self.today = meeting.date + timedelta(days=1)
