"""Forms of the agent's and the clerk's screens. Each checks its own fields; actions decide.

Every form that creates a record carries a hidden `token`: sent twice, it records once.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import date, datetime, timedelta

from django import forms
from django.contrib.auth import get_user_model
from django.forms.utils import flatatt
from django.template.loader import render_to_string
from django.utils import timezone

from facilities.models import Lot
from inspections import pigeons
from inspections.actions import Answer
from inspections.checklist import Section, grouped
from inspections.models import ChecklistFinding, Complaint, Inspection
from inspections.photos import MAX_PHOTOS_PER_ITEM, check_photo
from stoneham_boh.accounts.roles import Role
from stoneham_boh.lib.forms import helper
from stoneham_boh.lib.record_ids import record_id
from stoneham_boh.lib.typed_numbers import TypedNumbersForm

DATE_INPUT = forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")
DATETIME_INPUT = forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M")
TIME_INPUT = forms.TimeInput(attrs={"type": "time"}, format="%H:%M")
# The longest an agent gives an owner before the order's re-inspection.
MAX_ORDER_DAYS = 365


class TokenForm(forms.Form):
    """A form that records something once, however many times it is sent."""

    token = forms.UUIDField(widget=forms.HiddenInput)

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("initial", {}).setdefault("token", uuid.uuid4())
        super().__init__(*args, **kwargs)
        self.helper = helper()


def agents():
    return (
        get_user_model()
        .objects.filter(groups__name=Role.AGENT.value, is_active=True)
        .order_by("last_name", "first_name", "username")
    )


class AgentChoiceField(forms.ModelChoiceField):
    def label_from_instance(self, obj) -> str:
        return obj.get_full_name() or obj.get_username()


class LotSearchInput(forms.Widget):
    """The lot found by typing part of its address or parcel id, as on the intake, in place of a
    list of every lot on file: the matches come as radio choices named like the field
    (inspections.views.lot_search), the lot already chosen among them."""

    template_name = "inspections/_lot_search_widget.html"

    def use_required_attribute(self, initial) -> bool:
        return False  # the box only searches: the chosen radio is what is sent

    def get_context(self, name, value, attrs):
        context = super().get_context(name, value, attrs)
        pk = record_id(value)
        context["widget"]["chosen"] = list(Lot.objects.filter(pk=pk)) if pk else []
        context["widget"]["attrs_html"] = flatatt(context["widget"]["attrs"])
        return context

    def _render(self, template_name, context, renderer=None):
        # The project's templates, which the default form renderer does not search.
        return render_to_string(template_name, context)  # a SafeString, as a widget gives


def lot_field(**kwargs) -> forms.ModelChoiceField:
    return forms.ModelChoiceField(
        queryset=Lot.objects.current(),
        label="Lot (facility)",
        widget=LotSearchInput,
        error_messages={"invalid_choice": "Choose a lot from the matches below the box."},
        **kwargs,
    )


class ComplaintForm(TokenForm):
    lot = lot_field(
        required=False,
        help_text="Where the animals are kept, if the lot is on file: type part of its street "
        "address or its parcel id, then choose it.",
    )
    address = forms.CharField(
        max_length=200,
        required=False,
        label="Or the street address, if no lot is on file",
        help_text="Any address in town (§20-22): the lot is recorded from it, for the clerk to "
        "add its parcel id.",
    )
    nature = forms.ChoiceField(
        choices=[("", "Choose…"), *Complaint.Nature.choices],
        label="What the complaint is about",
        help_text="§20-14 unsanitary conditions: flies, odours, runoff, noise; §20-15(7) "
        "roaming; §20-16(7) dead animals; §20-18(5) pigeons in restricted hours.",
    )
    description = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 3}), help_text="What the neighbour reports, in full."
    )
    complainant_name = forms.CharField(
        max_length=200,
        required=False,
        label="Complainant's name (optional)",
        help_text="A complaint may be anonymous: §20-22 asks no name of the person reporting.",
    )
    complainant_contact = forms.CharField(
        max_length=200,
        required=False,
        label="Complainant's telephone or address",
        help_text="Kept for the Board's reply; never printed on an order.",
    )
    received_on = forms.DateField(widget=DATE_INPUT, initial=timezone.localdate)
    observed_at = forms.DateTimeField(
        widget=DATETIME_INPUT,
        required=False,
        label="When the neighbour saw it (optional)",
        help_text="For pigeons: training 10 a.m. to 3 p.m., June to September, breaks §20-18(5).",
    )

    def clean_received_on(self):
        day = self.cleaned_data["received_on"]
        if day > timezone.localdate():
            raise forms.ValidationError("The date received cannot be in the future.")
        return day

    def clean(self):
        cleaned = super().clean()
        address = " ".join((cleaned.get("address") or "").split())
        cleaned["address"] = address
        if cleaned.get("lot") and address:
            self.add_error("address", "Choose the lot on file or type an address, not both.")
        elif not cleaned.get("lot") and not address and "lot" not in self.errors:
            self.add_error("lot", "Choose the lot, or type the street address below.")
        return cleaned


class ScheduleForm(TokenForm):
    """Schedule an inspection of a lot (any kind but a complaint's, which starts there)."""

    KINDS = [c for c in Inspection.Kind.choices if c[0] != Inspection.Kind.COMPLAINT]

    lot = lot_field(
        help_text="Type part of its street address or its parcel id, then choose it.",
    )
    kind = forms.ChoiceField(
        choices=KINDS,
        # Valid for any lot; the others need an application or a permit of the lot.
        initial=Inspection.Kind.ROUTINE,
        help_text="§20-17(2): excavation before fill; §20-20(2): final inspection of "
        "construction; §20-22: routine inspections at any reasonable time.",
    )
    scheduled_for = forms.DateField(widget=DATE_INPUT, label="Date")
    agent = AgentChoiceField(queryset=None, required=False, empty_label="Not assigned yet")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["agent"].queryset = agents()

    def clean_scheduled_for(self):
        day = self.cleaned_data["scheduled_for"]
        if day < timezone.localdate():
            raise forms.ValidationError("Choose today or a later day.")
        return day


class ComplaintInspectionForm(ScheduleForm):
    """Turn a complaint into an inspection: the lot and the kind come from the complaint."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        del self.fields["lot"]
        del self.fields["kind"]


class OrderForm(TokenForm):
    requirement = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 4}),
        label="What the owner must do",
        help_text="Printed on the order letter, in words the owner can act on.",
    )
    deadline = forms.DateField(
        widget=DATE_INPUT,
        help_text="The re-inspection is put on the agent's list for this day.",
    )

    def clean_deadline(self):
        day = self.cleaned_data["deadline"]
        today = timezone.localdate()
        if day <= today:
            raise forms.ValidationError("The deadline must be after today.")
        if day > today + timedelta(days=MAX_ORDER_DAYS):
            raise forms.ValidationError("Give a deadline within a year.")
        return day


class ExtendOrderForm(forms.Form):
    deadline = forms.DateField(widget=DATE_INPUT, label="New deadline")
    reason = forms.CharField(widget=forms.Textarea(attrs={"rows": 2}), max_length=2000)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.helper = helper()


class CensusForm(TypedNumbersForm, forms.Form):
    year = forms.IntegerField(min_value=2002, max_value=2100)


# The checklist --------------------------------------------------------------------------------


class MultiplePhotoInput(forms.FileInput):
    allow_multiple_selected = True


class PhotosField(forms.FileField):
    """Photos from the camera: each checked by its content and size (`inspections.photos`)."""

    def __init__(self, **kwargs):
        attrs = {"accept": "image/*", "capture": "environment", "multiple": True}
        kwargs.setdefault("widget", MultiplePhotoInput(attrs=attrs))
        kwargs.setdefault("required", False)
        super().__init__(**kwargs)

    def clean(self, data, initial=None):
        uploads = [d for d in (data if isinstance(data, list | tuple) else [data]) if d]
        if len(uploads) > MAX_PHOTOS_PER_ITEM:
            raise forms.ValidationError(f"Attach at most {MAX_PHOTOS_PER_ITEM} photos per item.")
        cleaned = [super(PhotosField, self).clean(upload, initial) for upload in uploads]
        errors = []
        for upload in cleaned:
            try:
                check_photo(upload)
            except forms.ValidationError as error:
                errors.extend(error.messages)
        if errors:
            raise forms.ValidationError(errors)
        return cleaned


@dataclass
class ChecklistRow:
    item: object
    result: forms.BoundField
    note: forms.BoundField
    photos: forms.BoundField
    hint: str = ""

    @property
    def faulty(self) -> bool:
        return bool(self.result.errors or self.note.errors or self.photos.errors)

    @property
    def expanded(self) -> bool:
        """Show the note and photos without a tap when they matter or hold something."""
        return bool(
            self.result.value() == ChecklistFinding.Result.VIOLATION
            or self.note.value()
            or self.note.errors
            or self.photos.errors
        )


class RecordInspectionForm(TokenForm):
    """The checklist of one inspection: each item complies, is violated or does not apply."""

    performed_at = forms.DateTimeField(widget=DATETIME_INPUT, label="Inspected at")
    summary = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 3}),
        required=False,
        label="Summary (optional)",
        help_text="Printed on the inspection report.",
    )
    fed_at = forms.TimeField(
        widget=TIME_INPUT, required=False, label="Pigeons last fed at (if asked)"
    )
    released_at = forms.TimeField(
        widget=TIME_INPUT, required=False, label="Pigeons released at (if seen)"
    )
    # Set by the phone's script when the checklist waited there for a signal (static/js/
    # offline-inspections.js): when "Record" was tapped, in ISO 8601 with its offset.
    recorded_on_phone_at = forms.DateTimeField(
        widget=forms.HiddenInput, required=False, label="Recorded on the phone at"
    )

    def __init__(self, *args, items, hints=None, too_early=None, **kwargs):
        kwargs.setdefault("initial", {}).setdefault(
            "performed_at", timezone.localtime().replace(second=0, microsecond=0)
        )
        super().__init__(*args, **kwargs)
        # The action's own reading of a time before what the visit follows, to say it here.
        self.too_early = too_early or (lambda moment: None)
        self.items = list(items)
        self.hints = hints or {}
        for item in self.items:
            self.fields[f"result-{item.id}"] = forms.ChoiceField(
                choices=ChecklistFinding.Result.choices,
                widget=forms.RadioSelect,
                label=item.question,
                error_messages={"required": "Choose complies, violation or not applicable."},
            )
            self.fields[f"note-{item.id}"] = forms.CharField(
                widget=forms.Textarea(attrs={"rows": 2}), required=False, label="Note"
            )
            self.fields[f"photos-{item.id}"] = PhotosField(label="Photos")
        if pigeons.RELEASE_ITEM not in self.item_ids:
            del self.fields["fed_at"]
            del self.fields["released_at"]
        # This form is laid out by hand for the phone, not by crispy: style its inputs here.
        for name in ("performed_at", "fed_at", "released_at"):
            if name in self.fields:
                self.fields[name].widget.attrs["class"] = "form-control touch-target"

    @property
    def item_ids(self) -> set[str]:
        return {item.id for item in self.items}

    def sections(self) -> list[Section]:
        rows = [
            ChecklistRow(
                item,
                self[f"result-{item.id}"],
                self[f"note-{item.id}"],
                self[f"photos-{item.id}"],
                self.hints.get(item.id, ""),
            )
            for item in self.items
        ]
        return grouped(rows, lambda row: row.item.citation)

    def faults(self) -> list[ChecklistRow]:
        """The items the agent must correct, in checklist order, for the summary's links."""
        return [row for section in self.sections() for row in section.entries if row.faulty]

    def clean_performed_at(self):
        moment = self.cleaned_data["performed_at"]
        if moment > timezone.now() + timedelta(minutes=10):
            raise forms.ValidationError("The time of the inspection cannot be in the future.")
        early = self.too_early(moment)
        if early:
            raise forms.ValidationError(early)
        return moment

    def clean_recorded_on_phone_at(self):
        moment = self.cleaned_data["recorded_on_phone_at"]
        if moment and moment > timezone.now() + timedelta(minutes=10):
            raise forms.ValidationError(
                "The phone's clock is ahead of the office's: check its date and time, then send "
                "the checklist again."
            )
        return moment

    def clean(self):
        cleaned = super().clean()
        self._check_release(cleaned)
        for item in self.items:
            result = cleaned.get(f"result-{item.id}")
            if (
                result == ChecklistFinding.Result.VIOLATION
                and not cleaned.get(f"note-{item.id}", "").strip()
            ):
                self.add_error(f"note-{item.id}", "Describe the violation you found.")
        return cleaned

    def _check_release(self, cleaned) -> None:
        """§20-18(7): times that show a release too soon after feeding decide the item."""
        fed, released, moment = (
            cleaned.get("fed_at"),
            cleaned.get("released_at"),
            cleaned.get("performed_at"),
        )
        if not (fed and released and moment):
            return
        day = timezone.localtime(moment).date()
        fed_at, released_at = (_on(day, fed), _on(day, released))
        if pigeons.release_allowed(fed_at, released_at):
            return
        result_field = f"result-{pigeons.RELEASE_ITEM}"
        if cleaned.get(result_field) == ChecklistFinding.Result.COMPLIES:
            self.add_error(
                result_field,
                f"Fed at {fed:%H:%M} and released at {released:%H:%M} is too soon after "
                "feeding: mark this a violation, or correct the times.",
            )
        note_field = f"note-{pigeons.RELEASE_ITEM}"
        if not cleaned.get(note_field) and note_field not in self.errors:
            cleaned[note_field] = f"Fed at {fed:%H:%M}, released at {released:%H:%M}."

    def answers(self) -> dict[str, Answer]:
        data = self.cleaned_data
        return {
            item.id: Answer(
                result=data[f"result-{item.id}"],
                note=data.get(f"note-{item.id}", ""),
                photos=data.get(f"photos-{item.id}") or [],
            )
            for item in self.items
        }


def _on(day: date, moment) -> datetime:
    return timezone.make_aware(datetime.combine(day, moment))
