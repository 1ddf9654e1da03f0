"""What several of the hearings forms share: the time widget, the relief the Board can vary, the
choice of an application or a meeting, the meetings an item can still be put on, the members in
office on a day, and the notice's date with its confirmation when the day is far from today."""

from __future__ import annotations

from django import forms
from django.utils import timezone

from hearings.models import BoardMember, Meeting
from hearings.wording import relief, variable_rules
from permits.figures import lazy_with_figures
from stoneham_boh.lib.dates import long_date, time_of_day, weekday_date
from stoneham_boh.lib.forms import DateInput

NOTICE_HELP = lazy_with_figures("§20-20(9): at least {20-20.9:notice_days} before the hearing.")


class TimeInput(forms.TimeInput):
    input_type = "time"


def _relief_choices(rule_ids=None) -> list[tuple[str, str]]:
    chosen = variable_rules() if rule_ids is None else [relief(r) for r in rule_ids]
    return [(r.rule, f"{r.citation} {r.title}") for r in chosen]


class ApplicationChoiceField(forms.ModelChoiceField):
    def label_from_instance(self, application):
        return (
            f"#{application.pk} {application.applicant.name}, {application.lot.street_address} "
            f"({application.get_kind_display().lower()})"
        )


class MeetingChoiceField(forms.ModelChoiceField):
    def label_from_instance(self, meeting):
        return f"{weekday_date(meeting.date)} at {time_of_day(meeting.time)}"


def upcoming_meetings():
    """Meetings an item can still be put on: not those whose legal notice already went to the
    newspaper without it (the action refuses them; the form no longer offers them)."""
    return Meeting.objects.upcoming(timezone.localdate()).exclude(
        legal_notice__sent_on__isnull=False
    )


def relief_field() -> forms.MultipleChoiceField:
    return forms.MultipleChoiceField(
        choices=_relief_choices,
        widget=forms.CheckboxSelectMultiple,
        required=False,
        label="Relief sought (variances, §20-21)",
        help_text="The rules the applicant asks the Board to vary; the notices name them.",
    )


def _today_field(label: str, help_text: str = NOTICE_HELP) -> forms.DateField:
    return forms.DateField(
        label=label, widget=DateInput, initial=timezone.localdate, help_text=help_text
    )


# A notice date older than this is usually a slip of the calendar: the clerk confirms it.
CONFIRM_AFTER_DAYS = 3


CONFIRM = "confirm_date"


class NoticeDateForm(forms.Form):
    """A form with the day a notice went out (`date_field`).

    Refused: a day in the future, or before the notice existed (`drafted_on`: the day the
    legal notice was drafted, or the hearing scheduled for the abutters' letters). Accepted
    after a tick: a day more than a few days ago. The tick box appears with its message.
    """

    date_field = ""

    def __init__(self, *args, drafted_on=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.drafted_on = drafted_on
        self.fields[CONFIRM] = forms.BooleanField(required=False, widget=forms.HiddenInput)

    def clean(self):
        cleaned = super().clean()
        confirmed = cleaned.pop(CONFIRM, False)
        day = cleaned.get(self.date_field)
        if day is None:
            return cleaned
        today = timezone.localdate()
        if day > today:
            self.add_error(self.date_field, "This day is in the future: give the day it happened.")
        elif self.drafted_on and day < self.drafted_on:
            self.add_error(
                self.date_field,
                f"The notice was drafted on {long_date(self.drafted_on)}: it cannot have gone out "
                "before.",
            )
        elif (today - day).days > CONFIRM_AFTER_DAYS and not confirmed:
            days = (today - day).days
            self.add_error(
                self.date_field,
                f"{long_date(day)} was {days} days ago. If that is right, tick the box below "
                "and save again.",
            )
            self.fields[CONFIRM].widget = forms.CheckboxInput()
            self.fields[CONFIRM].label = f"Yes, it went out on {long_date(day)}"
        return cleaned


def board_members(on):
    return BoardMember.objects.in_office(on).select_related("user").order_by("name")
