"""Small builders shared by the clerk-desk tests (state through the actions)."""

from __future__ import annotations

from datetime import date

from hearings import actions as hearing_actions
from permits import actions, eligibility
from permits.models import Application
from tests import factories
from tests.hearings import board_builders as rb
from tests.hearings import builders as b

ALL_DOCUMENTS = {
    "doc_site_plan": True,
    "doc_certified_abutter_list": True,
    "doc_maintenance_plan": True,
    "doc_fly_vermin_control_method": True,
    "doc_construction_drainage_details": True,
    "doc_fencing_details": True,
}


# The intake form's fields for a new applicant (`permits:application-new`), as a clerk types them.
NEW_APPLICANT = {
    "applicant": "new",
    "applicant-kind": "person",
    "applicant-name": "Maria Costa",
    "applicant-mailing_street": "12 Pond Street",
    "applicant-mailing_city": "Stoneham",
    "applicant-mailing_state": "MA",
    "applicant-mailing_zip": "02180",
}


def new_hen_application(*, by, received_on=date(2027, 3, 1), distance_ft="60", paid=True):
    """A new application for six hens; complete but for the hearing (§20-20(9))."""
    return factories.new_hen_application(
        by=by, received_on=received_on, paid=paid, setback_ft=distance_ft
    )


def pay(application: Application, by, on=date(2027, 1, 10)):
    return actions.record_payment(
        application=application,
        amount=eligibility.fee_due(application),
        received_on=on,
        method="cash",
        by=by,
    )


def renew(permit, *, by, received_on=date(2027, 11, 20), animals=None, structures=None):
    """Start the renewal of `permit`, change what is asked (`animals`: {species: count};
    `structures`: {label: {field: value}}), mark it received and pay its fee."""
    renewal = actions.start_renewal(permit=permit, by=by, today=received_on)
    if animals:
        actions.set_animals(application=renewal, by=by, animals=animals)
    for label, fields in (structures or {}).items():
        structure = renewal.structures.filter(label=label).first()
        if structure is None:
            actions.add_structure(application=renewal, by=by, label=label, **fields)
        else:
            actions.update_application(
                application=renewal,
                by=by,
                changes={},
                structures=[
                    {"pk": s.pk, **(fields if s.pk == structure.pk else {})}
                    for s in renewal.structures.all()
                ],
            )
    actions.submit_application(application=renewal, received_on=received_on, by=by)
    pay(renewal, by, on=received_on)
    renewal.refresh_from_db()
    return renewal


def next_years_permit(clerk):
    """The 2027 hen permit, and the 2028 permit that renews it (issued November 28, 2027)."""
    permit = factories.issued_permit(by=clerk)
    renewal = renew(permit, by=clerk, received_on=date(2027, 11, 20))
    return permit, actions.issue_permit(application=renewal, by=clerk, on=date(2027, 11, 28))


def revocation_opened(permit, *, clerk, agent, opened=date(2027, 12, 1)):
    """A revocation proceeding opened on `permit` for rats found on November 24, 2027, its
    hearing on December 14 and the holder's notice mailed."""
    finding = rb.violation(permit, agent=agent, clerk=clerk, on=date(2027, 11, 24))
    proceeding = hearing_actions.open_revocation(
        permit=permit,
        meeting=rb.hearing(by=clerk, on=date(2027, 12, 14)),
        grounds="Rats under the coop (§20-16(6)), not abated.",
        findings=[finding],
        by=clerk,
        today=opened,
    )
    hearing_actions.record_holder_notice(
        proceeding=proceeding, mailed_on=opened, by=clerk, today=opened
    )
    return proceeding


# The paper register's entries (issue 22, finding 1), shared by the tests of entering them
# (tests/permits/actions/test_register.py) and of the Board's accepting them
# (tests/hearings/actions/test_register_acceptance.py).
ENTERED = date(2027, 1, 14)
MEETING = date(2027, 2, 9)  # a Tuesday


def draft(clerk, animals=None, **lot):
    """A hen keeping's application, drafted for its paper permit to be entered."""
    factories.fee_schedule()
    application = actions.create_application(
        applicant=factories.applicant(by=clerk),
        lot=factories.lot(by=clerk, **lot),
        by=clerk,
        manure_method="receptacle",
        securely_fenced=True,
        vermin_licensed_operator=True,
    )
    actions.set_animals(application=application, by=clerk, animals=animals or {"chicken": 6})
    actions.add_structure(application=application, by=clerk, **factories.GOOD_COOP)
    return application


def enter(clerk, application, **fields):
    """The paper permit of `application` entered from the register: provisional until the Board
    accepts it."""
    values = {
        "register_number": "94-17",
        "first_permitted_on": date(1994, 5, 2),
        "issued_on": date(2027, 1, 2),
        "valid_for_year": 2027,
        "document": factories.register_scan(),
        "today": ENTERED,
        **fields,
    }
    return actions.enter_register_permit(application=application, by=clerk, **values)


def a_2012_entry_before_the_board(clerk):
    """A hen keeping of 2012 whose paper permit shows everything the rules ask of the
    keeping itself (its manure bin too); its vermin plan the Board has yet to approve."""
    application = draft(clerk)
    actions.add_structure(application=application, by=clerk, **factories.GOOD_MANURE_BIN)
    permit = enter(clerk, application, register_number="12-40", first_permitted_on=date(2012, 5, 2))
    meeting = b.meeting(by=clerk, on=MEETING, today=ENTERED)
    (item,) = hearing_actions.docket_register_entries(
        permits=[permit], meeting=meeting, by=clerk, today=ENTERED
    )
    b.posted(meeting, by=clerk)
    return permit, item
