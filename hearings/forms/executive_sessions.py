"""The forms of an executive session (c.30A §21; hearings.actions.executive_sessions): the roll-call
vote to enter it, its minutes, and the Board's determination releasing them."""

from __future__ import annotations

from django import forms
from django.utils import timezone

from hearings.actions.executive_sessions import SHORTEST_STATEMENT
from hearings.forms._common import MeetingChoiceField
from hearings.forms.votes import add_roll_call, pop_roll_call
from hearings.models import ExecutiveSession, Meeting
from stoneham_boh.lib.forms import helper


class EnterExecutiveSessionForm(forms.Form):
    """The motion to enter executive session, voted by roll call in open session."""

    purpose = forms.ChoiceField(
        label="Purpose (M.G.L. c.30A §21(a))", choices=ExecutiveSession.Purpose.choices
    )
    statement = forms.CharField(
        label="The purpose as the chair stated it in open session",
        max_length=2000,
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text="As particular as it can be without defeating the purpose (§21(b)(3)): "
        "e.g. “to discuss strategy with respect to litigation, Smith v. Board of Health, "
        "as an open meeting may have a detrimental effect on the Board's position”.",
    )
    reconvenes = forms.BooleanField(
        label="The chair stated that the Board will reconvene in open session",
        required=False,
        initial=True,
    )

    # The minutes page also shows the approval's roll call: its own prefix keeps the two
    # forms' member fields (and their ids) apart.
    prefix = "executive"

    def __init__(self, *args, meeting: Meeting, **kwargs):
        super().__init__(*args, **kwargs)
        roll = add_roll_call(self, meeting.date, "Each member's vote to enter executive session")
        self.helper = helper("purpose", "statement", "reconvenes", roll)

    def clean_statement(self):
        statement = self.cleaned_data["statement"].strip()
        if len(statement) < SHORTEST_STATEMENT:
            raise forms.ValidationError(
                "State the purpose as the chair stated it in open session, as particularly as "
                "can be done without defeating it (c.30A §21(b)(3))."
            )
        return statement

    def clean(self):
        data = super().clean()
        data["votes"] = pop_roll_call(self, data)
        return data


class ExecutiveMinutesForm(forms.Form):
    text = forms.CharField(
        label="Minutes of the executive session",
        max_length=20000,
        widget=forms.Textarea(attrs={"rows": 8}),
        help_text="Withheld from the public until the Board releases them (c.30A §22(f)).",
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.helper = helper("text")


class ReleaseExecutiveMinutesForm(forms.Form):
    """The Board's review at a later meeting: the purpose no longer needs the minutes withheld."""

    at_meeting = MeetingChoiceField(
        queryset=Meeting.objects.none(), label="Determined at the meeting of"
    )
    determination = forms.CharField(
        label="What the Board determined",
        max_length=2000,
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text="Why publishing the minutes no longer defeats the purpose (e.g. the "
        "litigation is settled).",
    )

    def __init__(self, *args, session: ExecutiveSession, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["at_meeting"].queryset = Meeting.objects.filter(
            date__gt=session.meeting.date, date__lte=timezone.localdate(), cancelled=False
        ).order_by("-date", "-time")
        self.helper = helper("at_meeting", "determination")
