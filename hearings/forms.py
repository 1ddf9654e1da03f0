"""Forms of the hearings pages. They check single fields; the actions check the workflow."""

from __future__ import annotations

from datetime import time

from crispy_forms.layout import Column, Div, Fieldset, Row
from django import forms
from django.contrib.auth import get_user_model
from django.utils import timezone

from hearings.models import Decision, Meeting, Vote
from hearings.notices import split_pasted_numbers
from hearings.wording import relief, variable_rules
from permits.figures import lazy_with_figures
from permits.models import Application
from stoneham_boh.accounts.roles import Role
from stoneham_boh.lib.forms import DateInput, helper

NOTICE_HELP = lazy_with_figures("§20-20(9): at least {20-20.9:notice_days} before the hearing.")


class TimeInput(forms.TimeInput):
    input_type = "time"


def _relief_choices(rule_ids=None) -> list[tuple[str, str]]:
    chosen = variable_rules() if rule_ids is None else [relief(r) for r in rule_ids]
    return [(r.rule, f"{r.citation} {r.title}") for r in chosen]


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

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.helper = helper(
            Row(Column("date", css_class="col-sm-6"), Column("time", css_class="col-sm-6")),
            "place",
            "notes",
        )


class ApplicationChoiceField(forms.ModelChoiceField):
    def label_from_instance(self, application):
        return (
            f"#{application.pk} {application.applicant.name}, {application.lot.street_address} "
            f"({application.get_kind_display().lower()})"
        )


class MeetingChoiceField(forms.ModelChoiceField):
    def label_from_instance(self, meeting):
        return (
            f"{meeting.date:%A} {meeting.date:%B} {meeting.date.day}, {meeting.date.year} "
            f"at {meeting.time:%I:%M %p}".replace(" 0", " ")
        )


def upcoming_meetings():
    return Meeting.objects.upcoming(timezone.localdate())


def relief_field() -> forms.MultipleChoiceField:
    return forms.MultipleChoiceField(
        choices=_relief_choices,
        widget=forms.CheckboxSelectMultiple,
        required=False,
        label="Relief sought (variances, §20-21)",
        help_text="The rules the applicant asks the Board to vary; the notices name them.",
    )


