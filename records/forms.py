"""The records office's forms: each checks its fields; the actions check the workflow."""

from __future__ import annotations

from crispy_forms.layout import Column, Row
from django import forms
from django.utils import timezone

from permits.models import Permit
from records.actions import RESPONSE_FIELDS
from records.models import Exemption, WrittenResponse
from stoneham_boh.lib.forms import DateInput, helper


class PermitChoiceField(forms.ModelChoiceField):
    def label_from_instance(self, permit):
        return f"{permit.number}, {permit.issued_to}, {permit.lot.street_address}"


class RecordsRequestForm(forms.Form):
    requester = forms.CharField(max_length=200, label="Requested by")
    contact = forms.CharField(
        max_length=200,
        required=False,
        label="How to reach them",
        help_text="An e-mail or postal address for the response.",
    )
    description = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 3}), label="Records asked for"
    )
    received_on = forms.DateField(
        widget=DateInput,
        initial=timezone.localdate,
        label="Received on",
        help_text="The 10 business days of c.66 §10 run from this day.",
    )
    permit = PermitChoiceField(
        queryset=Permit.objects.select_related("lot").order_by("-issued_on", "-pk"),
        required=False,
        label="Permit whose file answers it",
        help_text="Optional: its file is assembled as one package.",
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.helper = helper("requester", "contact", "description", "received_on", "permit")

    def clean_received_on(self):
        day = self.cleaned_data["received_on"]
        if day > timezone.localdate():
            raise forms.ValidationError("The day received cannot be in the future.")
        return day


class RedactionForm(forms.Form):
    target = forms.CharField(widget=forms.HiddenInput)
    exemption = forms.ModelChoiceField(
        queryset=Exemption.objects.filter(in_use=True), label="Exemption"
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.helper = helper("target", "exemption")


class PassageForm(forms.Form):
    """Words of a record's text to withhold: the record (from the package), the words as they
    read, the exemption."""

    place = forms.ChoiceField(label="The record the words are in")
    passage = forms.CharField(
        label="The words to withhold, as they read",
        max_length=2000,
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text="Copy them from the record; each place they read is withheld.",
    )
    exemption = forms.ModelChoiceField(
        queryset=Exemption.objects.filter(in_use=True), label="Exemption"
    )

    def __init__(self, *args, places=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["place"].choices = [("", "Choose the record")] + [
            (place.key, place.label) for place in places
        ]
        self.helper = helper("place", "passage", "exemption")


class ResponseForm(forms.Form):
    responded_on = forms.DateField(
        widget=DateInput, initial=timezone.localdate, label="Response sent on"
    )
    response = forms.CharField(widget=forms.Textarea(attrs={"rows": 3}), label="What was sent")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.helper = helper("responded_on", "response")

    def clean_responded_on(self):
        day = self.cleaned_data["responded_on"]
        if day > timezone.localdate():
            raise forms.ValidationError("The day of the response cannot be in the future.")
        return day


class WrittenResponseForm(forms.ModelForm):
    """The clerk's draft of the written response; every §10(b) item has its field."""

    class Meta:
        model = WrittenResponse
        fields = list(RESPONSE_FIELDS)
        widgets = {
            "provided": forms.Textarea(attrs={"rows": 2}),
            "not_held": forms.Textarea(attrs={"rows": 2}),
            "why_more_time": forms.Textarea(attrs={"rows": 2}),
            "narrowing": forms.Textarea(attrs={"rows": 2}),
            "produce_by": DateInput,
            "extended_to": DateInput,
            "extension_petitioned_on": DateInput,
        }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.helper = helper(
            Row(
                Column("provided", "not_held", "held_by", "narrowing", css_class="col-lg-6"),
                Column(
                    Row(
                        Column("produce_by", css_class="col-sm-6"),
                        Column("extension", css_class="col-sm-6"),
                    ),
                    "why_more_time",
                    Row(
                        Column("extended_to", css_class="col-sm-6"),
                        Column("extension_petitioned_on", css_class="col-sm-6"),
                    ),
                    Row(
                        *(
                            Column(n, css_class="col-sm-4")
                            for n in ("pages", "staff_minutes", "hourly_rate")
                        )
                    ),
                    css_class="col-lg-6",
                ),
            )
        )


class AskForRecordsForm(forms.Form):
    """The public page's request: who asks, how to answer them, what they want."""

    requester = forms.CharField(max_length=200, label="Your name")
    contact = forms.CharField(
        max_length=200,
        label="E-mail or postal address",
        help_text="Where the response is sent. You need not say why you want the records.",
    )
    description = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 4}),
        max_length=4000,
        label="The records you ask for",
        help_text="As precisely as you can: an address, a permit number, a date or a period.",
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.helper = helper("requester", "contact", "description")
