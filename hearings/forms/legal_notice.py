"""The forms of the legal notice (hearings.actions.legal_notice): its text, its sending to the
newspaper, its publication, and the newspaper's charge."""

from __future__ import annotations

from decimal import Decimal

from crispy_forms.layout import Column, Row
from django import forms

from hearings.forms._common import CONFIRM, NoticeDateForm, _today_field
from stoneham_boh.lib.forms import helper


class LegalNoticeForm(forms.Form):
    newspaper = forms.CharField(
        max_length=120, help_text="A local newspaper of general circulation (§20-20(9))."
    )
    text = forms.CharField(widget=forms.Textarea(attrs={"rows": 16}))

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.helper = helper("newspaper", "text")


class SentForm(NoticeDateForm):
    date_field = "sent_on"
    sent_on = _today_field("Sent to the newspaper on", "After this the text is not edited.")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.helper = helper("sent_on", CONFIRM)


class PublicationForm(NoticeDateForm):
    date_field = "published_on"
    published_on = _today_field("Published on")
    newspaper = forms.CharField(max_length=120)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.helper = helper(
            Row(
                Column("published_on", CONFIRM, css_class="col-sm-6"),
                Column("newspaper", css_class="col-sm-6"),
            )
        )


class NewspaperChargeForm(forms.Form):
    amount = forms.DecimalField(
        label="Newspaper's charge ($)",
        min_value=Decimal("0"),
        max_value=Decimal("999999.99"),
        max_digits=8,
        decimal_places=2,
        help_text="This hearing's share of the legal notice, as the newspaper's bill says.",
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.helper = helper("amount")
