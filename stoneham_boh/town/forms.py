"""The settings page's form: every field of the town, in the sections a clerk thinks in."""

from __future__ import annotations

from crispy_forms.layout import Fieldset
from django import forms
from django.utils.dates import MONTHS
from django.utils.text import slugify

from stoneham_boh.lib.forms import DateInput, columns, helper
from stoneham_boh.town.models import Town
from stoneham_boh.town.standing import wording_problems

SECTIONS = (
    ("The town and its Board", ("name", "state", "zip_code", "formal_name", "board_name")),
    ("The office", ("office_address", "office_hours", "telephone", "email")),
    (
        "Public records",
        (
            "records_officer_name",
            "records_officer_title",
            "records_officer_address",
            "records_officer_telephone",
            "records_officer_email",
            "population",
        ),
    ),
    ("Fees and abutter lists", ("fees_payable_to", "assessors", "registered_mail_postage")),
    (
        "Meetings",
        (
            "meeting_place",
            "town_clerk_filing_cutoff",
            "town_clerk_short_day",
            "town_clerk_short_day_cutoff",
            "remote_relief_ends",
        ),
    ),
    (
        "The newspaper of record",
        ("newspaper_name", "newspaper_weekday", "newspaper_ad_cutoff_days", "newspaper_email"),
    ),
    (
        "Letterhead and signatures",
        ("letterhead_note", "permit_signatory", "letter_signatory", "decision_signatory"),
    ),
    ("Renewals", ("renewal_window_month", "renewal_window_day")),
)


class TownForm(forms.ModelForm):
    class Meta:
        model = Town
        fields = [name for _, names in SECTIONS for name in names]
        widgets = {
            "town_clerk_filing_cutoff": forms.TimeInput(attrs={"type": "time"}, format="%H:%M"),
            "town_clerk_short_day_cutoff": forms.TimeInput(attrs={"type": "time"}, format="%H:%M"),
            "renewal_window_month": forms.Select(choices=list(MONTHS.items())),
            "remote_relief_ends": DateInput,
        }
        labels = {
            "renewal_window_month": "Renewals open: month",
            "renewal_window_day": "Renewals open: day",
            "zip_code": "ZIP code",
        }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.helper = helper(
            *(Fieldset(title, columns(*names, css="col-md-6")) for title, names in SECTIONS)
        )

    def save(self, commit=True):
        town = super().save(commit=False)
        if not town.slug:
            town.slug = slugify(town.name) or "town"
            town.is_current = True
        if commit:
            town.save()
        return town


class StandingTextForm(forms.Form):
    """One paragraph's wording; refused, at the field, when it names a fact it does not offer."""

    text = forms.CharField(
        label="Wording",
        max_length=2000,
        widget=forms.Textarea(attrs={"rows": 6}),
        help_text="Write the facts as placeholders in braces, from the list of placeholders; "
        "a line break is kept.",
    )

    def __init__(self, *args, paragraph, **kwargs):
        super().__init__(*args, **kwargs)
        self.paragraph = paragraph

    def clean_text(self) -> str:
        text = self.cleaned_data["text"].strip()
        found = wording_problems(self.paragraph, text)
        if found:
            raise forms.ValidationError(found)
        return text
