"""The written decision's mailing and its receipt (hearings.actions.written_decisions)."""

from __future__ import annotations

from crispy_forms.layout import Column, Row
from django import forms
from django.utils import timezone

from stoneham_boh.lib.forms import DateInput, helper


class DecisionMailingForm(forms.Form):
    mailed_on = forms.DateField(label="Mailed on", widget=DateInput, initial=timezone.localdate)
    article_number = forms.CharField(
        label="Article number",
        max_length=40,
        help_text="Registered mail, return receipt requested: as on the receipt.",
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.helper = helper(
            Row(
                Column("mailed_on", css_class="col-sm-5"),
                Column("article_number", css_class="col-sm-7"),
            )
        )


class DecisionReceiptForm(forms.Form):
    received_on = forms.DateField(
        label="Received on",
        widget=DateInput,
        help_text="The date on the returned receipt, kept as proof of service.",
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.helper = helper("received_on")
