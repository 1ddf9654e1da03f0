"""The meeting's attendance (hearings.actions.attendance): one choice per member in office on its
day."""

from __future__ import annotations

from crispy_forms.layout import Column, Row
from django import forms

from hearings.forms._common import board_members
from hearings.models import MeetingAttendance
from stoneham_boh.lib.forms import helper


class AttendanceForm(forms.Form):
    """Who of the Board attended the meeting: one choice per member in office on its day."""

    def __init__(self, *args, meeting, **kwargs):
        super().__init__(*args, **kwargs)
        self.members = list(board_members(meeting.date))
        recorded = {row.member_id: row for row in MeetingAttendance.objects.filter(meeting=meeting)}
        layout = []
        for member in self.members:
            row = recorded.get(member.pk)
            self.fields[f"mode_{member.pk}"] = forms.ChoiceField(
                choices=MeetingAttendance.Mode.choices,
                label=member.name,
                initial=row.mode if row else None,
                widget=forms.RadioSelect,
            )
            self.fields[f"reason_{member.pk}"] = forms.CharField(
                max_length=300,
                required=False,
                label=f"Why {member.name} took part remotely",
                initial=row.remote_reason if row else "",
                help_text="940 CMR 29.10: stated in the minutes. Only for a remote member.",
            )
            layout.append(
                Row(
                    Column(f"mode_{member.pk}", css_class="col-sm-6"),
                    Column(f"reason_{member.pk}", css_class="col-sm-6"),
                )
            )
        self.helper = helper(*layout)

    def attendance(self) -> dict:
        return {
            member: (
                self.cleaned_data[f"mode_{member.pk}"],
                self.cleaned_data.get(f"reason_{member.pk}", ""),
            )
            for member in self.members
        }
