"""Small builders shared by the clerk-desk tests (state through the actions)."""

from __future__ import annotations

from datetime import date

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
