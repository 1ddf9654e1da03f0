"""Forms for lots and the certified abutter list (§20-14, Abutter; §20-20(9))."""

from __future__ import annotations

from django import forms
from django.utils import timezone

from facilities.abutter_csv import MAX_BYTES
from facilities.models import Abutter
from stoneham_boh.lib.forms import DateInput, ReasonForm, columns, helper
from stoneham_boh.lib.uploads import CSV_KINDS, validate_upload

CERTIFIED_HELP = "§20-14, Abutter: the list must be certified by the Town Assessor."


def _not_future(day):
    if day and day > timezone.localdate():
        raise forms.ValidationError("The certification date cannot be in the future.")
    return day


class AbutterForm(forms.ModelForm):
    class Meta:
        model = Abutter
        fields = [
            "owner_names",
            "mailing_street",
            "mailing_city",
            "mailing_state",
            "mailing_zip",
            "parcel_id",
        ]
        labels = {"owner_names": "Owner(s)"}
        help_texts = {
            "owner_names": "As on the most recent tax list, even if in another town (§20-14).",
        }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.helper = helper(
            columns("owner_names", "parcel_id", css="col-sm-6"),
            columns("mailing_street", "mailing_city", css="col-sm-6"),
            columns("mailing_state", "mailing_zip", css="col-6"),
        )

    def clean_mailing_state(self):
        return self.cleaned_data["mailing_state"].strip().upper()

    def clean_parcel_id(self):
        return self.cleaned_data["parcel_id"].strip().upper()


class AbutterImportForm(forms.Form):
    file = forms.FileField(
        label="Assessor's certified list (CSV, tab-separated or Excel .xlsx)",
        help_text=(
            "As the Assessor's office sends it: comma- or tab-separated or an Excel workbook "
            "(its first sheet), a title line above the column names, the MassGIS column "
            "names too. Columns: owner (and co-owner), mailing address (or street, city, "
            "state, zip), and, if known, parcel id. "
            "Nothing is saved until you confirm the preview."
        ),
    )
    certified_on = forms.DateField(
        label="Certified by the Assessor on", widget=DateInput, help_text=CERTIFIED_HELP
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.helper = helper(columns("file", "certified_on", css="col-md-6"))

    def clean_file(self):
        upload = self.cleaned_data["file"]
        validate_upload(upload, (*CSV_KINDS, "xlsx"), max_bytes=MAX_BYTES)
        return upload

    def clean_certified_on(self):
        return _not_future(self.cleaned_data["certified_on"])


class AbutterConfirmForm(forms.Form):
    """The previewed list, sent back whole: the server parses and checks it again."""

    csv_text = forms.CharField(widget=forms.HiddenInput, max_length=MAX_BYTES)
    source_name = forms.CharField(widget=forms.HiddenInput, required=False, max_length=200)
    certified_on = forms.DateField(widget=forms.HiddenInput)

    def clean_certified_on(self):
        return _not_future(self.cleaned_data["certified_on"])


class CertifyForm(forms.Form):
    certified_on = forms.DateField(
        label="Certified by the Assessor on", widget=DateInput, help_text=CERTIFIED_HELP
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.helper = helper()

    def clean_certified_on(self):
        return _not_future(self.cleaned_data["certified_on"])


class StrikeAbutterForm(forms.Form):
    """Why an abutter is struck from the certified list (one small form on each row): one of
    the grounds the Assessor's records support, and a note of what they show. The form checks
    what a form field checks (a listed ground, length, no NUL character); the action checks
    the rest (the note a ground needs, and that no letter has been mailed yet)."""

    ground = forms.ChoiceField(
        label="Why strike this owner from the list",
        choices=[("", "Choose the ground"), *Abutter.StrikeGround.choices],
        required=False,
    )
    reason = forms.CharField(
        label="What the Assessor's records show",
        max_length=Abutter._meta.get_field("void_reason").max_length,
        required=False,
    )


class ParcelIdCorrectionForm(ReasonForm):
    """A parcel id typed wrong: the right one and why (facilities.corrections.actions)."""

    parcel_id = forms.CharField(
        label="Corrected parcel id",
        max_length=20,
        help_text="Map-block-lot as the Assessor's map has it, e.g. 12-345-6.",
    )
    field_order = ["parcel_id", "reason"]

    def __init__(self, *args, **kwargs):
        super().__init__(
            *args,
            label="Why it was wrong",
            help_text="Kept with the correction, your name and the time.",
            **kwargs,
        )
        self.fields["reason"].error_messages["required"] = "Say why the parcel id was wrong."
        self.fields["parcel_id"].error_messages["required"] = (
            "Type the corrected parcel id, e.g. 12-345-6."
        )
