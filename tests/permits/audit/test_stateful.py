"""A machine that looks for ways past the regulation (issue 22 §2, issue 33 §2).

Hypothesis drives random sequences of the product's own actions, as the role that takes each
(the clerk's intake, notices and issue; the resident's online application, also at an address
on file; plans drawn and edited before and after notice (stateful_online_and_plans.py); several
applications of hens, horses and pigeons heard at one meeting and decided every way, a variance
rescinded, construction (stateful_decisions.py); orders and complaints, lots merged
(stateful_enforcement.py); the roll, voids, payments, the Board's approvals, online drafts
abandoned (stateful_register.py); a holder's own page (stateful_holders.py); the Board's votes,
some members absent; the clerk's renewals renewed together). The date moves forward through
the actions' own date arguments, and back where a person types one (a day of receipt, a
payment's, a deadline, the written decision's mailing). After every step the register's audit
must find nothing. Each rule declares the actions it drives (@drives, driven.py), and
test_machine_coverage.py fails when an action on the register has no rule.

A run's seed is the source tree's (tests/seeds.py), printed with the run's size;
STATEFUL_SEED=<seed> replays it and STATEFUL_SEED=random draws a fresh one.
STATEFUL_EXAMPLES (default 8) and STATEFUL_STEPS (default 10) size a run: `make test` keeps to
about a minute here; CI's own step runs the long budget with STATEFUL_EVERY_ACTION=1, which
also fails when an action a rule declares was never carried out. A failing sequence is
printed as it was found; STATEFUL_SHRINK=1 shrinks it first (minutes on a busy machine).
"""

from __future__ import annotations

import contextlib
import itertools
import os
from datetime import date, timedelta
from decimal import Decimal

import pytest
from django.conf import settings as django_settings
from django.db import transaction
from hypothesis import HealthCheck, Phase, seed, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from facilities import actions as facility_actions
from facilities.addresses import lots_at_address
from facilities.corrections.actions import correct_parcel_id
from hearings import actions as hearing_actions
from hearings.corrections.actions import correct_decision
from hearings.models import BoardMember, Decision
from inspections import actions as inspection_actions
from permits import actions
from permits.audit import audit_register
from permits.corrections.actions import undo_receipt
from permits.models import Permit
from stoneham_boh.accounts.roles import Role
from stoneham_boh.lib.errors import ActionRefused
from stoneham_boh.lib.law import MINUTES_CITATION
from tests import factories, seeds
from tests.conftest import make_user
from tests.hearings.board_builders import violation
from tests.permits.audit import (
    minutes_model,
    sequences,
    stateful_decisions,
    stateful_enforcement,
    stateful_holders,
    stateful_online_and_plans,
    stateful_register,
)
from tests.permits.audit.driven import RUNS, declared, drives, never_carried_out
from tests.permits.audit.stateful_decisions import Decisions
from tests.permits.audit.stateful_enforcement import Enforcement
from tests.permits.audit.stateful_field_reports import FieldReports
from tests.permits.audit.stateful_holders import Holders
from tests.permits.audit.stateful_meetings import OpenMeetings
from tests.permits.audit.stateful_online_and_plans import OnlineAndPlans
from tests.permits.audit.stateful_permits import PermitTruth
from tests.permits.audit.stateful_records import RecordsRequests
from tests.permits.audit.stateful_register import RegisterRecords
from tests.permits.audit.stateful_votes import Votes
from tests.permits.audit.stateful_wordings import Wordings
from tests.watched_actions import watching_actions

_successors = itertools.count(1)  # a fresh log-in for each successor appointed
EXAMPLES = int(os.environ.get("STATEFUL_EXAMPLES", "8"))
STEPS = int(os.environ.get("STATEFUL_STEPS", "10"))
SHRINK = os.environ.get("STATEFUL_SHRINK", "") == "1"
# The tree's seed (tests/seeds.py), another on each database: a change searches sequences the
# last tree did not, and CI searches those a run of the same tree here did. Printed;
# STATEFUL_SEED=<it> replays the run, STATEFUL_SEED=random searches further.
SEED = seeds.seed("STATEFUL_SEED", django_settings.DATABASES["default"]["ENGINE"])
# STATEFUL_EVERY_ACTION=1 (CI's long step): every action a rule declares (@drives) must have
# been carried out at least once across the run, once its rules ran JUDGED_AFTER times; every
# run prints those it missed.
EVERY_ACTION = os.environ.get("STATEFUL_EVERY_ACTION", "") == "1"
JUDGED_AFTER = 40


