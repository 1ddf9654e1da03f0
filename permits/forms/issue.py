"""The issue form: the conditions printed on the permit (permits.actions.issue)."""

from __future__ import annotations

from django import forms

from stoneham_boh.lib.forms import helper


class IssueForm(forms.Form):
    conditions = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 2}),
        required=False,
        max_length=4000,
        help_text="Printed on the permit. Blank: the Board's conditions as it voted them (or "
        "those of the permit renewed); where the Board voted conditions, no others are typed.",
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.helper = helper()
