"""The day's changes across the records, by user."""

from __future__ import annotations

from django import forms
from django.contrib.auth import get_user_model
from django.shortcuts import render
from django.utils import timezone
from django.views.decorators.http import require_GET

from permits.day_changes import changes_of_day
from stoneham_boh.accounts.access import role_required
from stoneham_boh.accounts.roles import Role
from stoneham_boh.lib.forms import DateInput


class UserChoice(forms.ModelChoiceField):
    def label_from_instance(self, user):
        return user.get_full_name() or user.get_username()


class DayChangesForm(forms.Form):
    on = forms.DateField(label="Changes made on", widget=DateInput)
    user = UserChoice(
        queryset=get_user_model().objects.none(), required=False, empty_label="Everyone"
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # Staff log-ins: those who change records (an applicant's own changes show as theirs).
        self.fields["user"].queryset = (
            get_user_model()
            .objects.filter(is_active=True)
            .exclude(groups__name=Role.APPLICANT.value, is_superuser=False)
            .order_by("last_name", "first_name", "username")
        )


@role_required(Role.CLERK)
@require_GET
def day_changes(request):
    today = timezone.localdate()
    form = DayChangesForm(request.GET or {"on": today.isoformat()})
    valid = form.is_valid()
    day = form.cleaned_data["on"] if valid else today
    user = form.cleaned_data.get("user") if valid else None
    return render(
        request,
        "permits/day_changes.html",
        {
            "form": form,
            "day": day,
            "by_who": changes_of_day(day, user.pk if user else None),
        },
        status=200 if valid else 400,
    )
