"""The Board's decision on an item (hearings.actions.decisions): its result, its votes by roll call,
the variance granted and its conditions."""

from __future__ import annotations

from decimal import Decimal

from crispy_forms.layout import Column, Fieldset, Row
from django import forms

from hearings.actions.decisions import RESULTS, Ruling
from hearings.forms._common import (
    MeetingChoiceField,
    _relief_choices,
    board_members,
    upcoming_meetings,
)
from hearings.forms.votes import VOTE_CHOICES
from hearings.models import BoardApproval, Decision, DocketItem, Meeting, SetbackEnlargement, Vote
from permits.models import Application
from stoneham_boh.lib.forms import DateInput, helper

ENLARGEABLE = SetbackEnlargement.Rule


class DecisionForm(forms.Form):
    """The Board's decision on one item, each member's vote, and what the decision grants."""

    result = forms.ChoiceField(widget=forms.RadioSelect, label="Decision")
    decided_on = forms.DateField(widget=DateInput, label="Decided on")
    continue_to = MeetingChoiceField(
        queryset=Meeting.objects.none(),
        required=False,
        label="Continue to the meeting of",
        help_text="Only when continuing.",
    )
    conditions = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 3}),
        required=False,
        help_text="Conditions of the approval, printed on the permit.",
    )
    reasons = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 3}), required=False, label="Findings and reasons"
    )
    approvals = forms.MultipleChoiceField(
        choices=(),
        widget=forms.CheckboxSelectMultiple,
        required=False,
        label="The Board approves",
        help_text="Only what was put before the Board on this item.",
    )
    animals_kept = forms.BooleanField(
        required=False,
        label="Animals are already kept on the property",
        help_text="§20-20(6): a denial then orders them removed.",
    )
    removal_by = forms.DateField(
        widget=DateInput,
        required=False,
        label="Animals to be removed by",
        help_text="§20-20(6): on a revocation, or a denial where animals are kept.",
    )
    variance_rules = forms.MultipleChoiceField(
        choices=(),
        widget=forms.CheckboxSelectMultiple,
        required=False,
        label="Grant a variance of",
        help_text="§20-21: only relief named in the notices can be granted.",
    )
    variance_finding = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 3}),
        required=False,
        label="Finding of manifest injustice",
        help_text="§20-21: why enforcing these rules in this case would do manifest injustice. "
        "Required to grant a variance.",
    )
    variance_conditions = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 3}),
        required=False,
        label="Conditions of the variance",
        help_text="§20-21: conditions, safeguards and limitations of time and use.",
    )
    variance_expires_on = forms.DateField(
        widget=DateInput, required=False, label="Variance expires on", help_text="Blank: none."
    )

    def __init__(self, *args, item, **kwargs):
        super().__init__(*args, **kwargs)
        self.item = item
        results = [*RESULTS[item.kind], Decision.Result.CONTINUED]
        self.fields["result"].choices = [(r.value, r.label) for r in results]
        self.fields["decided_on"].initial = item.meeting.date
        self.fields["continue_to"].queryset = upcoming_meetings().filter(date__gt=item.meeting.date)
        self.fields["variance_rules"].choices = _relief_choices(item.relief_sought)
        self.fields["approvals"].choices = [
            (s, BoardApproval.Subject(s).label) for s in item.approvals_sought or ()
        ]
        self.members = list(board_members(item.meeting.date))
        vote_fields = []
        for member in self.members:
            name = f"vote_{member.user_id}"
            self.fields[name] = forms.ChoiceField(
                choices=VOTE_CHOICES, required=False, label=member.name
            )
            vote_fields.append(Column(name, css_class="col-sm-6 col-lg-4"))
        grants = []
        if item.approvals_sought:
            grants.append(Fieldset("The Board's approvals", "approvals"))
        if item.is_public_hearing:
            for rule in ENLARGEABLE:
                self.fields[f"enlarge_{rule.value}"] = forms.DecimalField(
                    required=False,
                    min_value=Decimal("0.1"),
                    max_digits=6,
                    decimal_places=1,
                    label=f"{rule.label} (ft)",
                )
            grants.append(
                Fieldset(
                    "Enlarged setbacks in this case (§20-15(4))",
                    Row(
                        *(
                            Column(f"enlarge_{r.value}", css_class="col-sm-6 col-lg-4")
                            for r in ENLARGEABLE
                        )
                    ),
                )
            )
        if item.relief_sought:
            grants.append(
                Fieldset(
                    "Variance (§20-21)",
                    "variance_rules",
                    "variance_finding",
                    "variance_conditions",
                    "variance_expires_on",
                )
            )
        removal = ["removal_by"]
        if item.is_public_hearing and item.application.kind != Application.Kind.RENEWAL:
            removal.insert(0, "animals_kept")
        if item.kind in (
            DocketItem.Kind.VARIANCE_RESCISSION,
            DocketItem.Kind.BOARD_APPROVAL,
            DocketItem.Kind.REGISTER_ACCEPTANCE,
        ):
            removal = []
        self.helper = helper(
            Fieldset(
                "Decision",
                "result",
                Row(
                    Column("decided_on", css_class="col-sm-6"),
                    Column("continue_to", css_class="col-sm-6"),
                ),
                *removal,
                *([] if not item.is_public_hearing else ["conditions"]),
                "reasons",
            ),
            Fieldset("Votes of the members in office", Row(*vote_fields)),
            *grants,
        )
        for unused in (
            {"conditions", "animals_kept", "removal_by"}
            - set(removal)
            - ({"conditions"} if item.is_public_hearing else set())
        ):
            del self.fields[unused]

    def votes(self) -> dict:
        """member's user -> vote, for every member in office (absent when none was chosen)."""
        return {
            member.user: self.cleaned_data.get(f"vote_{member.user_id}") or Vote.Choice.ABSENT
            for member in self.members
        }

    def ruling(self) -> Ruling:
        """What the Board decided, from what was typed (the votes are `votes()`)."""
        fields = {
            k: v for k, v in self.cleaned_data.items() if not k.startswith(("vote_", "enlarge_"))
        }
        enlargements = {
            rule.value: self.cleaned_data[f"enlarge_{rule.value}"]
            for rule in ENLARGEABLE
            if self.cleaned_data.get(f"enlarge_{rule.value}")
        }
        return Ruling.from_fields(**fields, setback_enlargements=enlargements)
