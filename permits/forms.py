"""Forms of the clerk's desk. They check single fields; the actions check the workflow."""

from __future__ import annotations

from crispy_forms.layout import Column, Fieldset, Row
from django import forms
from django.conf import settings
from django.forms import inlineformset_factory
from django.utils import timezone

from facilities.choices import DISTANCE_FEATURES
from facilities.models import AnimalKept, Lot, Structure
from permits.actions import APPLICATION_FIELDS
from permits.figures import lazy_with_figures
from permits.models import DOCUMENT_FIELDS, Applicant, Application, Document, Payment
from stoneham_boh.lib.forms import DateInput, columns, helper
from stoneham_boh.lib.record_ids import record_id
from stoneham_boh.lib.uploads import DOCUMENT_KINDS, validate_upload


class ApplicantForm(forms.ModelForm):
    class Meta:
        model = Applicant
        fields = [
            "kind",
            "name",
            "contact_person",
            "mailing_street",
            "mailing_city",
            "mailing_state",
            "mailing_zip",
            "phone",
            "email",
        ]
        help_texts = {"name": "The person or organisation the permit will name (§20-20(7))."}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.helper = helper(
            columns("kind", "name", "contact_person"),
            columns(
                "mailing_street",
                "mailing_city",
                "mailing_state",
                "mailing_zip",
                css="col-sm-6 col-lg-3",
            ),
            columns("phone", "email", css="col-sm-6"),
        )


AREA_HELP = lazy_with_figures("§20-17(1): {20-17.1:acres_per_equine} per horse.")


class LotForm(forms.ModelForm):
    class Meta:
        model = Lot
        fields = ["parcel_id", "street_address", "area_acres", "zoning_district"]
        help_texts = {"area_acres": AREA_HELP}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.helper = helper(
            columns(
                "parcel_id",
                "street_address",
                "area_acres",
                "zoning_district",
                css="col-sm-6 col-lg-3",
            )
        )

    def clean_parcel_id(self):
        return self.cleaned_data["parcel_id"].strip().upper()


class ChooseOrCreateForm(forms.Form):
    """Which applicant and lot: one found by search (its id) or a new one ("new")."""

    applicant = forms.CharField(required=False, widget=forms.HiddenInput)
    lot = forms.CharField(required=False, widget=forms.HiddenInput)

    def _choice(self, name: str, model):
        value = (self.cleaned_data.get(name) or "new").strip()
        if value == "new":
            return None
        pk = record_id(value)
        if pk is None:
            raise forms.ValidationError("Choose from the search results, or “new”.")
        found = model.objects.filter(pk=pk).first()
        if found is None:
            raise forms.ValidationError("That record is no longer on file; search again.")
        return found

    def clean_applicant(self):
        return self._choice("applicant", Applicant)

    def clean_lot(self):
        return self._choice("lot", Lot)


class ApplicationForm(forms.ModelForm):
    """What was applied for, beyond the structures and animals (§20-15 to §20-20)."""

    class Meta:
        model = Application
        fields = list(APPLICATION_FIELDS)
        widgets = {
            "prior_permit_issued": DateInput,
            "notes": forms.Textarea(attrs={"rows": 2}),
        }
        help_texts = {
            "construction": "§20-20(2): plans are approved before any construction or remodelling.",
            "construction_board_approved": "§20-20(2)(a).",
            "construction_building_inspector_approved": "§20-20(2)(a).",
            "prior_permit_issued": "§20-20(8): keepings permitted before August 1, 2002.",
            "conditions_unchanged": "§20-20(8): the facility and animals are as first permitted.",
            "manure_method": "§20-16(2)-(3): how manure is kept or disposed of.",
            "conservation_commission_wetland_ft": lazy_with_figures(
                "§20-15(4)(b): never less than {20-15.4.b:floor_ft}."
            ),
            **{field: "§20-20(1)." for field, _, _ in DOCUMENT_FIELDS},
        }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for field, _, label in DOCUMENT_FIELDS:
            self.fields[field].label = label
        renewal = self.instance.kind == Application.Kind.RENEWAL
        grandfathering = (
            [
                Fieldset(
                    "Renewal (§20-20(8))", columns("prior_permit_issued", "conditions_unchanged")
                )
            ]
            if renewal
            else []
        )
        if not renewal:
            del self.fields["prior_permit_issued"]
            del self.fields["conditions_unchanged"]
        self.helper = helper(
            Fieldset(
                "Documents received (§20-20(1))",
                columns(*(field for field, _, _ in DOCUMENT_FIELDS)),
            ),
            Fieldset(
                "Construction (§20-20(2))",
                columns(
                    "construction",
                    "construction_board_approved",
                    "construction_building_inspector_approved",
                ),
            ),
            Fieldset(
                "Keeping and care",
                columns("manure_method", "composting_approved", "securely_fenced"),
                columns("vermin_plan_approved", "vermin_licensed_operator", "wild_animal_approved"),
                columns("conservation_commission_wetland_ft"),
            ),
            *grandfathering,
            "notes",
        )


