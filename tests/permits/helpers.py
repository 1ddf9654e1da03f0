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