def _restart_serials() -> None:
    """Every example numbers its names and addresses from 1: a serial carried over from the
    examples before would give a replayed sequence other addresses, and whether an intake
    finds an address on file, so other steps (Hypothesis then reports the machine flaky)."""
    global _successors
    _successors = itertools.count(1)
    for module in (
        factories,
        stateful_decisions,
        stateful_enforcement,
        stateful_holders,
        stateful_online_and_plans,
        stateful_register,
    ):
        module._serial = itertools.count(1)


def _anomalies(today: date) -> list[str]:
    """Every anomaly of the audit, but the minutes found late (940 CMR 29.11) when they are
    exactly those the machine's own reading finds late: a Board that does not approve its
    minutes in time is a record the audit must report, not one the machine avoids."""
    found, late_reported = [], set()
    for anomaly in audit_register(today=today).anomalies:
        if anomaly.provision == MINUTES_CITATION and anomaly.record.kind == "meeting":
            late_reported.add(anomaly.record.pk)
        else:
            found.append(anomaly.line())
    late = minutes_model.late_meetings(today)
    if late_reported != late:
        found.append(
            f"{MINUTES_CITATION}: late by the law {sorted(late)}, by the audit "
            f"{sorted(late_reported)}."
        )
    return found + minutes_model.page_disagreements(today, late)