class LotFactsForm(forms.ModelForm):
    """The lot's ground, which §20-17(1)-(2) checks for equines."""

    class Meta:
        model = Lot
        fields = [
            "area_acres",
            "percolation_min_per_inch",
            "flood_prone",
            "stagnant_water",
            "porous_fill_depth_in",
            "porous_fill_extends_ft",
            "porous_fill_board_inspected",
        ]
        help_texts = {
            "area_acres": AREA_HELP,
            "porous_fill_extends_ft": lazy_with_figures(
                "§20-17(2): at least {20-17.2:fill_extends_ft}."
            ),
            "flood_prone": "§20-17(2).",
            "stagnant_water": "§20-17(2).",
            "porous_fill_board_inspected": "§20-17(2).",
        }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.helper = helper(
            columns(
                "area_acres",
                "percolation_min_per_inch",
                "flood_prone",
                "stagnant_water",
                css="col-sm-6 col-lg-3",
            ),
            columns(
                "porous_fill_depth_in", "porous_fill_extends_ft", "porous_fill_board_inspected"
            ),
        )


DISTANCE_CITATIONS = {
    key: lazy_with_figures(text)
    for key, text in {
        "property_line": "§20-15(4)(a): at least {20-15.4.a:minimum_ft}.",
        "wetland": "§20-15(4)(b): at least {20-15.4.b:minimum_ft}.",
        "watercourse": "§20-15(4)(b), §20-16(3)(b): at least {20-15.4.b:minimum_ft}.",
        "well": "§20-15(4)(d): at least {20-15.4.d:minimum_ft}.",
        "sewage_disposal": "§20-15(4)(e): at least {20-15.4.e:minimum_ft}.",
        "public_way": "§20-15(4)(f): stables {20-15.4.f:stable_ft}, corrals {20-15.4.f:corral_ft}.",
        "dwelling": "§20-16(2): manure storage at least {20-16.2:minimum_ft}.",
        "abutting_dwelling": "§20-16(3)(b): burial pits at least {20-16.3.b:abutting_dwelling_ft}.",
    }.items()
}
DISTANCE_NAMES = tuple(f"distance_{key}_ft" for key, _ in DISTANCE_FEATURES)
STRUCTURE_FIELDS = (
    "label",
    "kind",
    "area_sqft",
    "fence_height_ft",
    *DISTANCE_NAMES,
    "potable_water",
    "screened_window",
    "opposite_louvers",
    "well_drained",
    "groundwater_clearance_ft",
)


class StructureForm(forms.ModelForm):
    class Meta:
        model = Structure
        fields = list(STRUCTURE_FIELDS)
        help_texts = {
            "area_sqft": "§20-17(3)-(4), §20-18(3).",
            "fence_height_ft": lazy_with_figures(
                "Corrals, §20-17(3): at least {20-17.3:fence_height_ft}."
            ),
            "groundwater_clearance_ft": lazy_with_figures(
                "§20-16(3)(b): at least {20-16.3.b:groundwater_clearance_ft}."
            ),
            **{f"distance_{key}_ft": citation for key, citation in DISTANCE_CITATIONS.items()},
        }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for key, label in DISTANCE_FEATURES:
            self.fields[f"distance_{key}_ft"].label = f"{label} (ft)"
        self.helper = helper(
            columns("label", "kind", "area_sqft", "fence_height_ft", css="col-6 col-lg-3"),
            Row(*(Column(name, css_class="col-6 col-lg-3") for name in DISTANCE_NAMES)),
            columns(
                "potable_water",
                "screened_window",
                "opposite_louvers",
                "well_drained",
                css="col-6 col-lg-3",
            ),
            columns("groundwater_clearance_ft", "DELETE", css="col-6 col-lg-3"),
        )

    def clean_label(self):
        return self.cleaned_data["label"].strip().upper()


class AnimalForm(forms.ModelForm):
    class Meta:
        model = AnimalKept
        fields = ["species", "count", "mature_count", "wild"]
        help_texts = {"count": "§20-20(3): the exact number to be kept."}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["count"].min_value = 0
        self.helper = helper(
            columns("species", "count", "mature_count", "wild", css="col-6 col-lg-3"),
            columns("DELETE", css="col-12"),
        )

    def clean(self):
        cleaned = super().clean()
        count, mature = cleaned.get("count"), cleaned.get("mature_count")
        if count is not None and mature is not None and mature > count:
            self.add_error("mature_count", "There cannot be more mature birds than birds.")
        return cleaned


