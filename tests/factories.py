"""Factories that build records through the actions, as a clerk would."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from itertools import count

from django.db.models import Max

from facilities import actions as lot_actions
from facilities.models import Lot
from permits import actions, eligibility
from permits.models import DOCUMENT_FIELDS, Applicant, Application, FeeSchedule

_serial = count(1)


def lot(*, by=None, **fields) -> Lot:
    n = next(_serial)
    defaults = {
        "parcel_id": f"9-{n}-1",
        "street_address": f"{n} Test Street",
        "area_acres": Decimal("1.5"),
        "percolation_min_per_inch": Decimal("10"),
        # Issue 22, finding 4: where a parcel map is imported, a lot off it needs the clerk's
        # reason before a permit issues; test lots are off the test maps unless linked.
        "unmapped_reason": "A test lot, not on the test parcel map.",
    }
    defaults.update(fields)
    return lot_actions.create_lot(by=by, **defaults)


def duplicate_lot(*, by=None, **fields) -> Lot:
    """A second record of a lot already on file, as the intake made them before it refused
    an address on file (issue 22, finding 4): written past create_lot, with its history."""
    from stoneham_boh.lib.history import save_as

    return save_as(Lot(**{"percolation_min_per_inch": Decimal("10"), **fields}), by)


def applicant(*, by=None, **fields) -> Applicant:
    n = next(_serial)
    defaults = {
        "name": f"Applicant {n}",
        "mailing_street": f"{n} Test Street",
        "mailing_zip": "02180",
    }
    defaults.update(fields)
    return actions.create_applicant(by=by, **defaults)


def fee_schedule(**fields) -> FeeSchedule:
    defaults = {
        "name": "Test schedule",
        "effective_from": date(2002, 8, 1),
        "new_application_fee": Decimal("75.00"),
        "renewal_fee": Decimal("40.00"),
    }
    defaults.update(fields)
    return FeeSchedule.objects.get_or_create(
        effective_from=defaults.pop("effective_from"), defaults=defaults
    )[0]


GOOD_COOP = {
    "label": "C1",
    "kind": "coop",
    "area_sqft": Decimal("48"),
    "potable_water": True,
    "distance_property_line_ft": Decimal("60"),
    "distance_sewage_disposal_ft": Decimal("30"),
    "distance_public_way_ft": Decimal("70"),
}


# §20-16(2) (rules revision 2): every keeping describes where its manure is kept.
GOOD_MANURE_BIN = {
    "label": "M1",
    "kind": "manure_storage",
    "distance_dwelling_ft": Decimal("120"),
}


def hen_renewal(*, by, received_on=date(2027, 1, 10), paid=True, structure=None, **fields):
    """A complete renewal for six hens in a compliant coop and a manure bin: eligible once
    paid."""
    fee_schedule()
    application = actions.create_application(
        applicant=fields.pop("applicant", None) or applicant(by=by),
        lot=fields.pop("lot", None) or lot(by=by),
        kind=fields.pop("kind", Application.Kind.RENEWAL),
        by=by,
        manure_method="receptacle",
        securely_fenced=True,
        vermin_licensed_operator=True,
        **fields,
    )
    actions.set_animals(application=application, by=by, animals={"chicken": 6})
    actions.add_structure(application=application, by=by, **{**GOOD_COOP, **(structure or {})})
    actions.add_structure(application=application, by=by, **GOOD_MANURE_BIN)
    actions.submit_application(application=application, received_on=received_on, by=by)
    if application.kind == Application.Kind.RENEWAL:
        # A new application's plan is approved at its hearing (tests.hearings.builders.decide).
        board_approves(application, ["vermin_plan"])
    if paid:
        actions.record_payment(
            application=application,
            amount=eligibility.fee_due(application),
            received_on=received_on,
            method="check",
            by=by,
        )
    return application


def board(on: date):
    """The users of the Board in office `on`; a member of its own when none is recorded."""
    from hearings.models import BoardMember

    members = [m.user for m in BoardMember.objects.in_office(on).select_related("user")]
    if members:
        return members
    from stoneham_boh.accounts.roles import Role
    from tests.conftest import make_user

    return [make_user(f"board-factory-{next(_serial)}", Role.BOARD)]


def board_approves(application, subjects, *, on: date | None = None):
    """The Board approves `subjects` (BoardApproval subjects) by a unanimous vote on `on`
    (the day the application was received), as the demo's Board does."""
    from hearings.demo import approve_by_vote

    on = on or application.received_on
    board(on)
    return approve_by_vote(application, subjects, on)


# --- applicants' accounts (issue 7) ----------------------------------------------------------

ACCOUNT_PASSWORD = "Copper-Kettle-Lane-42"


def applicant_account(*, by, name: str = "Karen Sullivan", **fields) -> Applicant:
    """An applicant with a working log-in, made as the clerk does: invitation, then password."""
    from permits.portal import actions as account_actions

    email = fields.pop("email", None) or f"{name.lower().replace(' ', '.')}@example.org"
    person = applicant(by=by, name=name, email=email, **fields)
    invitation = account_actions.invite_applicant(applicant=person, by=by)
    account_actions.accept_invitation(invitation=invitation, password=ACCOUNT_PASSWORD)
    person.refresh_from_db()
    return person


def issued_permit(*, by, applicant=None, on=date(2027, 1, 14), **fields):
    """A hen permit issued on `on` (expiring December 31 of that year), or on the day the
    Board approved its vermin plan where that is later: the Board meets on weekday evenings,
    so a renewal received on a weekend or holiday is approved at the next session."""
    application = hen_renewal(by=by, applicant=applicant, **fields)
    approved = application.board_approvals.aggregate(day=Max("granted_on"))["day"]
    on = max(on, approved) if approved else on
    return actions.issue_permit(application=application, by=by, on=on)


