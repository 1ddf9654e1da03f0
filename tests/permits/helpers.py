"""Small builders shared by the clerk-desk tests (state through the actions)."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from permits import actions, eligibility
from permits.models import Application
from tests import factories

ALL_DOCUMENTS = {
    "doc_site_plan": True,
    "doc_certified_abutter_list": True,
    "doc_maintenance_plan": True,
    "doc_fly_vermin_control_method": True,
    "doc_construction_drainage_details": True,
    "doc_fencing_details": True,
}


def new_hen_application(*, by, received_on=date(2027, 3, 1), distance_ft="60", paid=True):
    """A new application for six hens; complete but for the hearing (§20-20(9))."""
    factories.fee_schedule()
    application = actions.create_application(
        applicant=factories.applicant(),
        lot=factories.lot(),
        by=by,
        manure_method="receptacle",
        securely_fenced=True,
        vermin_licensed_operator=True,
        **ALL_DOCUMENTS,
    )
    actions.set_animals(application=application, by=by, animals={"chicken": 6})
    actions.add_structure(
        application=application,
        by=by,
        **{**factories.GOOD_COOP, "distance_property_line_ft": Decimal(distance_ft)},
    )
    actions.submit_application(application=application, received_on=received_on, by=by)
    factories.board_approves(application, ["vermin_plan"])
    if paid:
        actions.record_payment(
            application=application,
            amount=eligibility.fee_due(application),
            received_on=received_on,
            method="check",
            by=by,
        )
    return application


def pay(application: Application, by, on=date(2027, 1, 10)):
    return actions.record_payment(
        application=application,
        amount=eligibility.fee_due(application),
        received_on=on,
        method="cash",
        by=by,
    )


def renew(permit, *, by, received_on=date(2027, 11, 20), unchanged=False):
    """Start the renewal of `permit`, mark it received and pay its fee."""
    renewal = actions.start_renewal(permit=permit, by=by)
    if unchanged:
        actions.update_application(
            application=renewal, by=by, changes={"conditions_unchanged": True}
        )
    actions.submit_application(application=renewal, received_on=received_on, by=by)
    pay(renewal, by, on=received_on)
    renewal.refresh_from_db()
    return renewal


def hold_hearing(application, *, held_on=date(2027, 3, 20), conditions="", result="approved"):
    """The hearing and the Board's decision (§20-20(9)), recorded directly.

    The hearings part records these through its own actions; here only the outcome matters.
    """
    from datetime import time, timedelta

    from facilities import actions as facility_actions
    from hearings.models import AbutterNotice, Decision, DocketItem, LegalNotice, Meeting

    abutter = facility_actions.add_abutter(
        application=application,
        by=None,
        owner_names="Pat Neighbour",
        mailing_street="1 Next Door Lane",
        mailing_zip="02180",
        parcel_id="9-999-1",
    )
    meeting = Meeting.objects.create(date=held_on, time=time(19, 0))
    LegalNotice.objects.create(
        meeting=meeting, text="Notice", published_on=held_on - timedelta(days=20)
    )
    item = DocketItem.objects.create(
        meeting=meeting,
        application=application,
        kind=DocketItem.Kind.NEW_APPLICATION,
        status=DocketItem.Status.DECIDED,
    )
    AbutterNotice.objects.create(
        docket_item=item, abutter=abutter, mailed_on=held_on - timedelta(days=20)
    )
    return Decision.objects.create(
        docket_item=item, result=result, decided_on=held_on, conditions=conditions
    )
