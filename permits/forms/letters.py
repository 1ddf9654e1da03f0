"""The clerk's letter to an applicant (permits/views/letters.py)."""

from __future__ import annotations

from django import forms

from stoneham_boh.lib.forms import helper


class ClerkLetterForm(forms.Form):
    subject = forms.CharField(
        max_length=200,
        help_text="Printed in bold above the greeting, e.g. “Your application: the site plan”.",
    )
    body = forms.CharField(
        label="Letter",
        widget=forms.Textarea(attrs={"rows": 14}),
        help_text="From the greeting to the last paragraph; the Board's letterhead, the date, "
        "the applicant's address and your name are printed around it.",
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.helper = helper()
