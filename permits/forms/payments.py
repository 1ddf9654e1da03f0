"""The payment forms: a payment as received, asking again about an amount or a day that looks
like a slip, and a payment voided or corrected (permits.actions.payments).
"""

from __future__ import annotations

from decimal import Decimal

from crispy_forms.layout import Column, Row
from django import forms
from django.core.validators import MinValueValidator
from django.utils import timezone

from permits.models import Payment
from stoneham_boh.lib.dates import long_date
from stoneham_boh.lib.forms import DateInput, helper
from stoneham_boh.lib.typed_numbers import TypedNumbersForm

CONFIRM_AMOUNT = "confirm_amount"


CONFIRM_DAY = "confirm_day"


class PaymentForm(TypedNumbersForm, forms.ModelForm):
    """A payment as received. An amount other than what is outstanding, or a day after today
    (a post-dated check), is a slip as often as not: the field asks, and a tick box below it
    takes the answer; nothing typed is lost."""

    class Meta:
        model = Payment
        fields = ["amount", "received_on", "method", "reference"]
        widgets = {"received_on": DateInput}
        help_texts = {"amount": "§20-20(4): the fee of the schedule in force."}

    def __init__(self, *args, outstanding: Decimal | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        self.outstanding = outstanding
        # A field error, in words: otherwise the model's check constraint answered with its
        # own name ("payment_amount_positive").
        self.fields["amount"].validators.append(
            MinValueValidator(Decimal("0.01"), "Enter an amount above $0.00.")
        )
        for name in (CONFIRM_AMOUNT, CONFIRM_DAY):
            self.fields[name] = forms.BooleanField(required=False, widget=forms.HiddenInput)
        self.helper = helper(
            Row(
                Column("amount", CONFIRM_AMOUNT, css_class="col-sm-6"),
                Column("received_on", CONFIRM_DAY, css_class="col-sm-6"),
                Column("method", css_class="col-sm-6"),
                Column("reference", css_class="col-sm-6"),
            )
        )

    def _ask(self, field: str, confirm: str, question: str, label: str) -> None:
        self.add_error(field, question)
        self.fields[confirm].widget = forms.CheckboxInput()
        self.fields[confirm].label = label
        # A bound field read while cleaning keeps the label it had: let it be made again.
        self._bound_fields_cache.pop(confirm, None)

    def clean(self):
        cleaned = super().clean()
        amount, day = cleaned.get("amount"), cleaned.get("received_on")
        if (
            amount is not None
            and self.outstanding is not None
            and amount != self.outstanding
            and not cleaned.get(CONFIRM_AMOUNT)
        ):
            owed = (
                f"${self.outstanding} is outstanding"
                if self.outstanding
                else "the fee is paid in full"
            )
            self._ask(
                "amount",
                CONFIRM_AMOUNT,
                f"{owed}, not ${amount}. If ${amount} is what was paid, tick the box and "
                "record it again.",
                f"Yes, ${amount} was paid",
            )
        today = timezone.localdate()
        if day is not None and day > today and not cleaned.get(CONFIRM_DAY):
            self._ask(
                "received_on",
                CONFIRM_DAY,
                f"{long_date(day)} is after today. If the payment is dated so "
                "(a post-dated check), tick the box and record it again.",
                f"Yes, dated {long_date(day)}",
            )
        cleaned.pop(CONFIRM_AMOUNT, None)
        cleaned.pop(CONFIRM_DAY, None)
        return cleaned


class PaymentCorrectionForm(PaymentForm):
    """A payment voided or corrected: the reason always; the payment as it was made, for a
    correction."""

    reason = forms.CharField(
        max_length=180,
        help_text="Kept with the payment's history, e.g. “typed $500 for $50”.",
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.helper.layout.append(Row(Column("reason", css_class="col-12")))
