"""The forms of a meeting (hearings.actions.meetings): scheduling it, and posting its Open Meeting
Law notice or an amendment of it."""

from __future__ import annotations

from datetime import datetime, time

from crispy_forms.layout import Column, Row
from django import forms
from django.utils import timezone

from hearings import clocks
from hearings.forms._common import CONFIRM, TimeInput
from hearings.models import Meeting
from permits.figures import lazy_with_figures
from stoneham_boh.lib.dates import long_date
from stoneham_boh.lib.forms import DateInput, helper


class MeetingForm(forms.Form):
    date = forms.DateField(
        widget=DateInput,
        help_text=lazy_with_figures(
            "§20-20(9): both notices must go out at least {20-20.9:notice_days} before it."
        ),
    )
    time = forms.TimeField(widget=TimeInput, initial=time(19, 0))
    place = forms.CharField(max_length=200, initial=Meeting._meta.get_field("place").default)
    notes = forms.CharField(widget=forms.Textarea(attrs={"rows": 2}), required=False)
    emergency = forms.CharField(
        label="Emergency meeting: the emergency",
        widget=forms.Textarea(attrs={"rows": 2}),
        required=False,
        help_text=(
            "Leave blank for a regular meeting. Only for a sudden, generally unexpected "
            "occurrence demanding immediate action (M.G.L. c.30A §18): the notice is then "
            "posted as soon as possible rather than 48 hours ahead, and the meeting takes up "
            "only a revocation or the rescission of a variance. It cannot be declared later."
        ),
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields[CONFIRM] = forms.BooleanField(required=False, widget=forms.HiddenInput)
        self.helper = helper(
            Row(
                Column("date", CONFIRM, css_class="col-sm-6"), Column("time", css_class="col-sm-6")
            ),
            "place",
            "notes",
            "emergency",
        )

    def clean_emergency(self):
        text = self.cleaned_data.get("emergency", "").strip()
        if text and len(text) < 20:
            raise forms.ValidationError(
                "State the emergency in a sentence: the sudden, generally unexpected "
                "occurrence that demands the Board's immediate action (M.G.L. c.30A §18)."
            )
        return text

    def clean(self):
        """A day the Town's offices are closed (a weekend, a legal holiday of the Massachusetts
        calendar, a town closure) is asked about before the meeting is set, at its field."""
        cleaned = super().clean()
        confirmed = cleaned.pop(CONFIRM, False)
        day = cleaned.get("date")
        warning = clocks.meeting_day_warning(day) if day else ""
        if warning and not confirmed:
            self.add_error("date", f"{warning} If the Board does meet that day, tick the box.")
            self.fields[CONFIRM].widget = forms.CheckboxInput()
            self.fields[CONFIRM].label = f"Yes, the Board meets on {long_date(day)}"
            self._bound_fields_cache.pop(CONFIRM, None)
        return cleaned


class MeetingPostingForm(forms.Form):
    """The Town Clerk's posting of the meeting's notice (c.30A §20), or its amendment."""

    posted_on = forms.DateField(label="Posted on", widget=DateInput, initial=timezone.localdate)
    posted_time = forms.TimeField(label="Time posted", widget=TimeInput)
    remote_access = forms.CharField(
        label="Remote access",
        max_length=300,
        required=False,
        help_text="The link or dial-in the public may use, if members or the public join "
        "remotely; printed on the notice.",
    )
    reason = forms.CharField(
        label="Reason for the amendment",
        widget=forms.Textarea(attrs={"rows": 2}),
        required=False,
        help_text="Only for an amended notice: what was added or changed since it was posted.",
    )

    def __init__(self, *args, amending: bool = False, **kwargs):
        super().__init__(*args, **kwargs)
        fields = [
            Row(
                Column("posted_on", css_class="col-sm-6"),
                Column("posted_time", css_class="col-sm-6"),
            ),
            "remote_access",
        ]
        if amending:
            self.fields["reason"].required = True
            fields.append("reason")
        else:
            del self.fields["reason"]
        self.helper = helper(*fields)

    def clean(self):
        data = super().clean()
        if data.get("posted_on") and data.get("posted_time"):
            data["posted_at"] = datetime.combine(data.pop("posted_on"), data.pop("posted_time"))
        return data