class Register(
    OnlineAndPlans,
    Decisions,
    Enforcement,
    RegisterRecords,
    Holders,
    FieldReports,
    Votes,
    PermitTruth,
    RecordsRequests,
    OpenMeetings,
    Wordings,
    RuleBasedStateMachine,
):
    """The Board's office over some months: applications, hearings, renewals, enforcement."""

    def __init__(self):
        super().__init__()
        self._atomic = transaction.atomic()
        self._atomic.__enter__()
        _restart_serials()
        self.today = date(2030, 1, 7)
        self.permits: list[Permit] = []
        self.addresses: list = []
        self.imports = 0
        self.clerk = USERS["clerk"]
        self.agent = USERS["agent"]
        self.admin = USERS["admin"]
        self.board = USERS["board"]
        # The fees in force from the regulation's adoption: a renewal of an imported register
        # entry may be the first application of a run.
        factories.fee_schedule()

    def teardown(self):
        self.stop_the_clock()
        transaction.set_rollback(True)
        self._atomic.__exit__(None, None, None)

    # --- the clerk's intake to the Board's approval ------------------------------------

    @drives(
        facility_actions.create_lot,
        actions.update_application,
        facility_actions.void_abutter,
        facility_actions.import_abutters,
        hearing_actions.schedule_meeting,
        hearing_actions.schedule_hearing,
        hearing_actions.record_mailing_list,
        hearing_actions.draft_legal_notice,
        hearing_actions.edit_legal_notice,
        hearing_actions.send_legal_notice,
        hearing_actions.record_publication,
        hearing_actions.record_attendance,
        hearing_actions.record_decision,
        actions.issue_permit,
        actions.create_application,
        actions.create_applicant,
        actions.set_animals,
        actions.add_structure,
        actions.submit_application,
        actions.record_payment,
    )
    @rule(
        absent=st.booleans(),
        same_address=st.booleans(),
        edit=st.sampled_from(["none", "closer_after_notice", "strike_after_letters"]),
        name_structures=st.booleans(),
        variance=st.booleans(),
        continued=st.booleans(),
        online=st.sampled_from(["addresses", "statewide_by_capture", "website_only"]),
    )
    def a_new_application_heard_and_issued(
        self, absent, same_address, edit, name_structures, variance, continued, online
    ):
        t = self.today
        clerk = self.clerk
        lot = None
        if same_address and self.addresses:
            # The intake of a new lot at an address already on file, typed another way: it is
            # refused, and the clerk chooses the lot on file (one lot per parcel).
            try:
                lot = facility_actions.create_lot(
                    by=clerk, street_address=self.addresses[0].upper(), area_acres=Decimal("1.5")
                )
            except ActionRefused:
                lot = lots_at_address(self.addresses[0])[0]
        application = factories.new_hen_application(
            by=clerk,
            received_on=t,
            paid=True,
            # A coop 40 ft from the line asks a variance of §20-15(4)(a).
            setback_ft="40" if variance else None,
            **({"lot": lot} if lot else {}),
        )
        self.addresses.append(application.lot.street_address)
        hearing = sequences.Hearing(
            name_structures=name_structures,
            variance=variance,
            online=online,
            absent=absent,
            continued=continued,
            after_notice={
                "none": None,
                "closer_after_notice": self._coop_typed_closer,
                "strike_after_letters": self._an_abutter_struck,
            }[edit],
        )
        self._hearing_and_permit(application, t, hearing)

    def _hearing_and_permit(self, application, t: date, hearing) -> None:
        """Heard and issued, or refused by an action on the way: the audit judges."""
        with contextlib.suppress(ActionRefused):
            self.permits.append(
                sequences.heard_and_issued(application, clerk=self.clerk, on=t, hearing=hearing)
            )
        self.today = sequences.hearing_day(t, hearing) + timedelta(days=2)

    def _coop_typed_closer(self, application):
        """The clerk types the coop 8 ft nearer the line after the notices went out."""
        coop = application.structures.get(label="C1")
        with contextlib.suppress(ActionRefused):
            actions.update_application(
                application=application,
                by=self.clerk,
                changes={},
                structures=[
                    {
                        "pk": s.pk,
                        **({"distance_property_line_ft": Decimal("52")} if s.pk == coop.pk else {}),
                    }
                    for s in application.structures.all()
                ],
            )

    def _an_abutter_struck(self, application):
        """The clerk strikes a certified abutter after the letters, for a reason."""
        abutter = application.abutter_list.abutters.first()
        with contextlib.suppress(ActionRefused):
            facility_actions.void_abutter(
                abutter=abutter, ground="sold", reason="Sold", by=self.clerk
            )

    # A keeping first permitted after 2002 is held to the rules like a new permit: the Board's
    # acceptance approves its vermin control plan (hearings.actions.register_approvals_needed).
    @drives(
        actions.enter_register_permit,
        actions.upload_document,
        hearing_actions.docket_register_entries,
        actions.accept_register_permit,
    )
    @rule(first_year=st.sampled_from([1994, 2001, 2012]))
    def a_paper_register_entry(self, first_year):
        with contextlib.suppress(ActionRefused):
            self.permits.append(
                factories.legacy_permit(
                    by=self.clerk,
                    first_permitted_on=date(first_year, 5, 2),
                    valid_for_year=self.today.year,
                    today=self.today,
                    manure_bin=True,
                )
            )

    # The spreadsheet import of the register (issue 25 point 3) enters its rows through the
    # same action, then the Board accepts them.
    @drives(actions.enter_register_permit)
    @rule(first_year=st.sampled_from([1994, 2001]), rows=st.integers(min_value=1, max_value=2))
    def a_register_loaded_from_a_spreadsheet(self, first_year, rows):
        from hearings.demo import accept_register_by_vote
        from permits.register_import.documents import Documents
        from permits.register_import.loading import import_register
        from tests.permits.register_import.builders import sample_register

        self.imports += 1
        sample = sample_register(count=rows, year=self.today.year, seed=self.imports)
        for n, row in enumerate(sample.rows):
            # A parcel and an address of its own: two imports drawing one address would be
            # refused as one lot on file (one lot per parcel), which is not what this step asks.
            row[1] = f"{100 * self.imports + n} Register Road"
            row[2] = f"{self.imports}-{7000 + n}-1"
            row[6] = date(first_year, 5, 2).isoformat()
            row[7] = f"S{self.imports}-{n}"
        report = import_register(
            content=sample.csv_bytes(),
            name="register.csv",
            documents=Documents.from_zip_bytes(sample.zip_bytes()),
            by=self.admin,
            dry_run=False,
            today=self.today,
        )
        assert report.imported, [r.errors for r in report.rows_with_errors]
        entered = list(Permit.objects.filter(register_number__startswith=f"S{self.imports}-"))
        with contextlib.suppress(ActionRefused):
            factories.board(self.today)
            accept_register_by_vote(entered, self.today, self.clerk)
        self.permits.extend(entered)

    # --- renewals -----------------------------------------------------------------------

    @drives(actions.start_renewal)
    @precondition(lambda self: self.permits)
    @rule(data=st.data(), when=st.sampled_from(["june", "november", "december", "late"]))
    def a_renewal(self, data, when):
        permit = data.draw(st.sampled_from(self.permits))
        permit.refresh_from_db()
        year = permit.expires_on.year
        on = {
            "june": date(year, 6, 15),
            "november": date(year, 11, 15),
            "december": date(year, 12, 20),
            "late": date(year + 1, 1, 20),
        }[when]
        on = max(on, self.today)
        self._renewed(permit, on)  # the renewal page's actions, a refusal taken (PermitTruth)
        self.today = on

    @drives(actions.renew_together)
    @precondition(lambda self: self.permits)
    @rule(
        data=st.data(),
        when=st.sampled_from(["november", "december", "late"]),
        paid=st.sampled_from(["all", "some", "none"]),
    )
    def renewals_renewed_together(self, data, when, paid):
        """Renewal season: several permits chosen at once, some with their fee taken (issue 26,
        point 24). Each goes through the one renewal path or is refused whole; after a
        violation, a variance's end or an amendment, the audit must still find nothing."""
        chosen = data.draw(
            st.lists(st.sampled_from(self.permits), min_size=1, max_size=3, unique_by=id)
        )
        for permit in chosen:
            permit.refresh_from_db()
        year = max(p.expires_on.year for p in chosen)
        on = {
            "november": date(year, 11, 15),
            "december": date(year, 12, 20),
            "late": date(year + 1, 1, 20),
        }[when]
        on = max(on, self.today)
        taking = {"all": chosen, "some": chosen[:1], "none": []}[paid]
        batch = actions.renew_together(
            permits=chosen,
            payments={p.pk: actions.PaymentTaken(method="check", reference="101") for p in taking},
            by=self.clerk,
            on=on,
        )
        self.permits += [entry.permit for entry in batch.entries.all() if entry.permit_id]
        self.today = on

    # --- enforcement --------------------------------------------------------------------

    @drives(
        inspection_actions.schedule_inspection,
        inspection_actions.record_inspection,
        inspection_actions.issue_order,
    )
    @precondition(lambda self: self.permits)
    @rule(data=st.data())
    def an_order_left_overdue(self, data):
        permit = data.draw(st.sampled_from(self.permits))
        on = self.today
        finding = violation(permit, agent=self.agent, clerk=self.clerk, on=on)
        inspection_actions.issue_order(
            finding=finding,
            by=self.agent,
            requirement="Remove the rat burrows.",
            deadline=on + timedelta(days=7),
            issued_on=on,
        )
        self.today = on + timedelta(days=10)

    @drives(
        hearing_actions.open_revocation, hearing_actions.record_holder_notice, actions.revoke_permit
    )
    @precondition(lambda self: self.permits)
    @rule(data=st.data())
    def a_revocation(self, data):
        permit = data.draw(st.sampled_from(self.permits))
        permit.refresh_from_db()
        # The factory's inspection is made the holder's notice period before the hearing:
        # from tomorrow, never dated back before what the machine already did.
        on = self.today + timedelta(days=django_settings.REVOCATION_NOTICE_DAYS + 2)
        with contextlib.suppress(ActionRefused):
            factories.revoke_by_the_board(
                permit, by=self.clerk, revoked_on=on, remove_by=on + timedelta(days=30)
            )
        self.today = on + timedelta(days=1)

    # --- the Board's roll -----------------------------------------------------------------

    @drives(hearing_actions.end_board_term, hearing_actions.appoint_board_member)
    @rule(succeeded=st.booleans())
    def a_member_leaves_the_board(self, succeeded):
        """A member resigns; the appointing authority may name a successor from tomorrow.
        Without one the Board can lose its quorum, and then decides nothing (every vote's
        rule takes that refusal)."""
        t = self.today
        members = list(BoardMember.objects.in_office(t))
        if len(members) <= 1:
            return
        with contextlib.suppress(ActionRefused):
            hearing_actions.end_board_term(
                member=members[-1], term_end=t, reason="Resigned.", by=self.admin, today=t
            )
            if succeeded:
                n = next(_successors)
                hearing_actions.appoint_board_member(
                    user=make_user(f"board-successor-{n}", Role.BOARD),
                    name=f"Successor {n}",
                    appointed_on=t,
                    term_start=t + timedelta(days=1),
                    appointing_document="The Select Board's vote to fill the vacancy.",
                    by=self.admin,
                    today=t,
                )

    # --- a clerk's mistakes undone (issue 26, point 27) ------------------------------------

    @drives(undo_receipt)
    @rule(stage=st.sampled_from(["received", "paid", "docketed"]))
    def a_receipt_taken_back(self, stage):
        application = factories.new_hen_application(
            by=self.clerk, received_on=self.today, paid=False
        )
        with contextlib.suppress(ActionRefused):
            sequences.receipt_taken_back(application, clerk=self.clerk, stage=stage, on=self.today)

    @drives(correct_parcel_id)
    @precondition(lambda self: self.permits)
    @rule(data=st.data(), to_another_lots=st.booleans())
    def a_parcel_id_corrected(self, data, to_another_lots):
        permit = data.draw(st.sampled_from(self.permits))
        others = [p.lot.parcel_id for p in self.permits if p.lot_id != permit.lot_id]
        to = others[0] if to_another_lots and others else f"88-{permit.pk}-{len(self.permits)}"
        with contextlib.suppress(ActionRefused):
            sequences.parcel_id_corrected(permit.lot, clerk=self.clerk, to=to)

    @drives(correct_decision)
    @precondition(lambda self: Decision.objects.exists())
    # The corrections a clerk may make first (the words, the mailing's day), then those refused
    # by design: drawn among all alike, whole runs corrected nothing (seeds 1956020302 and
    # 3126220013: nine mailings never recorded, six results, four conditions, no reasons).
    @rule(data=st.data(), what=st.sampled_from(["reasons", "mailed_on", "conditions", "result"]))
    def a_decision_corrected(self, data, what):
        decisions = list(Decision.objects.order_by("pk"))
        # One the correction can apply to: whose reasons the Board recorded (adding reasons is
        # its vote), or whose mailing is on record (a mailing is recorded by its own step).
        fitting = [d for d in decisions if what in ("reasons", "mailed_on") and getattr(d, what)]
        decision = data.draw(st.sampled_from(fitting or decisions))
        with contextlib.suppress(ActionRefused):
            sequences.decision_corrected(decision, clerk=self.clerk, what=what, on=self.today)

    @rule(days=st.integers(min_value=1, max_value=200))
    def time_passes(self, days):
        self.today += timedelta(days=days)

    @invariant()
    def the_audit_finds_nothing(self):
        found = _anomalies(self.today)
        assert not found, "\n".join(found)


