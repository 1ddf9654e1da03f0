"""The paper register's form: one paper permit entered, provisional until the Board accepts it
(§20-20(8); permits.actions.register).
"""

from __future__ import annotations

from django import forms
from django.conf import settings
from django.utils import timezone

from hearings.ruleset_in_force import ruleset_on
from stoneham_boh.lib.dates import long_date
from stoneham_boh.lib.forms import DateInput, columns, helper


class RegisterPermitForm(forms.Form):
    """One permit of the town's paper register, entered provisionally (§20-20(8)); the Board
    accepts it by a vote at a meeting."""

    register_number = forms.CharField(
        label="Number on the paper permit", max_length=40, help_text="For example: 94-17."
    )
    first_permitted_on = forms.DateField(
        widget=DateInput,
        label="Keeping first permitted on",
        help_text="§20-20(8): the date of the original permit, as the record shows it.",
    )
    issued_on = forms.DateField(
        widget=DateInput,
        label="Paper permit in force issued on",
        help_text="The date printed on the paper permit now in force.",
    )
    valid_for_year = forms.IntegerField(
        label="Year of the paper permit in force",
        min_value=1900,
        max_value=2200,
        help_text="The entered permit runs to December 31 of that year (§20-20(5)).",
    )
    document = forms.FileField(
        label="Scan of the paper permit",
        help_text=(
            f"Required. A PDF or an image, at most {settings.UPLOAD_MAX_BYTES // (1024 * 1024)} MB."
        ),
    )
    basis = forms.CharField(
        label="Where the paper is kept (optional)",
        max_length=300,
        required=False,
        help_text="For example: paper file, cabinet 2.",
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        cutoff = ruleset_on(timezone.localdate()).interpretations.grandfathering_cutoff
        self.fields[
            "first_permitted_on"
        ].help_text += (
            f" Only a keeping first permitted before {long_date(cutoff)} is grandfathered."
        )
        self.helper = helper(
            columns("register_number", "valid_for_year", css="col-sm-6"),
            columns("first_permitted_on", "issued_on", css="col-sm-6"),
            "document",
            "basis",
        )
