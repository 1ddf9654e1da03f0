"""Putting entries of the paper register before the Board (hearings.actions.register_acceptance)."""

from __future__ import annotations

from django import forms

from hearings.forms._common import MeetingChoiceField, upcoming_meetings
from hearings.models import DocketItem, Meeting
from permits.models import Permit
from stoneham_boh.lib.forms import helper


class RegisterEntryChoiceField(forms.ModelMultipleChoiceField):
    def label_from_instance(self, permit):
        failing = len(permit.register_findings or [])
        return (
            f"{permit.number} (paper permit {permit.register_number}): {permit.holder.name}, "
            f"{permit.lot.street_address}; "
            + (
                f"{failing} rule{'s' if failing != 1 else ''} not met"
                if failing
                else "meets the rules"
            )
        )


class RegisterAcceptanceForm(forms.Form):
    """The clerk puts entries of the paper register before the Board for its acceptance."""

    meeting = MeetingChoiceField(
        queryset=Meeting.objects.none(), label="At the meeting of", empty_label=None
    )
    permits = RegisterEntryChoiceField(
        queryset=None,
        widget=forms.CheckboxSelectMultiple,
        label="Entries the Board is asked to accept (§20-20(8))",
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["meeting"].queryset = upcoming_meetings()
        self.fields["permits"].queryset = (
            Permit.objects.filter(legacy=True, status=Permit.Status.PROVISIONAL)
            .exclude(
                application__docket_items__kind=DocketItem.Kind.REGISTER_ACCEPTANCE,
                application__docket_items__status=DocketItem.Status.SCHEDULED,
            )
            .select_related("holder", "lot")
            .order_by("number")
        )
        self.helper = helper("meeting", "permits")
