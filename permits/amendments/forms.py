"""The administrator's forms for the Board's amendments."""

from __future__ import annotations

from crispy_forms.layout import Fieldset
from django import forms
from django.utils import timezone

from hearings.forms.votes import add_roll_call, pop_roll_call
from hearings.models import Meeting
from hearings.ruleset_in_force import ruleset_on
from permits.amendments.actions import amendable_figures
from permits.rules.wording import quantity
from stoneham_boh.lib.dates import long_date
from stoneham_boh.lib.forms import DateInput, columns, helper
from stoneham_boh.town.current import current_town


def _figure_choices() -> list[tuple[str, str]]:
    today = timezone.localdate()
    in_force = ruleset_on(today).rules
    choices = []
    for (rule, name), (rule_label, figure_label) in amendable_figures(today).items():
        figure = in_force[rule].figures[name]
        now = quantity(figure.value, figure.unit)
        choices.append((f"{rule}:{name}", f"{rule_label}: {figure_label} (now {now})"))
    return choices


class MeetingChoice(forms.ModelChoiceField):
    def label_from_instance(self, meeting) -> str:
        return f"{long_date(meeting.date)}, {meeting.place}"


class AmendmentForm(forms.Form):
    figure = forms.ChoiceField(label="The figure amended", choices=())
    value = forms.DecimalField(
        label="Its new value",
        min_value=0,
        max_digits=9,
        decimal_places=2,
        help_text="In the figure's own unit, shown beside it.",
    )
    citation = forms.CharField(
        label="Citation as amended",
        required=False,
        max_length=40,
        help_text="Only if the vote renumbered the section; blank keeps its citation.",
    )
    adopted_at = MeetingChoice(
        label="Voted at the meeting of", queryset=Meeting.objects.none(), empty_label=None
    )
    effective_on = forms.DateField(label="Effective on", widget=DateInput)
    published_on = forms.DateField(
        label="Summary published on",
        required=False,
        widget=DateInput,
        help_text="M.G.L. c.111 §31: not in force before its publication. Blank until it is.",
    )
    published_in = forms.CharField(label="In the newspaper", required=False, max_length=120)
    deposited_on = forms.DateField(
        label="Deposited with the Town Clerk on",
        required=False,
        widget=DateInput,
        help_text="§20-23: a copy in the office of the Town Clerk.",
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["figure"].choices = [("", "Choose the figure…"), *_figure_choices()]
        self.fields["published_in"].initial = current_town().newspaper_name
        self.fields["adopted_at"].queryset = Meeting.objects.filter(
            cancelled=False, date__lte=timezone.localdate()
        ).order_by("-date", "-time")
        # Each member's own vote, recorded by the chair or the member presiding, e-mailed to
        # the member and disputable from their log-in (hearings.actions.votes).
        roll = add_roll_call(self, timezone.localdate())
        self.helper = helper(
            Fieldset(
                "What the Board amended", "figure", columns("value", "citation", css="col-md-6")
            ),
            Fieldset("The vote", "adopted_at", "effective_on"),
            roll,
            Fieldset(
                "Publication and deposit",
                columns("published_on", "published_in", css="col-md-6"),
                "deposited_on",
            ),
        )

    def cleaned_action_arguments(self) -> dict:
        data = dict(self.cleaned_data)
        data["rule"], data["figure"] = data.pop("figure").split(":", 1)
        data["votes"] = pop_roll_call(self, data)
        return data


class PublicationForm(forms.Form):
    published_on = forms.DateField(label="Summary published on", required=False, widget=DateInput)
    published_in = forms.CharField(label="In the newspaper", required=False, max_length=120)
    deposited_on = forms.DateField(
        label="Deposited with the Town Clerk on", required=False, widget=DateInput
    )

    def __init__(self, *args, amendment, **kwargs):
        super().__init__(*args, **kwargs)
        # Only what is still to record: a publication or a deposit is recorded once.
        if amendment.published_on is not None:
            del self.fields["published_on"], self.fields["published_in"]
        else:
            self.fields["published_in"].initial = current_town().newspaper_name
        if amendment.deposited_on is not None:
            del self.fields["deposited_on"]
        self.helper = helper(columns(*self.fields))


class VoidForm(forms.Form):
    reason = forms.CharField(
        label="Why the record is void", max_length=500, widget=forms.Textarea(attrs={"rows": 2})
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.helper = helper("reason")
