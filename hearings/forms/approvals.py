"""Asking the Board's approval of an application (hearings.actions.approvals)."""

from __future__ import annotations

from django import forms

from hearings.forms._common import MeetingChoiceField, upcoming_meetings
from hearings.models import BoardApproval, Meeting
from stoneham_boh.lib.forms import helper


class ApprovalRequestForm(forms.Form):
    """What the regulation calls the Board's approval, put on a meeting's docket."""

    meeting = MeetingChoiceField(
        queryset=Meeting.objects.none(), label="At the meeting of", empty_label=None
    )
    subjects = forms.MultipleChoiceField(
        choices=BoardApproval.Subject.choices,
        widget=forms.CheckboxSelectMultiple,
        label="The Board is asked to approve",
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["meeting"].queryset = upcoming_meetings()
        self.helper = helper("meeting", "subjects")
