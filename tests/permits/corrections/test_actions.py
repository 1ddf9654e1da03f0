"""Undoing a clerk's mistake (issue 26, point 27): a receipt taken back, a parcel id corrected,
a clerical error in a decision corrected; each with its reason and history, each refused
where the correction would change what rests on the record."""

from __future__ import annotations

from datetime import date, timedelta
from decimal import Decimal

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from facilities.corrections.actions import correct_parcel_id
from facilities.models import Lot
from hearings.corrections.actions import correct_decision
from hearings.models import Decision, DecisionCorrection
from permits import eligibility
from permits.actions import record_payment, void_payment
from permits.corrections.actions import undo_receipt
from permits.history import application_history
from permits.models import Application, ReceiptUndone
from stoneham_boh.lib.errors import ActionRefused
from tests import factories
from tests.hearings import builders as b

pytestmark = pytest.mark.django_db


def received(clerk, **fields):
    return factories.hen_renewal(by=clerk, kind=Application.Kind.NEW, paid=False, **fields)


def refusal(call) -> str:
    with pytest.raises(ActionRefused) as refused:
        call()
    return " ".join([refused.value.message, *refused.value.reasons])


# --- a receipt taken back ----------------------------------------------------------------------


def test_a_receipt_taken_back_returns_the_draft_and_keeps_who_when_and_why(clerk):
    application = received(clerk)
    fee = application.fee_at_receipt
    assert fee is not None

    undone = undo_receipt(application=application, reason="Marked the wrong file.", by=clerk)

    application.refresh_from_db()
    assert application.status == Application.Status.DRAFT
    assert application.received_on is None and application.fee_at_receipt is None
    assert (undone.received_on, undone.fee_at_receipt) == (date(2027, 1, 10), fee)
    assert (undone.corrected_by, undone.reason, undone.returned_to) == (
        clerk,
        "Marked the wrong file.",
        Application.Status.DRAFT,
    )
    [latest, *_] = application_history(application)
    assert (latest.action, latest.what) == (
        "Recorded",
        "the receipt taken back (it was marked received January 10, 2027): Marked the wrong file.",
    )
    # The next receipt fixes the fee again, from its own day (§20-20(4)).
    factories.fee_schedule(effective_from=date(2027, 6, 1), new_application_fee="75")
    from permits.actions import submit_application

    submit_application(application=application, received_on=date(2027, 6, 2), by=clerk)
    application.refresh_from_db()
    assert application.fee_at_receipt == Decimal("75")


def test_an_online_application_taken_back_waits_for_the_clerks_review_again(clerk):
    from permits.online import actions as online

    resident = factories.applicant_account(by=clerk, name="Jane Resident")
    application = online.start_online_application(
        by=resident.user, details={}, address={"street_address": "40 Spring Street"}
    )
    online.save_online_application(
        application=application,
        by=resident.user,
        lot_changes={"area_acres": Decimal("1")},
        animals=[{"species": "chicken", "count": 4, "name": "", "pk": None}],
    )
    online.add_online_document(
        application=application,
        by=resident.user,
        kind="site_plan",
        upload=SimpleUploadedFile("plan.pdf", b"%PDF-1.4\n%%EOF\n", content_type="application/pdf"),
    )
    online.submit_online_application(application=application, by=resident.user)
    online.receive_online_application(application=application, by=clerk)

    undo_receipt(application=application, reason="Its plan is missing.", by=clerk)

    application.refresh_from_db()
    assert application.status == Application.Status.SUBMITTED
    assert Application.objects.filter(status=Application.Status.SUBMITTED).count() == 1


def test_a_receipt_with_a_payment_standing_is_kept_and_the_clerk_is_told_why(clerk):
    application = received(clerk)
    payment = record_payment(
        application=application,
        amount=eligibility.fee_due(application),
        received_on=date(2027, 1, 10),
        method="check",
        by=clerk,
    )
    said = refusal(lambda: undo_receipt(application=application, reason="Oops.", by=clerk))
    assert "The application stays received." in said
    assert "fee kept at receipt (§20-20(4))" in said and "void it first" in said
    application.refresh_from_db()
    assert application.status == Application.Status.RECEIVED

    void_payment(payment=payment, reason="Recorded on the wrong file.", by=clerk)
    undo_receipt(application=application, reason="Oops.", by=clerk)
    assert ReceiptUndone.objects.filter(application=application).count() == 1


def test_a_receipt_on_a_meetings_docket_is_kept(clerk):
    item = b.docketed(by=clerk)
    application = item.application
    for payment in application.payments.all():
        void_payment(payment=payment, reason="Test.", by=clerk)
    said = refusal(lambda: undo_receipt(application=application, reason="Oops.", by=clerk))
    assert "on the docket of the meeting of March 26, 2030" in said
    assert "withdraw it from the docket first" in said


def test_an_empty_reason_is_refused_and_a_draft_cannot_be_taken_back(clerk):
    application = received(clerk)
    assert "Say why" in refusal(lambda: undo_receipt(application=application, reason=" ", by=clerk))
    undo_receipt(application=application, reason="Wrong file.", by=clerk)
    said = refusal(lambda: undo_receipt(application=application, reason="Again.", by=clerk))
    assert "The application is draft: only one received" in said


