"""The roll call on a form, as every motion of the Board is voted (hearings.actions.votes): one
field per member in office, a member left blank did not vote (absent); a member's dispute of a
vote recorded in their name, and the Board's settlement of it."""

from __future__ import annotations

from crispy_forms.layout import Column, Fieldset, Row
from django import forms
from django.utils import timezone

from hearings.models import BoardMember, Meeting, Vote, VoteSettlement
from stoneham_boh.lib.dates import long_date
from stoneham_boh.lib.forms import helper


class VoteDisputeForm(forms.Form):
    statement = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 2}),
        max_length=2000,
        label="How you voted, or what is wrong with the record",
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.helper = helper()


VOTE_CHOICES = [("", "Absent")] + [c for c in Vote.Choice.choices if c[0] != "absent"]


def add_roll_call(form, on, legend: str = "Each member's vote, as the roll was called"):
    """Add a vote field per member in office on `on` to `form`; returns the layout's fieldset."""
    form.members = list(BoardMember.objects.in_office(on).select_related("user").order_by("name"))
    columns = []
    for member in form.members:
        name = f"vote_{member.user_id}"
        form.fields[name] = forms.ChoiceField(
            choices=VOTE_CHOICES, required=False, label=member.name
        )
        columns.append(Column(name, css_class="col-sm-6 col-lg-4"))
    return Fieldset(legend, Row(*columns))


def pop_roll_call(form, data: dict) -> dict:
    """The votes cast (user -> vote), each member's field taken out of `data`."""
    cast = {member.user: data.pop(f"vote_{member.user_id}", "") for member in form.members}
    return {user: vote for user, vote in cast.items() if vote}


class SettlementForm(forms.Form):
    """The Board's vote at a later meeting settling a member's dispute of a recorded vote."""

    meeting = forms.ModelChoiceField(queryset=None, label="Settled at the meeting of")
    outcome = forms.ChoiceField(label="The Board votes that", widget=forms.RadioSelect, choices=())
    corrected_to = forms.ChoiceField(
        label="The vote the member cast (when the record is corrected)",
        required=False,
        choices=[("", "—"), *Vote.Choice.choices],
    )
    reasons = forms.CharField(
        label="What the Board found",
        required=False,
        max_length=2000,
        widget=forms.Textarea(attrs={"rows": 2}),
    )

    def __init__(self, *args, vote, **kwargs):
        super().__init__(*args, **kwargs)
        today = timezone.localdate()
        self.fields["meeting"].queryset = Meeting.objects.filter(
            cancelled=False, date__lte=today, date__gte=timezone.localdate(vote.disputed_at)
        ).order_by("-date", "-time")
        self.fields["meeting"].label_from_instance = lambda m: f"{long_date(m.date)}, {m.place}"
        self.fields["outcome"].choices = VoteSettlement.Outcome.choices
        roll = add_roll_call(self, today, "Each member's vote on the settlement")
        self.helper = helper("meeting", "outcome", "corrected_to", "reasons", roll)

    def clean(self):
        data = super().clean()
        data["votes"] = pop_roll_call(self, data)
        return data
