"""The audit's statement of what a corrected record must still show (permits/audit/corrections):
each on a record built to break it, and on the same record corrected through the actions."""

from __future__ import annotations

from datetime import date

import pytest

from facilities.corrections.actions import correct_parcel_id
from facilities.models import ParcelIdCorrection
from hearings.corrections.actions import correct_decision
from hearings.models import Decision, Vote
from permits.actions import record_payment
from permits.audit import audit_register
from permits.corrections.actions import undo_receipt
from permits.models import Application, ReceiptUndone
from stoneham_boh.lib.history import save_as
from tests import factories
from tests.hearings import builders as b

pytestmark = pytest.mark.django_db


def _said(today=date(2030, 4, 1)) -> list[str]:
    return [a.sentence for a in audit_register(today=today).anomalies if a.family == "corrections"]


def _decided(clerk, board_member):
    item = b.noticed(by=clerk)
    b.decide(item, by=board_member, conditions="As shown on the plan.", reasons="Coop clena.")
    return Decision.objects.get(docket_item=item)


def test_a_decision_corrected_through_its_action_keeps_the_vote(clerk, board_member):
    decision = _decided(clerk, board_member)
    correct_decision(decision=decision, reasons="Coop clean.", reason="Misspelled.", by=clerk)
    assert _said() == []


def test_a_result_or_a_vote_changed_after_the_vote_is_found(clerk, board_member):
    decision = _decided(clerk, board_member)
    decision.result = "denied"
    save_as(decision, clerk)
    vote = Vote.objects.filter(decision=decision).first()
    vote.vote = "no"
    save_as(vote, clerk)
    said = _said()
    assert any(
        "The Board's vote as first recorded was changed afterwards (result)" in s for s in said
    )
    assert "A member's vote was changed after it was recorded." in said


def test_a_correction_that_misstates_what_the_decision_read_is_found(clerk, board_member):
    decision = _decided(clerk, board_member)
    [correction] = correct_decision(
        decision=decision, reasons="Coop clean.", reason="Misspelled.", by=clerk
    )
    correction.old_value = "Keep no coop."
    correction.save()
    assert _said() == [
        "A correction of the findings and reasons says it read “Keep no coop.”: the decision "
        "read otherwise."
    ]


def test_a_receipt_taken_back_under_a_payment_is_found(clerk):
    application = factories.hen_renewal(by=clerk, kind="new", paid=False)
    undo_receipt(application=application, reason="Wrong file.", by=clerk)
    assert _said() == []
    # Built past the action: a receipt taken back while a payment stood.
    application = factories.hen_renewal(by=clerk, kind="new", paid=False)
    record_payment(
        application=application, amount=40, received_on=date(2027, 1, 10), method="cash", by=clerk
    )
    save_as(
        ReceiptUndone(
            application=application,
            received_on=application.received_on,
            returned_to="draft",
            reason="Past the action.",
            corrected_by=clerk,
        ),
        clerk,
    )
    Application.objects.filter(pk=application.pk).update(status="draft")
    said = _said()
    assert (
        "Its receipt of January 10, 2027 was taken back while a payment standing rested on it."
        in said
    )
    assert "It is not received, yet shows a day received or a fee kept at receipt." in said


def test_a_parcel_id_corrected_under_a_standing_notice_is_found(clerk):
    lot = factories.lot(by=clerk, parcel_id="12-345-6")
    correct_parcel_id(lot=lot, parcel_id="12-345-9", reason="Swapped.", by=clerk)
    assert _said() == []
    item = b.docketed(by=clerk)
    b.mail_all(item, by=clerk)
    lot = item.application.lot
    # Built past the action, which refuses it.
    save_as(
        ParcelIdCorrection(
            lot=lot,
            old_parcel_id=lot.parcel_id,
            new_parcel_id="99-999-9",
            reason="Past the action.",
            corrected_by=clerk,
        ),
        clerk,
    )
    said = _said()
    assert any("while a hearing noticed on the abutters of the old parcel stood" in s for s in said)
