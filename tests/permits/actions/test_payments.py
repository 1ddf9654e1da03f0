"""Payments as the clerk records them (§20-20(4)): an amount other than what is owed, or a day
after today, is asked about at its field, a payment of nothing refused there in words; a
mistyped payment is voided or corrected with its reason and history; the day's payments make
the Treasurer's sheet."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest
import time_machine
from django.urls import reverse

from permits import actions, eligibility
from permits.forms import PaymentForm
from permits.models import Payment
from permits.treasury import payments_received_on
from stoneham_boh.lib.errors import ActionRefused
from tests import factories

pytestmark = pytest.mark.django_db
TODAY = date(2027, 1, 12)


def _form(amount, on, outstanding=Decimal("40.00"), **ticks):
    data = {"pay-amount": amount, "pay-received_on": on, "pay-method": "check"}
    data.update({f"pay-{name}": "on" for name in ticks})
    return PaymentForm(data, prefix="pay", outstanding=outstanding)


def test_ten_times_the_fee_is_asked_about_at_the_amount_and_kept():
    with time_machine.travel(factories.midday(TODAY)):
        form = _form("400.00", "2027-01-12")
        assert not form.is_valid()
        assert form.errors["amount"] == [
            "$40.00 is outstanding, not $400.00. If $400.00 is what was paid, tick the box and "
            "record it again."
        ]
        assert 'value="400.00"' in str(form["amount"])
        assert _form("400.00", "2027-01-12", confirm_amount=True).is_valid()


def test_a_payment_dated_ten_days_ahead_is_asked_about_at_its_day():
    with time_machine.travel(factories.midday(TODAY)):
        form = _form("40.00", "2027-01-22")
        assert not form.is_valid()
        assert list(form.errors) == ["received_on"]
        assert "January 22, 2027 is after today" in form.errors["received_on"][0]
        assert _form("40.00", "2027-01-22", confirm_day=True).is_valid()


def test_the_fee_owed_paid_today_is_recorded_without_a_question():
    with time_machine.travel(factories.midday(TODAY)):
        assert _form("40.00", "2027-01-12").is_valid()


def test_a_mistyped_payment_is_corrected_and_both_stay_on_file(clerk):
    application = factories.hen_renewal(by=clerk, paid=False)
    typed = actions.record_payment(
        application=application,
        amount=Decimal("400"),
        received_on=TODAY,
        method="check",
        reference="1021",
        by=clerk,
    )
    corrected = actions.correct_payment(
        payment=typed,
        reason="typed $400 for $40",
        amount=Decimal("40"),
        received_on=TODAY,
        method="check",
        reference="1021",
        by=clerk,
    )
    typed.refresh_from_db()
    assert (typed.voided, typed.void_reason) == (True, "Corrected: typed $400 for $40")
    assert corrected.corrects == typed
    assert eligibility.amount_paid(application) == Decimal("40")
    # The history keeps the payment as typed and who voided it.
    assert [h.voided for h in typed.history.order_by("history_date")] == [False, True]
    assert typed.history.first().history_user == clerk


def test_a_void_needs_a_reason(clerk):
    application = factories.hen_renewal(by=clerk, paid=True)
    with pytest.raises(ActionRefused, match="Say why"):
        actions.void_payment(payment=application.payments.get(), reason=" ", by=clerk)


def test_the_fee_of_an_issued_permit_cannot_be_voided_away(clerk):
    permit = factories.issued_permit(by=clerk)
    payment = permit.application.payments.get()
    with pytest.raises(ActionRefused, match="Correct the payment"):
        actions.void_payment(payment=payment, reason="wrong application", by=clerk)
    payment.refresh_from_db()
    assert not payment.voided


def test_the_treasurers_sheet_totals_the_day_by_method_and_keeps_the_void(clerk):
    one = factories.hen_renewal(by=clerk, paid=False, received_on=TODAY)
    two = factories.hen_renewal(by=clerk, paid=False, received_on=TODAY)
    actions.record_payment(
        application=one, amount=Decimal("40"), received_on=TODAY, method="check", by=clerk
    )
    cash = actions.record_payment(
        application=two, amount=Decimal("75"), received_on=TODAY, method="cash", by=clerk
    )
    actions.void_payment(payment=cash, reason="recorded on the wrong day", by=clerk)
    actions.record_payment(
        application=two, amount=Decimal("40"), received_on=TODAY, method="cash", by=clerk
    )
    sheet = payments_received_on(TODAY)
    assert len(sheet.payments) == 3
    assert sheet.total == Decimal("80")
    assert sheet.by_method == [("Check", 1, Decimal("40")), ("Cash", 1, Decimal("40"))]


def test_the_sheet_downloads_as_csv_that_excel_reads_as_utf8(clerk, clerk_client):
    applicant = factories.applicant(by=clerk, name="José Núñez")
    application = factories.hen_renewal(by=clerk, paid=True, applicant=applicant)
    day = application.payments.get().received_on
    response = clerk_client.get(reverse("permits:payments-day"), {"on": day, "format": "csv"})
    body = b"".join(response.streaming_content).decode("utf-8")
    assert body.startswith("\ufeffReceived on,Application,Payer")
    assert "José Núñez" in body
    assert Payment.objects.count() == 1


# Messages say things in words, at the field: no constraint name (issue 17).
@pytest.mark.django_db
def test_a_payment_of_nothing_is_refused_at_the_amount_in_words(clerk_client, clerk):
    application = factories.hen_renewal(by=clerk, paid=False)
    response = clerk_client.post(
        reverse("permits:payment-add", args=[application.pk]),
        {
            "pay-amount": "0",
            "pay-received_on": "2027-01-10",
            "pay-method": "check",
            "pay-reference": "#12",
        },
    )
    page = response.content.decode()
    assert response.status_code == 400
    assert "Enter an amount above $0.00." in page
    assert "payment_amount_positive" not in page
    assert "Constraint" not in page
