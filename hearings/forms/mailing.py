"""The forms of the notices mailed to the abutters (hearings.actions.mailing): one mailing, the
mailing list pasted whole, a return receipt."""

from __future__ import annotations

from django import forms

from hearings.forms._common import CONFIRM, NoticeDateForm, _today_field
from hearings.notice_timing import normalize_article_number, split_pasted_numbers
from stoneham_boh.lib.forms import helper


class MailingForm(NoticeDateForm):
    """One abutter's registered letter (the abutter comes from the URL)."""

    article_number = forms.CharField(
        max_length=40,
        label="Article number",
        help_text="As on the Registered Mail receipt, e.g. RA 123 456 789 US (§20-20(9): "
        "registered mail; not a Certified or Priority Mail number).",
    )
    mailed_on = _today_field("Mailed on")
    date_field = "mailed_on"

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.helper = helper()

    def clean_article_number(self) -> str:
        try:
            return normalize_article_number(self.cleaned_data["article_number"])
        except ValueError as error:
            raise forms.ValidationError(str(error)) from None


class MailingListForm(NoticeDateForm):
    date_field = "mailed_on"
    numbers = forms.CharField(
        label="Article numbers, one per line",
        widget=forms.Textarea(attrs={"rows": 8, "spellcheck": "false"}),
        help_text="In the order of the abutters listed (the order of the letters and labels); "
        "Registered Mail numbers only, e.g. RA 123 456 789 US (§20-20(9)).",
    )
    mailed_on = _today_field("Mailed on")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.helper = helper("numbers", "mailed_on", CONFIRM)

    def clean_numbers(self) -> list[str]:
        numbers = split_pasted_numbers(self.cleaned_data["numbers"])
        if not numbers:
            raise forms.ValidationError("Paste at least one article number.")
        problems = []
        for line, text in enumerate(numbers, start=1):
            try:
                normalize_article_number(text)
            except ValueError as error:
                problems.append(f"Line {line}: {error}")
        if problems:
            raise forms.ValidationError(problems)
        return numbers


class ReceiptForm(forms.Form):
    returned_on = _today_field("Receipt returned on", "The signed return-receipt card.")