USERS: dict = {}


@pytest.mark.django_db
def test_no_sequence_of_actions_leaves_an_anomaly_on_file():
    USERS.update(
        clerk=make_user("clerk-m", Role.CLERK),
        agent=make_user("agent-m", Role.AGENT),
        admin=make_user("admin-m", Role.ADMIN),
        board=[make_user(f"board-m{n}", Role.BOARD) for n in range(3)],
    )
    Register.TestCase.settings = settings(
        max_examples=EXAMPLES,
        stateful_step_count=STEPS,
        deadline=None,
        database=None,
        phases=[Phase.explicit, Phase.generate, *([Phase.shrink] if SHRINK else [])],
        suppress_health_check=list(HealthCheck),
    )
    print(f"The stateful machine: STATEFUL_SEED={SEED}, {EXAMPLES} examples of {STEPS} steps.")
    RUNS.clear()
    with watching_actions() as calls:
        try:
            seed(SEED)(Register).TestCase("runTest").runTest()
        except BaseException as failure:
            failure.add_note(f"Replay this run with STATEFUL_SEED={SEED}.")
            raise
    carried_out = {name for name, made in calls.items() if made}
    missed = sorted(set(declared(Register)) - carried_out)
    print(f"Each rule's runs: {dict(sorted(RUNS.items()))}")
    if missed:
        print(f"Not carried out in this run: {missed}")
    if EVERY_ACTION:
        # A declaration is judged once the rules making it ran often enough that a path
        # drawn one time in ten would have come up (swarm testing leaves rules out of some
        # examples): a rule that never does what it declares fails here.
        lies = never_carried_out(Register, carried_out, runs=JUDGED_AFTER)
        assert not lies, (
            f"Declared by a rule (@drives), whose rules ran as many times as shown, and never "
            f"carried out (STATEFUL_SEED={SEED}): {lies}"
        )
