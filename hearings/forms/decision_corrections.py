"""Correcting a recorded decision (hearings.corrections; the page is
hearings/views/decision_corrections.py)."""

from __future__ import annotations

from django import forms

from hearings.corrections.actions import CORRECTABLE as CORRECTABLE_FIELDS
from stoneham_boh.lib.forms import DateInput, ReasonForm


class DecisionCorrectionForm(ReasonForm):
    """A clerical error in a recorded decision: its findings and the record of its mailing as
    they should read, and why (hearings.corrections.actions). The mailing's fields are offered
    only once recorded; the result, the votes, the conditions and what the decision grants are
    the Board's vote and are not offered at all."""

    reasons = forms.CharField(
        label="Findings and reasons", widget=forms.Textarea(attrs={"rows": 4}), required=False
    )
    mailed_on = forms.DateField(label="Written decision mailed on", widget=DateInput)
    mail_article_number = forms.CharField(label="Registered-mail article number", max_length=40)
    received_on = forms.DateField(label="Received on (return receipt)", widget=DateInput)
    field_order = [*CORRECTABLE_FIELDS, "reason"]

    def __init__(self, *args, decision, **kwargs):
        initial = {field: getattr(decision, field) for field in CORRECTABLE_FIELDS}
        super().__init__(
            *args,
            initial=initial,
            label="What the clerical error was",
            help_text="What was wrong, e.g. “a finding misspelled at typing”. Printed with "
            "the correction on the decision.",
            **kwargs,
        )
        self.fields["reason"].error_messages["required"] = "Say what the clerical error was."
        for field in ("reasons",):
            if not initial[field]:  # none recorded: adding some is the Board's vote
                del self.fields[field]
        for field in ("mailed_on", "mail_article_number", "received_on"):
            if initial[field] in (None, ""):  # never recorded: its own step records it
                del self.fields[field]