# --- a parcel id corrected ---------------------------------------------------------------------


def test_a_parcel_id_typed_wrong_is_corrected_with_its_reason(clerk):
    lot = factories.lot(by=clerk, parcel_id="12-345-6")
    correction = correct_parcel_id(
        lot=lot, parcel_id=" 12-345-9 ", reason="Digits swapped at intake.", by=clerk
    )
    lot.refresh_from_db()
    assert lot.parcel_id == "12-345-9"
    assert (correction.old_parcel_id, correction.new_parcel_id) == ("12-345-6", "12-345-9")
    assert correction.corrected_by == clerk and correction.reason == "Digits swapped at intake."
    assert lot.history.first().parcel_id == "12-345-9"


def test_a_parcel_of_another_lot_is_refused_one_lot_per_parcel(clerk):
    lot = factories.lot(by=clerk, parcel_id="12-345-6")
    other = factories.lot(by=clerk, parcel_id="12-345-7", street_address="9 Other Street")
    said = refusal(
        lambda: correct_parcel_id(lot=lot, parcel_id="12-345-7", reason="Typo.", by=clerk)
    )
    assert f"Parcel 12-345-7 is already the lot {other} (one lot per parcel)" in said
    assert "merge this lot into it" in said
    lot.refresh_from_db()
    assert lot.parcel_id == "12-345-6"


def test_a_parcel_whose_hearing_was_noticed_on_its_abutters_is_refused(clerk):
    item = b.docketed(by=clerk)
    b.mail_all(item, by=clerk)
    lot = item.application.lot
    old = lot.parcel_id
    said = refusal(
        lambda: correct_parcel_id(lot=lot, parcel_id="99-999-9", reason="Typo.", by=clerk)
    )
    assert f"noticed to the abutters certified for parcel {old}" in said
    assert "withdraw it from the docket" in said
    lot.refresh_from_db()
    assert lot.parcel_id == old


def test_a_lot_without_a_parcel_id_and_a_bad_format_are_refused(clerk):
    lot = factories.lot(by=clerk, parcel_id=None, street_address="3 Blank Road")
    said = refusal(lambda: correct_parcel_id(lot=lot, parcel_id="1-2-3", reason="x", by=clerk))
    assert "has no parcel id yet" in said
    lot = factories.lot(by=clerk, parcel_id="12-345-6")
    said = refusal(lambda: correct_parcel_id(lot=lot, parcel_id="twelve", reason="", by=clerk))
    assert "map-block-lot" in said and "Say why the parcel id was wrong." in said
    assert Lot.objects.get(pk=lot.pk).parcel_id == "12-345-6"


# --- a clerical error in a decision ------------------------------------------------------------


def decided(clerk, board_member, **fields):
    item = b.noticed(by=clerk)
    b.decide(
        item,
        by=board_member,
        conditions="As shown on the plan.",
        reasons="The coop is clena.",
        **fields,
    )
    return Decision.objects.get(docket_item=item)


def test_a_misspelled_finding_is_corrected_and_the_vote_is_untouched(clerk, board_member):
    decision = decided(clerk, board_member)
    votes = list(decision.votes.values_list("member_id", "vote"))

    [correction] = correct_decision(
        decision=decision,
        reasons="The coop is clean.",
        reason="Misspelled at typing.",
        by=clerk,
    )

    decision.refresh_from_db()
    assert decision.reasons == "The coop is clean."
    assert decision.result == "approved"
    assert list(decision.votes.values_list("member_id", "vote")) == votes
    assert (correction.field, correction.old_value, correction.new_value) == (
        "reasons",
        "The coop is clena.",
        "The coop is clean.",
    )
    assert correction.corrected_by == clerk


def test_the_conditions_the_board_voted_are_not_a_clerical_correction(clerk, board_member):
    """Issue 33, finding 8: a clerk's "correction" replaced the conditions the Board voted,
    and the permit printed the clerk's words."""
    from permits.actions import issue_permit

    decision = decided(clerk, board_member)
    said = refusal(
        lambda: correct_decision(
            decision=decision,
            conditions="Coop anywhere on the lot.",
            reason="Clerical.",
            by=clerk,
        )
    )
    assert "The conditions are the Board's vote" in said
    decision.refresh_from_db()
    assert decision.conditions == "As shown on the plan."
    assert not DecisionCorrection.objects.exists()
    application = decision.docket_item.application
    said = refusal(
        lambda: issue_permit(
            application=application, on=b.HEARING, by=clerk, conditions="Coop anywhere."
        )
    )
    assert "the permit prints the conditions the Board voted" in said
    permit = issue_permit(application=application, on=b.HEARING, by=clerk)
    assert permit.conditions == "As shown on the plan."


