"""The forms of the docket (hearings.actions.docket): putting an application on a meeting's docket,
and changing an item on it."""

from __future__ import annotations

from crispy_forms.layout import Column, Div, Row
from django import forms

from hearings.forms._common import (
    ApplicationChoiceField,
    MeetingChoiceField,
    relief_field,
    upcoming_meetings,
)
from hearings.models import BoardApproval, Meeting
from permits.models import Application
from stoneham_boh.lib.forms import helper


class ScheduleHearingForm(forms.Form):
    application = ApplicationChoiceField(
        queryset=Application.objects.none(),
        help_text="Received new applications, and renewals asking for a variance (§20-20(9)).",
    )
    meeting = MeetingChoiceField(queryset=Meeting.objects.none())
    relief_sought = relief_field()
    approvals_sought = forms.MultipleChoiceField(
        choices=BoardApproval.Subject.choices,
        widget=forms.CheckboxSelectMultiple,
        required=False,
        label="Ask the Board to approve at the hearing",
        help_text="What the regulation calls the Board's approval is its vote, not a tick.",
    )
    staff_recommendation = forms.CharField(widget=forms.Textarea(attrs={"rows": 3}), required=False)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["application"].queryset = Application.objects.filter(
            status=Application.Status.RECEIVED
        ).select_related("applicant", "lot")
        self.fields["meeting"].queryset = upcoming_meetings()
        self.helper = helper(
            Row(
                Column("application", css_class="col-lg-7"), Column("meeting", css_class="col-lg-5")
            ),
            Div("relief_sought", css_class="relief-choices"),
            "approvals_sought",
            "staff_recommendation",
        )


class DocketItemForm(forms.Form):
    relief_sought = relief_field()
    staff_recommendation = forms.CharField(widget=forms.Textarea(attrs={"rows": 4}), required=False)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.helper = helper(
            Div("relief_sought", css_class="relief-choices"), "staff_recommendation"
        )
