"""The forms of a revocation (hearings.actions.revocation): bringing a permit before the Board on
its findings and orders, and the notice to its holder."""

from __future__ import annotations

from django import forms
from django.utils import timezone

from hearings.forms._common import MeetingChoiceField, upcoming_meetings
from hearings.models import Meeting
from inspections.models import ChecklistFinding, Order
from stoneham_boh.lib.dates import long_date
from stoneham_boh.lib.forms import DateInput, helper


class FindingChoiceField(forms.ModelMultipleChoiceField):
    def label_from_instance(self, finding):
        day = finding.inspection.inspected_on
        return f"{finding.citation}: {finding.question} (inspection of {long_date(day)})"


class OrderChoiceField(forms.ModelMultipleChoiceField):
    def label_from_instance(self, order):
        due = f"{long_date(order.deadline)}"
        status = order.get_status_display().lower()
        return f"Order #{order.pk}, {order.citation}: {order.requirement} (due {due}; {status})"


class RevocationForm(forms.Form):
    """The clerk opens a revocation proceeding: the violations, the grounds, the hearing."""

    meeting = MeetingChoiceField(
        queryset=Meeting.objects.none(), label="Hearing at the meeting of", empty_label=None
    )
    findings = FindingChoiceField(
        queryset=None,
        required=False,
        widget=forms.CheckboxSelectMultiple,
        label="Violations found at inspection",
    )
    orders = OrderChoiceField(
        queryset=None,
        required=False,
        widget=forms.CheckboxSelectMultiple,
        label="Orders",
        help_text="An order not abated by its deadline is the usual ground (§20-16(6)).",
    )
    grounds = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 4}),
        max_length=4000,
        help_text="§20-20(5): the provisions violated, and how, as the holder will read them.",
    )

    def __init__(self, *args, permit, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["meeting"].queryset = upcoming_meetings()
        self.fields["findings"].queryset = (
            ChecklistFinding.objects.filter(inspection__lot=permit.lot, result="violation")
            .select_related("inspection")
            .order_by("-inspection__scheduled_for", "id")
        )
        self.fields["orders"].queryset = Order.objects.filter(lot=permit.lot).order_by("-deadline")
        self.helper = helper("meeting", "orders", "findings", "grounds")


class HolderNoticeForm(forms.Form):
    mailed_on = forms.DateField(widget=DateInput, label="Mailed to the holder on")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["mailed_on"].initial = timezone.localdate()
        self.helper = helper()
