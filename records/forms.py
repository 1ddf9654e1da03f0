"""The records office's forms: each checks its fields; the actions check the workflow."""

from __future__ import annotations

from django import forms
from django.utils import timezone

from permits.models import Permit
from records.models import Exemption
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
