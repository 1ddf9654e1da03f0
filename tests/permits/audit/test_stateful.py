"""A machine that looks for ways past the regulation (issue 22 §2).

Hypothesis drives random sequences of the product's own actions, as the role that takes each
(the clerk's intake, notices and issue; the Board's votes, some members absent; the
administrator's changes to the roll; the agent's inspections and orders), with the date
moving forward through the actions' own date arguments. After every step the register's
audit must find nothing. A failure prints the shrunk sequence of steps.

STATEFUL_EXAMPLES (default 4) and STATEFUL_STEPS (default 6) size a run: `make test` keeps to
about a minute here, derandomized so that it searches the same sequences each time; set
STATEFUL_EXAMPLES=200 STATEFUL_STEPS=20 for a long, random search. A failing sequence is
printed as it was found; STATEFUL_SHRINK=1 shrinks it first (minutes on a busy machine).
"""

from __future__ import annotations

import contextlib
import os
from datetime import date, time, timedelta
from decimal import Decimal

import pytest
from django.conf import settings as django_settings
from django.db import transaction
from hypothesis import HealthCheck, Phase, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from facilities import actions as facility_actions
from hearings import actions as hearing_actions
from hearings.models import BoardMember
from inspections import actions as inspection_actions
from permits import actions, eligibility
from permits.audit import audit_register
from permits.models import Permit
from stoneham_boh.accounts.roles import Role
from stoneham_boh.lib.errors import ActionRefused
from tests import factories
from tests.conftest import make_user
from tests.hearings.board_builders import violation
from tests.hearings.builders import abutter_rows, article, attend_as_voting

EXAMPLES = int(os.environ.get("STATEFUL_EXAMPLES", "4"))
STEPS = int(os.environ.get("STATEFUL_STEPS", "6"))
LONG_RUN = "STATEFUL_EXAMPLES" in os.environ
SHRINK = os.environ.get("STATEFUL_SHRINK", "") == "1"


def _anomalies(today: date) -> list[str]:
    return [anomaly.line() for anomaly in audit_register(today=today).anomalies]