class ScheduleHearingForm(forms.Form):
    application = ApplicationChoiceField(
        queryset=Application.objects.none(),
        help_text="Received new applications, and renewals asking for a variance (§20-20(9)).",
    )
    meeting = MeetingChoiceField(queryset=Meeting.objects.none())
    relief_sought = relief_field()
    staff_recommendation = forms.CharField(widget=forms.Textarea(attrs={"rows": 3}), required=False)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["application"].queryset = Application.objects.filter(
            status=Application.Status.RECEIVED
        ).select_related("applicant", "lot")
        self.fields["meeting"].queryset = upcoming_meetings()
        self.helper = helper(
            Row(
                Column("application", css_class="col-lg-7"),
                Column("meeting", css_class="col-lg-5"),
            ),
            Div("relief_sought", css_class="relief-choices"),
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


class LegalNoticeForm(forms.Form):
    newspaper = forms.CharField(
        max_length=120, help_text="A local newspaper of general circulation (§20-20(9))."
    )
    text = forms.CharField(widget=forms.Textarea(attrs={"rows": 16}))

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.helper = helper("newspaper", "text")


def _today_field(label: str, help_text: str = NOTICE_HELP) -> forms.DateField:
    return forms.DateField(
        label=label, widget=DateInput, initial=timezone.localdate, help_text=help_text
    )


class SentForm(forms.Form):
    sent_on = _today_field("Sent to the newspaper on", "After this the text is not edited.")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.helper = helper("sent_on")


class PublicationForm(forms.Form):
    published_on = _today_field("Published on")
    newspaper = forms.CharField(max_length=120)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.helper = helper(
            Row(
                Column("published_on", css_class="col-sm-6"),
                Column("newspaper", css_class="col-sm-6"),
            )
        )


class MailingForm(forms.Form):
    """One abutter's registered letter (the abutter comes from the URL)."""

    article_number = forms.CharField(
        max_length=40,
        label="Article number",
        help_text="As on the registered-mail receipt, e.g. RE 123 456 789 US.",
    )
    mailed_on = _today_field("Mailed on")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.helper = helper()


class MailingListForm(forms.Form):
    numbers = forms.CharField(
        label="Article numbers, one per line",
        widget=forms.Textarea(attrs={"rows": 8, "spellcheck": "false"}),
        help_text="In the order of the abutters listed (the order of the letters and labels).",
    )
    mailed_on = _today_field("Mailed on")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.helper = helper("numbers", "mailed_on")

    def clean_numbers(self) -> list[str]:
        numbers = split_pasted_numbers(self.cleaned_data["numbers"])
        if not numbers:
            raise forms.ValidationError("Paste at least one article number.")
        return numbers


class ReceiptForm(forms.Form):
    returned_on = _today_field("Receipt returned on", "The signed return-receipt card.")


def board_members():
    return (
        get_user_model()
        .objects.filter(groups__name=Role.BOARD.value, is_active=True)
        .order_by("last_name", "first_name", "username")
    )


VOTE_CHOICES = [("", "Absent")] + list(Vote.Choice.choices)


class DecisionForm(forms.Form):
    """The Board's decision on one item, each member's vote, and any variance granted."""

    result = forms.ChoiceField(
        choices=Decision.Result.choices,
        widget=forms.RadioSelect,
        label="Decision",
        help_text="Approve or deny after a properly noticed hearing (§20-20(9)); or continue.",
    )
    decided_on = forms.DateField(widget=DateInput, label="Decided on")
    continue_to = MeetingChoiceField(
        queryset=Meeting.objects.none(),
        required=False,
        label="Continue to the meeting of",
        help_text="Only when continuing: the item is noticed again for that date.",
    )
    conditions = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 3}),
        required=False,
        help_text="Conditions of the approval, printed on the permit.",
    )
    reasons = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 3}), required=False, label="Findings and reasons"
    )
    variance_rules = forms.MultipleChoiceField(
        choices=(),
        widget=forms.CheckboxSelectMultiple,
        required=False,
        label="Grant a variance of",
        help_text="§20-21: only relief named in the notices can be granted.",
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
        self.fields["decided_on"].initial = item.meeting.date
        self.fields["continue_to"].queryset = upcoming_meetings().filter(date__gt=item.meeting.date)
        self.fields["variance_rules"].choices = _relief_choices(item.relief_sought)
        self.members = list(board_members())
        vote_fields = []
        for member in self.members:
            name = f"vote_{member.pk}"
            self.fields[name] = forms.ChoiceField(
                choices=VOTE_CHOICES,
                required=False,
                label=member.get_full_name() or member.username,
            )
            vote_fields.append(Column(name, css_class="col-sm-6 col-lg-4"))
        variance = []
        if item.relief_sought:
            variance = [
                Fieldset(
                    "Variance (§20-21)",
                    "variance_rules",
                    "variance_conditions",
                    "variance_expires_on",
                )
            ]
        self.helper = helper(
            Fieldset(
                "Decision",
                "result",
                Row(
                    Column("decided_on", css_class="col-sm-6"),
                    Column("continue_to", css_class="col-sm-6"),
                ),
                "conditions",
                "reasons",
            ),
            Fieldset("Votes of the members", Row(*vote_fields)),
            *variance,
        )

    def votes(self) -> dict:
        """member -> vote, for the members who voted (an absent member casts none)."""
        return {
            member: self.cleaned_data[f"vote_{member.pk}"]
            for member in self.members
            if self.cleaned_data.get(f"vote_{member.pk}")
        }

    def action_kwargs(self) -> dict:
        """The arguments of `actions.record_decision` from what was typed."""
        data = {k: v for k, v in self.cleaned_data.items() if not k.startswith("vote_")}
        return {**data, "votes": self.votes()}
