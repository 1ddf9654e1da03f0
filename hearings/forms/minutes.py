"""The forms of the minutes (hearings.actions.minutes): their summary, their approval by roll
call at a later meeting, the release of a draft on request."""

from __future__ import annotations

from crispy_forms.layout import Column, Fieldset, Row
from django import forms
from django.utils import timezone

from hearings.forms._common import MeetingChoiceField, board_members
from hearings.forms.votes import VOTE_CHOICES
from hearings.models import Meeting
from stoneham_boh.lib.forms import DateInput, helper


class MinutesForm(forms.Form):
    """The clerk's summary of the discussion: for the meeting, and for each item."""

    discussion = forms.CharField(
        label="Summary of the discussion",
        widget=forms.Textarea(attrs={"rows": 4}),
        required=False,
        help_text="c.30A §22: a summary of the discussions on each subject.",
    )

    def __init__(self, *args, items=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.items = list(items)
        for item in self.items:
            self.fields[f"summary_{item.pk}"] = forms.CharField(
                label=f"{item.application.applicant.name} · {item.application.lot.street_address}",
                widget=forms.Textarea(attrs={"rows": 3}),
                required=False,
                max_length=5000,
                help_text="Who was heard (the applicant, abutters) and what they said.",
            )
        self.helper = helper("discussion", *(f"summary_{item.pk}" for item in self.items))

    def clean(self):
        data = super().clean()
        data["item_summaries"] = {
            item.pk: data.pop(f"summary_{item.pk}", "") or "" for item in self.items
        }
        return data


class MinutesApprovalForm(forms.Form):
    """The Board's vote approving the minutes at a later meeting, member by member."""

    at_meeting = MeetingChoiceField(
        queryset=Meeting.objects.none(), label="Approved at the meeting of"
    )

    def __init__(self, *args, minutes, **kwargs):
        super().__init__(*args, **kwargs)
        today = timezone.localdate()
        self.fields["at_meeting"].queryset = Meeting.objects.filter(
            date__gt=minutes.meeting.date, date__lte=today, cancelled=False
        ).order_by("-date", "-time")
        self.members = list(board_members(today))
        votes = []
        for member in self.members:
            name = f"vote_{member.user_id}"
            self.fields[name] = forms.ChoiceField(
                choices=VOTE_CHOICES, required=False, label=member.name
            )
            votes.append(Column(name, css_class="col-sm-6"))
        self.helper = helper("at_meeting", Fieldset("Each member's vote", Row(*votes)))

    def clean(self):
        data = super().clean()
        # Every member's field leaves the data (the action takes `votes`); a member left blank
        # did not vote.
        cast = {member.user: data.pop(f"vote_{member.user_id}", "") for member in self.members}
        data["votes"] = {user: vote for user, vote in cast.items() if vote}
        return data


class MinutesReleaseForm(forms.Form):
    requested_by = forms.CharField(label="Requested by", max_length=200)
    requested_on = forms.DateField(
        label="Requested on", widget=DateInput, initial=timezone.localdate
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.helper = helper(
            Row(
                Column("requested_by", css_class="col-sm-7"),
                Column("requested_on", css_class="col-sm-5"),
            )
        )
