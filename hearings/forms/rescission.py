"""Bringing a variance before the Board for rescission (hearings.actions.rescission)."""

from __future__ import annotations

from django import forms

from hearings.forms._common import MeetingChoiceField, upcoming_meetings
from hearings.models import Meeting
from stoneham_boh.lib.forms import helper


class RescissionForm(forms.Form):
    meeting = MeetingChoiceField(
        queryset=Meeting.objects.none(), label="At the meeting of", empty_label=None
    )
    reason = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 3}),
        max_length=4000,
        help_text="Why the Board is asked to rescind the variance (e.g. its conditions broken).",
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["meeting"].queryset = upcoming_meetings()
        self.helper = helper("meeting", "reason")
