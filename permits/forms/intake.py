"""The intake forms (permits/views/intake.py): the applicant and the lot, new or found, what was
applied for, the lot's ground, the structures and animals (their formsets, capped), and the day
received. They check single fields; the actions (permits.actions.intake) check the workflow.
"""

from __future__ import annotations

from crispy_forms.layout import Column, Fieldset, Row
from django import forms
from django.forms import inlineformset_factory
from django.utils import timezone

from facilities.addresses import lots_at_address
from facilities.choices import DISTANCE_FEATURES, NAMED_SPECIES, Species
from facilities.models import AnimalKept, Lot, Structure
from permits.actions.intake import APPLICATION_FIELDS
from permits.figures import blank_distance_text, lazy_with_figures
from permits.models import Applicant, Application
from stoneham_boh.lib.forms import BoundedFormSet, DateInput, columns, helper
from stoneham_boh.lib.record_ids import record_id
from stoneham_boh.lib.typed_numbers import TypedNumbersForm


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


class LotForm(TypedNumbersForm, forms.ModelForm):
    class Meta:
        model = Lot
        fields = ["parcel_id", "street_address", "area_acres", "zoning_district"]
        help_texts = {"area_acres": AREA_HELP}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # The model allows a lot without its parcel id (one first known from a complaint); an
        # application's lot must have it, for the abutter list and the permit (§20-14, §20-20).
        self.fields["parcel_id"].required = True
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

    def validate_unique(self):
        super().validate_unique()
        # One lot per parcel (§20-14): an address on file, however typed, is that lot's.
        address = self.cleaned_data.get("street_address")
        if address and "street_address" not in self.errors:
            on_file = lots_at_address(address, exclude_pk=self.instance.pk)
            if on_file:
                self.add_error(
                    "street_address",
                    f"{on_file[0]} is on file at this address: search for it above and choose "
                    "it (one lot per parcel).",
                )


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


class ApplicationForm(TypedNumbersForm, forms.ModelForm):
    """What was applied for, beyond the structures and animals (§20-15 to §20-20)."""

    class Meta:
        model = Application
        fields = list(APPLICATION_FIELDS)
        widgets = {
            "notes": forms.Textarea(attrs={"rows": 2}),
        }
        help_texts = {
            "construction": "§20-20(2): plans are approved before any construction or "
            "remodelling; the permit issues once it is complete and approved (the application "
            "page records the building inspector's approval).",
            "manure_method": "§20-16(2)-(3): how manure is kept or disposed of.",
            "conservation_commission_wetland_ft": lazy_with_figures(
                "§20-15(4)(b): never less than {20-15.4.b:floor_ft}."
            ),
        }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.helper = helper(
            Fieldset(
                "Construction (§20-20(2))",
                columns("construction"),
            ),
            Fieldset(
                "Keeping and care",
                columns("manure_method", "securely_fenced", "vermin_licensed_operator"),
                columns("conservation_commission_wetland_ft"),
            ),
            "notes",
        )


class LotFactsForm(TypedNumbersForm, forms.ModelForm):
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
        ]
        help_texts = {
            "area_acres": AREA_HELP,
            "porous_fill_extends_ft": lazy_with_figures(
                "§20-17(2): at least {20-17.2:fill_extends_ft}."
            ),
            "flood_prone": "§20-17(2).",
            "stagnant_water": "§20-17(2).",
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
            # §20-17(2): the Board's inspection before fill is an inspection an agent records
            # (inspections app, kind "excavation"), not a tick here.
            columns("porous_fill_depth_in", "porous_fill_extends_ft"),
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
        "lot_line": "§20-16(3)(b): burial pits at least {20-16.3.b:property_line_ft} from any lot "
        "line, one along a street included.",
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


class StructureForm(TypedNumbersForm, forms.ModelForm):
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
        blank = blank_distance_text()
        for key, label in DISTANCE_FEATURES:
            self.fields[f"distance_{key}_ft"].label = f"{label} (ft)"
            self.fields[f"distance_{key}_ft"].widget.attrs["placeholder"] = blank
        self.helper = helper(
            columns("label", "kind", "area_sqft", "fence_height_ft", css="col-6 col-lg-3"),
            Row(*(Column(name, css_class="col-6 col-lg-3") for name in DISTANCE_NAMES)),
            columns(
                "potable_water",
                "screened_window",
                "opposite_louvers",
                "well_drained",
                # A check box's help text needs the whole width of a narrow phone (WCAG 1.4.10).
                css="col-12 col-sm-6 col-lg-3",
            ),
            columns("groundwater_clearance_ft", "DELETE", css="col-6 col-lg-3"),
        )

    def clean_label(self):
        return self.cleaned_data["label"].strip().upper()


def clean_animal_name(form: forms.Form, cleaned: dict) -> None:
    """§20-14: another domesticated animal is named; a listed species is not.

    Shared by the clerk's intake form and the public pre-check.
    """
    species, name = cleaned.get("species"), (cleaned.get("name") or "").strip()
    cleaned["name"] = name
    if species in NAMED_SPECIES and not name:
        form.add_error("name", "Say what the animal is, for example guinea pig or parrot.")
    elif species and species not in NAMED_SPECIES and name:
        label = Species(species).label if species in Species.values else species
        form.add_error(
            "name",
            f"Only another domesticated animal takes a name; {label} is listed already. "
            "Leave the name blank.",
        )


class AnimalForm(TypedNumbersForm, forms.ModelForm):
    class Meta:
        model = AnimalKept
        fields = ["species", "name", "count", "mature_count", "wild"]
        help_texts = {"count": "§20-20(3): the exact number to be kept."}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["count"].min_value = 0
        self.fields["name"].label = "Name of the animal (other domesticated)"
        self.helper = helper(
            columns("species", "name", "count", "mature_count", "wild", css="col-6 col-lg"),
            columns("DELETE", css="col-12"),
        )

    def clean(self):
        cleaned = super().clean()
        count, mature = cleaned.get("count"), cleaned.get("mature_count")
        if count is not None and mature is not None and mature > count:
            self.add_error("mature_count", "There cannot be more mature birds than birds.")
        clean_animal_name(self, cleaned)
        return cleaned


class UniqueFormSet(BoundedFormSet, forms.BaseInlineFormSet):
    """An inline formset that refuses the same value of `unique_field` twice."""

    unique_field = ""
    unique_message = ""

    def clean(self):
        super().clean()
        seen = set()
        for form in self.forms:
            if not form.has_changed() or self._should_delete_form(form):
                continue
            value = self._key(form)
            if value in seen:
                form.add_error(self.unique_field, self.unique_message)
            seen.add(value)

    def _key(self, form):
        return form.cleaned_data.get(self.unique_field)

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

    def _key(self, form):
        # Guinea pigs and ferrets are both other domesticated animals: one row each.
        return (form.cleaned_data.get("species"), form.cleaned_data.get("name") or "")


# The most structures, or kinds of animal, one application lists (a bound, not a figure of the
# regulation): a post claiming more is refused before its rows are built.
MAX_ROWS = 30


StructureFormSet = inlineformset_factory(
    Application,
    Structure,
    form=StructureForm,
    formset=StructureFormSetBase,
    extra=1,
    can_delete=True,
    max_num=MAX_ROWS,
    absolute_max=MAX_ROWS,
    validate_max=True,
)


AnimalFormSet = inlineformset_factory(
    Application,
    AnimalKept,
    form=AnimalForm,
    formset=AnimalFormSetBase,
    extra=1,
    can_delete=True,
    max_num=MAX_ROWS,
    absolute_max=MAX_ROWS,
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