class Register(RuleBasedStateMachine):
    """The Board's office over some months: applications, hearings, renewals, enforcement."""

    def __init__(self):
        super().__init__()
        self._atomic = transaction.atomic()
        self._atomic.__enter__()
        self.today = date(2030, 1, 7)
        self.permits: list[Permit] = []
        self.addresses: list = []
        self.clerk = USERS["clerk"]
        self.agent = USERS["agent"]
        self.admin = USERS["admin"]
        self.board = USERS["board"]

    def teardown(self):
        transaction.set_rollback(True)
        self._atomic.__exit__(None, None, None)

    # --- the clerk's intake to the Board's approval ------------------------------------

    @rule(
        absent=st.booleans(),
        same_address=st.booleans(),
        edit=st.sampled_from(["none", "closer_after_notice", "strike_after_letters"]),
        name_structures=st.booleans(),
        variance=st.booleans(),
        continued=st.booleans(),
    )
    def a_new_application_heard_and_issued(
        self, absent, same_address, edit, name_structures, variance, continued
    ):
        t = self.today
        clerk = self.clerk
        lot = None
        if same_address and self.addresses:
            # The intake of a new lot at an address already on file (a second record of it).
            lot = facility_actions.create_lot(
                by=clerk, street_address=self.addresses[0], area_acres=Decimal("1.5")
            )
        application = factories.new_hen_application(
            by=clerk,
            received_on=t,
            paid=True,
            # A coop 40 ft from the line asks a variance of §20-15(4)(a).
            setback_ft="40" if variance else None,
            **({"lot": lot} if lot else {}),
        )
        self.addresses.append(application.lot.street_address)
        facility_actions.import_abutters(
            application=application,
            rows=abutter_rows(2),
            certified_on=t,
            source_name="assessor.csv",
            by=clerk,
        )
        meeting = hearing_actions.schedule_meeting(
            on=t + timedelta(days=30), at=time(19), place="Town Hall", by=clerk, today=t
        )
        item = hearing_actions.schedule_hearing(
            application=application,
            meeting=meeting,
            approvals_sought=["vermin_plan"],
            relief_sought=["20-15.4.a"] if variance else [],
            by=clerk,
            today=t,
        )
        mailed = t + timedelta(days=10)
        hearing_actions.record_mailing_list(
            item=item,
            article_numbers=[article(item.pk * 100 + n) for n in range(2)],
            mailed_on=mailed,
            by=clerk,
            today=mailed,
        )
        notice = hearing_actions.draft_legal_notice(meeting=meeting, by=clerk)
        if name_structures:
            # The clerk's edit: the notice names the structures asked for (finding 7).
            text = notice.text.replace(" (parcel ", " in a coop and a manure storage (parcel ")
            hearing_actions.edit_legal_notice(
                meeting=meeting, text=text, newspaper=notice.newspaper, by=clerk
            )
        hearing_actions.send_legal_notice(meeting=meeting, sent_on=mailed, by=clerk, today=mailed)
        hearing_actions.record_publication(
            meeting=meeting,
            published_on=mailed + timedelta(days=1),
            by=clerk,
            today=mailed + timedelta(days=1),
        )
        if edit == "closer_after_notice":
            coop = application.structures.get(label="C1")
            with contextlib.suppress(ActionRefused):
                actions.update_application(
                    application=application,
                    by=clerk,
                    changes={},
                    structures=[
                        {
                            "pk": s.pk,
                            **(
                                {"distance_property_line_ft": Decimal("52")}
                                if s.pk == coop.pk
                                else {}
                            ),
                        }
                        for s in application.structures.all()
                    ],
                )
        if edit == "strike_after_letters":
            abutter = application.abutter_list.abutters.first()
            with contextlib.suppress(ActionRefused):
                facility_actions.void_abutter(abutter=abutter, reason="Sold", by=clerk)
        members = list(BoardMember.objects.in_office(meeting.date).select_related("user"))
        votes = {m.user: "yes" for m in members}
        if absent and len(members) > 1:
            votes[members[-1].user] = "absent"
        granted = {}
        if variance:
            granted = {
                "variance_rules": ["20-15.4.a"],
                "variance_finding": "The lot is too narrow to move the coop.",
                "variance_expires_on": date(meeting.date.year, 12, 31),
            }
        try:
            attend_as_voting(meeting, votes, by=clerk)
            if continued:
                # Continued to a meeting announced at the hearing (its notice carries).
                later = hearing_actions.schedule_meeting(
                    on=meeting.date + timedelta(days=28),
                    at=time(19),
                    place="Town Hall",
                    by=clerk,
                    today=meeting.date,
                )
                hearing_actions.record_decision(
                    item=item,
                    result="continued",
                    decided_on=meeting.date,
                    votes=votes,
                    continue_to=later,
                    by=members[0].user,
                    today=meeting.date,
                )
                item.refresh_from_db()
                item, meeting = item.continued_to, later
                attend_as_voting(meeting, votes, by=clerk)
            hearing_actions.record_decision(
                item=item,
                result="approved",
                decided_on=meeting.date,
                votes=votes,
                approvals=["vermin_plan"],
                by=members[0].user,
                today=meeting.date,
                **granted,
            )
            self.permits.append(
                actions.issue_permit(
                    application=application, by=clerk, on=meeting.date + timedelta(days=1)
                )
            )
        except ActionRefused:
            pass
        self.today = meeting.date + timedelta(days=2)

    # A keeping first permitted after 2002 (not grandfathered) is left out while its finding is
    # open: test_a_paper_register_entry_of_2012_is_held_to_the_rules (a strict xfail) keeps it.
    @rule(first_year=st.sampled_from([1994, 2001]))
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

    # --- renewals -----------------------------------------------------------------------

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
        try:
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
        except ActionRefused:
            pass
        self.today = on

    # --- enforcement --------------------------------------------------------------------

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

    @rule()
    def a_member_leaves_the_board(self):
        members = list(BoardMember.objects.in_office(self.today))
        if len(members) > 1:
            with contextlib.suppress(ActionRefused):
                hearing_actions.end_board_term(
                    member=members[-1],
                    term_end=self.today,
                    reason="Resigned.",
                    by=self.admin,
                    today=self.today,
                )

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
        derandomize=not LONG_RUN,
        database=None,
        phases=[Phase.explicit, Phase.generate, *([Phase.shrink] if SHRINK else [])],
        suppress_health_check=list(HealthCheck),
    )
    Register.TestCase("runTest").runTest()