class UniqueFormSet(forms.BaseInlineFormSet):
    """An inline formset that refuses the same value of `unique_field` twice."""

    unique_field = ""
    unique_message = ""

    def clean(self):
        super().clean()
        seen = set()
        for form in self.forms:
            if not form.has_changed() or self._should_delete_form(form):
                continue
            value = form.cleaned_data.get(self.unique_field)
            if value in seen:
                form.add_error(self.unique_field, self.unique_message)
            seen.add(value)

    def wanted(self) -> list[dict]:
        """The rows the clerk wants kept, as plain field values for the action."""
        rows = []
        for form in self.forms:
            if self._should_delete_form(form):
                continue
            if form.instance.pk is None and not form.has_changed():
                continue
            values = {name: form.cleaned_data.get(name) for name in form.Meta.fields}
            values["pk"] = form.instance.pk
            rows.append(values)
        return rows

    def unsaved(self) -> list:
        """The rows as unsaved instances, for the live recheck (valid fields applied)."""
        return [
            form.instance
            for form in self.forms
            if not self._should_delete_form(form)
            and (form.instance.pk is not None or form.has_changed())
        ]


class StructureFormSetBase(UniqueFormSet):
    unique_field = "label"
    unique_message = "Another structure has this label."


class AnimalFormSetBase(UniqueFormSet):
    unique_field = "species"
    unique_message = "This species is already listed; change its count instead."


StructureFormSet = inlineformset_factory(
    Application,
    Structure,
    form=StructureForm,
    formset=StructureFormSetBase,
    extra=1,
    can_delete=True,
    max_num=30,
    validate_max=True,
)
AnimalFormSet = inlineformset_factory(
    Application,
    AnimalKept,
    form=AnimalForm,
    formset=AnimalFormSetBase,
    extra=1,
    can_delete=True,
    max_num=30,
    validate_max=True,
)


class ReceiveForm(forms.Form):
    received_on = forms.DateField(
        label="Received on",
        widget=DateInput,
        required=False,
        help_text="The day the complete application reached the Board (§20-20(4): fee date).",
    )

    def clean_received_on(self):
        day = self.cleaned_data.get("received_on") or timezone.localdate()
        if day > timezone.localdate():
            raise forms.ValidationError("The day received cannot be in the future.")
        return day


class DocumentForm(forms.Form):
    kind = forms.ChoiceField(choices=Document.Kind.choices, label="Kind of document")
    file = forms.FileField(
        help_text=(
            "§20-20(1). A PDF or an image (JPEG, PNG, GIF, WebP, TIFF), at most "
            f"{settings.UPLOAD_MAX_BYTES // (1024 * 1024)} MB. Kept private, shown only to staff."
        )
    )
    description = forms.CharField(max_length=200, required=False)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.helper = helper(columns("kind", "file", "description"))

    def clean_file(self):
        upload = self.cleaned_data["file"]
        validate_upload(upload, DOCUMENT_KINDS)
        return upload


class PaymentForm(forms.ModelForm):
    class Meta:
        model = Payment
        fields = ["amount", "received_on", "method", "reference"]
        widgets = {"received_on": DateInput}
        help_texts = {"amount": "§20-20(4): the fee of the schedule in force."}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["amount"].min_value = 0.01
        self.helper = helper(
            columns("amount", "received_on", "method", "reference", css="col-sm-6 col-lg-3")
        )


class ReasonForm(forms.Form):
    reason = forms.CharField(widget=forms.Textarea(attrs={"rows": 3}), max_length=2000)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.helper = helper()


class RevokeForm(ReasonForm):
    revoked_on = forms.DateField(widget=DateInput, label="Revoked on")
    remove_animals_by = forms.DateField(
        widget=DateInput,
        label="Animals to be removed by",
        help_text="§20-20(6): the holder is ordered to remove all unlicensed animals.",
    )

    field_order = ["revoked_on", "remove_animals_by", "reason"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["reason"].help_text = "§20-20(5): the provision violated, and how."
        self.helper = helper(columns("revoked_on", "remove_animals_by", css="col-sm-6"), "reason")


class IssueForm(forms.Form):
    conditions = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 2}),
        required=False,
        max_length=4000,
        help_text="Printed on the permit. Blank: the Board's conditions from its decision.",
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.helper = helper()