def new_hen_application(
    *, by, received_on=date(2027, 1, 10), paid=False, setback_ft=None, **fields
):
    """A received new application for six hens in a compliant coop, with all six documents.

    Unpaid unless `paid`; the hearing (§20-20(9)) is not yet held. `setback_ft`: the coop's
    distance from the property line, when a test needs another than the compliant one.
    """
    documents = {name: True for name, _, _ in DOCUMENT_FIELDS}
    structure = {} if setback_ft is None else {"distance_property_line_ft": Decimal(setback_ft)}
    return hen_renewal(
        by=by,
        received_on=received_on,
        paid=paid,
        structure=structure,
        kind=Application.Kind.NEW,
        **{**documents, **fields},
    )


def midday(day: date):
    """Noon in Stoneham on `day`, for time_machine: midnight UTC is still yesterday in town."""
    from datetime import datetime, time
    from zoneinfo import ZoneInfo

    return datetime.combine(day, time(12), tzinfo=ZoneInfo("America/New_York"))


REGISTER_SCAN = b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"


def register_scan(name="paper-permit.pdf"):
    """A scan of a paper permit, as the clerk uploads it with its register entry."""
    from django.core.files.uploadedfile import SimpleUploadedFile

    return SimpleUploadedFile(name, REGISTER_SCAN, content_type="application/pdf")


def register_entry(
    *,
    by,
    first_permitted_on=date(1994, 5, 2),
    issued_on=None,
    valid_for_year=2027,
    register_number=None,
    structure=None,
    animals=None,
    applicant=None,
    lot=None,
    today=date(2027, 1, 14),
    manure_bin=False,
):
    """A permit of the town's paper register, entered and still provisional (§20-20(8));
    `manure_bin`: the paper permit's keeping also shows its manure bin (§20-16(2))."""
    fee_schedule()
    application = actions.create_application(
        applicant=applicant or globals()["applicant"](by=by),
        lot=lot or globals()["lot"](by=by),
        by=by,
        manure_method="receptacle",
        securely_fenced=True,
        vermin_licensed_operator=True,
    )
    actions.set_animals(application=application, by=by, animals=animals or {"chicken": 6})
    actions.add_structure(application=application, by=by, **{**GOOD_COOP, **(structure or {})})
    if manure_bin:
        actions.add_structure(application=application, by=by, **GOOD_MANURE_BIN)
    return actions.enter_register_permit(
        application=application,
        register_number=register_number or f"P-{next(_serial)}",
        first_permitted_on=first_permitted_on,
        issued_on=issued_on or date(valid_for_year, 1, 2),
        valid_for_year=valid_for_year,
        document=register_scan(),
        basis="Paper file, cabinet 2.",
        by=by,
        today=today,
    )


def legacy_permit(*, by, today=date(2027, 1, 14), **entry):
    """A keeping permitted on paper before the system existed, entered from the register and
    accepted by the Board's vote (§20-20(8))."""
    from hearings.demo import accept_register_by_vote

    permit = register_entry(by=by, today=today, **entry)
    board(today)
    accept_register_by_vote([permit], today, by)
    permit.refresh_from_db()
    return permit


def revoke_by_the_board(
    permit, *, by, revoked_on: date, remove_by: date, grounds="Violation.", emergency=""
):
    """The permit revoked as the regulation has it (§20-20(5)-(6)): an inspection finds a
    violation, the clerk brings it before the Board, the holder is noticed, the Board votes.
    With an `emergency`, at an emergency meeting whose notice is posted two hours before it
    (c.30A §§18, 20(b))."""
    from datetime import datetime, time, timedelta

    from django.conf import settings
    from django.utils import timezone

    from hearings import actions as hearing_actions
    from hearings.actions.decisions import Ruling
    from hearings.demo import as_of
    from stoneham_boh.accounts.roles import Role
    from tests.conftest import make_user
    from tests.hearings.board_builders import violation
    from tests.hearings.builders import attend_as_voting, posted

    # The holder is noticed the minimum number of days before the hearing (and a day more).
    inspected = revoked_on - timedelta(days=settings.REVOCATION_NOTICE_DAYS + 1)
    agent = make_user(f"agent-factory-{next(_serial)}", Role.AGENT)
    finding = violation(permit, agent=agent, clerk=by, on=inspected)
    # Put on the calendar the day of the inspection (the story's day, when it is past).
    with as_of(datetime.combine(inspected, time(12))):
        meeting = hearing_actions.schedule_meeting(
            on=revoked_on,
            at=time(20, 15),
            place="Stoneham Town Hall",
            emergency=emergency,
            by=by,
            today=inspected,
        )
        proceeding = hearing_actions.open_revocation(
            permit=permit,
            meeting=meeting,
            grounds=grounds,
            findings=[finding],
            by=by,
            today=inspected,
        )
    hearing_actions.record_holder_notice(
        proceeding=proceeding, mailed_on=inspected, by=by, today=inspected
    )
    members = board(revoked_on)
    attend_as_voting(meeting, dict.fromkeys(members, "yes"), by=by)
    if emergency:
        start = timezone.make_aware(meeting.starts_at)
        with as_of(start - timedelta(hours=2)):
            hearing_actions.record_meeting_posting(
                meeting=meeting,
                posted_at=start - timedelta(hours=2),
                now=start - timedelta(hours=1),
                by=by,
            )
    else:
        posted(meeting, by=by)
    hearing_actions.record_decision(
        item=proceeding.docket_item,
        ruling=Ruling(result="revoked", decided_on=revoked_on, removal_by=remove_by),
        votes=dict.fromkeys(members, "yes"),
        by=members[0],
        today=revoked_on,
    )
    permit.refresh_from_db()
    return permit