def test_a_permit_prints_the_conditions_as_voted_whatever_was_written_over_them(
    clerk, board_member
):
    """A decision whose conditions were rewritten before the refusal (an older record)."""
    from permits.actions import issue_permit
    from stoneham_boh.lib.history import save_as

    decision = decided(clerk, board_member)
    decision.conditions = "Coop anywhere on the lot."
    save_as(decision, clerk)
    permit = issue_permit(application=decision.docket_item.application, on=b.HEARING, by=clerk)
    assert permit.conditions == "As shown on the plan."


def test_the_result_the_votes_and_what_is_granted_are_not_a_correction(clerk, board_member):
    decision = decided(clerk, board_member)
    said = refusal(
        lambda: correct_decision(decision=decision, result="denied", reason="No.", by=clerk)
    )
    assert "the result, the votes and what it grants are the Board's vote (result)" in said
    said = refusal(lambda: correct_decision(decision=decision, reasons="", reason="No.", by=clerk))
    assert "cannot strike the findings and reasons out" in said
    decision.refresh_from_db()
    assert (decision.result, decision.reasons) == ("approved", "The coop is clena.")
    assert not DecisionCorrection.objects.exists()


def test_a_mistyped_mailing_date_is_corrected_within_its_bounds(clerk, board_member):
    from hearings.actions import record_decision_mailing

    decision = decided(clerk, board_member)
    record_decision_mailing(
        decision=decision,
        mailed_on=b.HEARING + timedelta(days=20),
        article_number=b.article(1),
        by=clerk,
        today=b.HEARING + timedelta(days=20),
    )
    today = b.HEARING + timedelta(days=30)
    said = refusal(
        lambda: correct_decision(
            decision=decision,
            mailed_on=b.HEARING - timedelta(days=1),
            reason="Typo.",
            by=clerk,
            today=today,
        )
    )
    assert "cannot be mailed before the Board decided it" in said
    correct_decision(
        decision=decision,
        mailed_on=b.HEARING + timedelta(days=2),
        reason="Typed the 15th for the 28th.",
        by=clerk,
        today=today,
    )
    decision.refresh_from_db()
    assert decision.mailed_on == b.HEARING + timedelta(days=2)
    said = refusal(
        lambda: correct_decision(
            decision=decision, received_on=b.HEARING, reason="Typo.", by=clerk, today=today
        )
    )
    assert "The day on the return receipt was never recorded" in said


# --- the clerk's pages -------------------------------------------------------------------------


def test_the_clerk_takes_back_a_receipt_from_the_application_page(client, clerk):
    from django.urls import reverse

    application = received(clerk)
    client.force_login(clerk)
    url = reverse("permits:application-detail", args=[application.pk])
    assert "Take back the receipt" in client.get(url).content.decode()
    action = reverse("permits:application-unreceive", args=[application.pk])

    empty = client.post(action, {"unreceive-reason": ""})
    assert empty.status_code == 400
    assert 'id="error_1_id_unreceive-reason"' in empty.content.decode()

    done = client.post(action, {"unreceive-reason": "Wrong file."}, follow=True)
    assert "is taken back: the application is a draft again" in done.content.decode()
    application.refresh_from_db()
    assert application.status == Application.Status.DRAFT


def test_the_clerk_corrects_a_parcel_id_on_the_lot_page(client, clerk):
    from django.urls import reverse

    lot = factories.lot(by=clerk, parcel_id="12-345-6")
    client.force_login(clerk)
    action = reverse("facilities:lot-parcel-id-correct", args=[lot.pk])
    empty = client.post(action, {"correct-parcel_id": "12-345-9", "correct-reason": ""})
    page = empty.content.decode()
    assert empty.status_code == 400 and 'value="12-345-9"' in page
    done = client.post(
        action, {"correct-parcel_id": "12-345-9", "correct-reason": "Swapped."}, follow=True
    )
    page = done.content.decode()
    assert "Parcel id corrected from 12-345-6 to 12-345-9." in page
    assert "12-345-6 → 12-345-9." in page and "Swapped." in page


def test_the_clerk_corrects_a_decision_and_the_printed_decision_says_so(
    client, clerk, board_member
):
    import io

    from django.urls import reverse
    from pypdf import PdfReader

    decision = decided(clerk, board_member)
    item = decision.docket_item
    client.force_login(clerk)
    action = reverse("hearings:decision-correct", args=[item.pk])
    empty = client.post(action, {"correct-reasons": "The coop is clean.", "correct-reason": ""})
    assert empty.status_code == 400 and "The coop is clean." in empty.content.decode()
    done = client.post(
        action,
        {"correct-reasons": "The coop is clean.", "correct-reason": "Misspelled."},
        follow=True,
    )
    page = done.content.decode()
    assert "The decision is corrected (findings and reasons); the result and the votes" in page
    assert "read “The coop is clena.”, corrected to “The coop is clean.”" in page
    pdf = client.get(reverse("hearings:decision-pdf", args=[item.pk])).content
    words = " ".join(" ".join(p.extract_text().split()) for p in PdfReader(io.BytesIO(pdf)).pages)
    assert "The coop is clean." in words
    assert "Corrections of clerical errors (not a new vote)" in words
    assert (
        "the findings and reasons read “The coop is clena.”, corrected to “The coop is clean.”"
        in words
    )
    assert "Reason: Misspelled." in words
