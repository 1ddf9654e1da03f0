"""The forms of the Board's roll (hearings.actions.board_roll): appointing a member, ending a term,
the number of seats."""

from __future__ import annotations

from crispy_forms.layout import Column, Row
from django import forms
from django.contrib.auth import get_user_model

from stoneham_boh.accounts.roles import Role
from stoneham_boh.lib.forms import DateInput, helper


class AppointmentForm(forms.Form):
    """The administrator records an appointment to the Board from its appointing document."""

    user = forms.ModelChoiceField(
        queryset=None, label="Log-in", help_text="The member's own log-in, with the Board role."
    )
    name = forms.CharField(max_length=120, help_text="As printed on the Board's decisions.")
    appointed_on = forms.DateField(widget=DateInput, label="Appointed on")
    appointing_document = forms.CharField(
        max_length=300,
        label="Appointing document",
        help_text="The vote or letter of appointment, e.g. Select Board vote of May 4, 2027.",
    )
    term_start = forms.DateField(
        widget=DateInput, label="Term begins", help_text="Today or later: never back-dated."
    )
    term_end = forms.DateField(
        widget=DateInput, required=False, label="Term ends", help_text="Blank: open."
    )
    chair = forms.BooleanField(required=False, label="Appointed as the chair")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["user"].queryset = (
            get_user_model()
            .objects.filter(groups__name=Role.BOARD.value, is_active=True, is_superuser=False)
            .order_by("username")
        )
        self.helper = helper(
            Row(Column("user", css_class="col-sm-6"), Column("name", css_class="col-sm-6")),
            Row(
                Column("appointed_on", css_class="col-sm-6"),
                Column("appointing_document", css_class="col-sm-6"),
            ),
            Row(
                Column("term_start", css_class="col-sm-6"), Column("term_end", css_class="col-sm-6")
            ),
            "chair",
        )


class EndTermForm(forms.Form):
    term_end = forms.DateField(widget=DateInput, label="Term ends on")
    reason = forms.CharField(max_length=300, label="Why the term ends")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.helper = helper()


class BoardSeatsForm(forms.Form):
    seats = forms.IntegerField(
        min_value=1, max_value=15, label="Seats on the Board", help_text="Its full membership."
    )
    effective_on = forms.DateField(widget=DateInput, label="In force from")
    authority = forms.CharField(
        max_length=300, help_text="The by-law, charter or vote that sets the number of seats."
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.helper = helper(
            Row(
                Column("seats", css_class="col-sm-4"),
                Column("effective_on", css_class="col-sm-4"),
                Column("authority", css_class="col-sm-4"),
            )
        )
