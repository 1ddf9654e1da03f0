"""Taking a complaint (inspections.actions.complaints): at a lot or an address, anonymous or
named, never dated ahead; the inspection that answers it."""

from __future__ import annotations

from datetime import timedelta

import pytest

from inspections import actions
from inspections.models import Complaint, Inspection
from stoneham_boh.lib.errors import ActionRefused
from tests.inspections.builders import (
    TODAY,
    VERMIN,
    answers_for,
    complaint_at,
    hen_permit,
    vermin_violation,
)

pytestmark = pytest.mark.django_db


def complaint_inspection(complaint, agent) -> Inspection:
    """The inspection an agent schedules for today to answer `complaint`."""
    return actions.schedule_inspection(
        lot=complaint.lot,
        kind=Inspection.Kind.COMPLAINT,
        complaint=complaint,
        scheduled_for=TODAY,
        agent=agent,
        by=agent,
    )


def test_a_complaint_becomes_an_inspection_that_answers_it(clerk, agent):
    permit = hen_permit(by=clerk)
    complaint = complaint_at(permit.lot, clerk)
    inspection = complaint_inspection(complaint, agent)
    complaint.refresh_from_db()
    assert complaint.status == Complaint.Status.INSPECTION_SCHEDULED
    assert inspection.permit == permit
    actions.record_inspection(
        inspection=inspection,
        by=agent,
        answers=answers_for(inspection, {VERMIN: vermin_violation()}),
    )
    complaint.refresh_from_db()
    assert complaint.status == Complaint.Status.CLOSED
    assert complaint.resolution == "Inspected: 1 violation found (§20-16(6))."
    assert complaint.history.first().history_user == agent
    assert complaint.history.last().history_user == clerk


def test_an_anonymous_complaint_is_recorded_but_not_one_dated_in_the_future(clerk):
    from tests import factories

    lot = factories.lot()
    complaint = complaint_at(lot, clerk, complainant_name=" ")
    assert complaint.complainant_name == "" and complaint.lot == lot
    with pytest.raises(ActionRefused, match="future"):
        complaint_at(lot, clerk, received_on=TODAY + timedelta(days=1))


def test_a_complaint_at_an_address_with_no_lot_on_file_records_the_lot(clerk):
    from facilities.models import Lot

    complaint = actions.record_complaint(
        address="  41  Pond Street ",
        nature=Complaint.Nature.NOISE,
        description="A rooster crows from 4 a.m.",
        by=clerk,
    )
    lot = complaint.lot
    assert (lot.street_address, lot.parcel_id, lot.parcel_label) == (
        "41 Pond Street",
        None,
        "not yet on file",
    )
    assert lot.history.get().history_user == clerk
    again = actions.record_complaint(
        address="41 pond street",
        nature=Complaint.Nature.NOISE,
        description="Still crowing.",
        by=clerk,
    )
    assert again.lot == lot and Lot.objects.count() == 1


def test_a_complaint_needs_a_lot_or_an_address(clerk):
    with pytest.raises(ActionRefused) as refused:
        actions.record_complaint(
            nature=Complaint.Nature.NOISE, description="Crowing.", address=" ", by=clerk
        )
    assert "street address" in " ".join(refused.value.reasons)
