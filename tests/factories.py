"""Factories that build records through the actions, as a clerk would."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from itertools import count

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
    }
    defaults.update(fields)
    return lot_actions.create_lot(by=by, **defaults)


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


def hen_renewal(*, by, received_on=date(2027, 1, 10), paid=True, structure=None, **fields):
    """A complete renewal for six hens in a compliant coop: eligible once paid."""
    fee_schedule()
    application = actions.create_application(
        applicant=fields.pop("applicant", None) or applicant(),
        lot=fields.pop("lot", None) or lot(),
        kind=fields.pop("kind", Application.Kind.RENEWAL),
        by=by,
        manure_method="receptacle",
        securely_fenced=True,
        vermin_plan_approved=True,
        vermin_licensed_operator=True,
        **fields,
    )
    actions.set_animals(application=application, by=by, animals={"chicken": 6})
    actions.add_structure(application=application, by=by, **{**GOOD_COOP, **(structure or {})})
    actions.submit_application(application=application, received_on=received_on, by=by)
    if paid:
        actions.record_payment(
            application=application,
            amount=eligibility.fee_due(application),
            received_on=received_on,
            method="check",
            by=by,
        )
    return application


# --- applicants' accounts (issue 7) ----------------------------------------------------------

ACCOUNT_PASSWORD = "Copper-Kettle-Lane-42"


def applicant_account(*, by, name: str = "Karen Sullivan", **fields) -> Applicant:
    """An applicant with a working log-in, made as the clerk does: invitation, then password."""
    from permits.portal import actions as account_actions

    email = fields.pop("email", None) or f"{name.lower().replace(' ', '.')}@example.org"
    person = applicant(name=name, email=email, **fields)
    invitation = account_actions.invite_applicant(applicant=person, by=by)
    account_actions.accept_invitation(invitation=invitation, password=ACCOUNT_PASSWORD)
    person.refresh_from_db()
    return person


def issued_permit(*, by, applicant=None, on=date(2027, 1, 14), **fields):
    """A hen permit issued on `on` (expiring December 31 of that year)."""
    application = hen_renewal(by=by, applicant=applicant, **fields)
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
