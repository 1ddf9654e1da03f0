"""Forms of the clerk's desk. They check single fields; the actions check the workflow."""

from __future__ import annotations

from decimal import Decimal

from crispy_forms.layout import Column, Fieldset, Row
from django import forms
from django.conf import settings
from django.core.validators import MinValueValidator
from django.forms import inlineformset_factory
from django.utils import timezone

from facilities.addresses import lots_at_address
from facilities.choices import DISTANCE_FEATURES, NAMED_SPECIES, Species
from facilities.models import AnimalKept, Lot, Structure
from permits.actions import APPLICATION_FIELDS
from permits.amendments.in_force import ruleset_on
from permits.figures import blank_distance_text, lazy_with_figures
from permits.models import Applicant, Application, Document, Payment
from stoneham_boh.lib.forms import BoundedFormSet, DateInput, ReasonForm, columns, helper
from stoneham_boh.lib.kept_uploads import KeepsUploads
from stoneham_boh.lib.record_ids import record_id
from stoneham_boh.lib.typed_numbers import TypedNumbersForm
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


class DocumentForm(forms.Form):
    # The building inspector's approval is recorded with its date (BuildingInspectorForm).
    kind = forms.ChoiceField(
        choices=[c for c in Document.Kind.choices if c[0] != Document.Kind.BUILDING_INSPECTOR],
        label="Kind of document",
    )
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


class BuildingInspectorForm(KeepsUploads, forms.Form):
    """The building inspector's approval of the construction, as received (§20-20(2)(a)); a
    letter chosen is kept when the form comes back for its date."""

    kept_files = ("file",)

    approved_on = forms.DateField(
        label="Date of the building inspector's approval",
        widget=DateInput,
        help_text="§20-20(2)(a): as written on the approval.",
    )
    file = forms.FileField(
        label="The approval as received",
        help_text=(
            "A PDF or an image (JPEG, PNG, GIF, WebP, TIFF), at most "
            f"{settings.UPLOAD_MAX_BYTES // (1024 * 1024)} MB. Kept with the documents."
        ),
    )
    description = forms.CharField(
        max_length=200, required=False, label="Reference (optional)", help_text="A permit number."
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.helper = helper(
            columns("approved_on", "file", "description"), render_hidden_fields=True
        )

    def clean_approved_on(self):
        day = self.cleaned_data["approved_on"]
        if day > timezone.localdate():
            raise forms.ValidationError("The approval cannot be dated after today.")
        return day

    def clean_file(self):
        upload = self.cleaned_data["file"]
        validate_upload(upload, DOCUMENT_KINDS)
        return upload


CONFIRM_AMOUNT = "confirm_amount"
CONFIRM_DAY = "confirm_day"


class PaymentForm(TypedNumbersForm, forms.ModelForm):
    """A payment as received. An amount other than what is outstanding, or a day after today
    (a post-dated check), is a slip as often as not: the field asks, and a tick box below it
    takes the answer; nothing typed is lost."""

    class Meta:
        model = Payment
        fields = ["amount", "received_on", "method", "reference"]
        widgets = {"received_on": DateInput}
        help_texts = {"amount": "§20-20(4): the fee of the schedule in force."}

    def __init__(self, *args, outstanding: Decimal | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        self.outstanding = outstanding
        # A field error, in words: otherwise the model's check constraint answered with its
        # own name ("payment_amount_positive").
        self.fields["amount"].validators.append(
            MinValueValidator(Decimal("0.01"), "Enter an amount above $0.00.")
        )
        for name in (CONFIRM_AMOUNT, CONFIRM_DAY):
            self.fields[name] = forms.BooleanField(required=False, widget=forms.HiddenInput)
        self.helper = helper(
            Row(
                Column("amount", CONFIRM_AMOUNT, css_class="col-sm-6"),
                Column("received_on", CONFIRM_DAY, css_class="col-sm-6"),
                Column("method", css_class="col-sm-6"),
                Column("reference", css_class="col-sm-6"),
            )
        )

    def _ask(self, field: str, confirm: str, question: str, label: str) -> None:
        self.add_error(field, question)
        self.fields[confirm].widget = forms.CheckboxInput()
        self.fields[confirm].label = label
        # A bound field read while cleaning keeps the label it had: let it be made again.
        self._bound_fields_cache.pop(confirm, None)

    def clean(self):
        cleaned = super().clean()
        amount, day = cleaned.get("amount"), cleaned.get("received_on")
        if (
            amount is not None
            and self.outstanding is not None
            and amount != self.outstanding
            and not cleaned.get(CONFIRM_AMOUNT)
        ):
            owed = (
                f"${self.outstanding} is outstanding"
                if self.outstanding
                else "the fee is paid in full"
            )
            self._ask(
                "amount",
                CONFIRM_AMOUNT,
                f"{owed}, not ${amount}. If ${amount} is what was paid, tick the box and "
                "record it again.",
                f"Yes, ${amount} was paid",
            )
        today = timezone.localdate()
        if day is not None and day > today and not cleaned.get(CONFIRM_DAY):
            self._ask(
                "received_on",
                CONFIRM_DAY,
                f"{day:%B} {day.day}, {day.year} is after today. If the payment is dated so "
                "(a post-dated check), tick the box and record it again.",
                f"Yes, dated {day:%B} {day.day}, {day.year}",
            )
        cleaned.pop(CONFIRM_AMOUNT, None)
        cleaned.pop(CONFIRM_DAY, None)
        return cleaned


class PaymentCorrectionForm(PaymentForm):
    """A payment voided or corrected: the reason always; the payment as it was made, for a
    correction."""

    reason = forms.CharField(
        max_length=180,
        help_text="Kept with the payment's history, e.g. “typed $500 for $50”.",
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.helper.layout.append(Row(Column("reason", css_class="col-12")))


class IssueForm(forms.Form):
    conditions = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 2}),
        required=False,
        max_length=4000,
        help_text="Printed on the permit. Blank: the Board's conditions as it voted them (or "
        "those of the permit renewed); where the Board voted conditions, no others are typed.",
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.helper = helper()


class RegisterPermitForm(forms.Form):
    """One permit of the town's paper register, entered provisionally (§20-20(8)); the Board
    accepts it by a vote at a meeting."""

    register_number = forms.CharField(
        label="Number on the paper permit", max_length=40, help_text="For example: 94-17."
    )
    first_permitted_on = forms.DateField(
        widget=DateInput,
        label="Keeping first permitted on",
        help_text="§20-20(8): the date of the original permit, as the record shows it.",
    )
    issued_on = forms.DateField(
        widget=DateInput,
        label="Paper permit in force issued on",
        help_text="The date printed on the paper permit now in force.",
    )
    valid_for_year = forms.IntegerField(
        label="Year of the paper permit in force",
        min_value=1900,
        max_value=2200,
        help_text="The entered permit runs to December 31 of that year (§20-20(5)).",
    )
    document = forms.FileField(
        label="Scan of the paper permit",
        help_text=(
            f"Required. A PDF or an image, at most {settings.UPLOAD_MAX_BYTES // (1024 * 1024)} MB."
        ),
    )
    basis = forms.CharField(
        label="Where the paper is kept (optional)",
        max_length=300,
        required=False,
        help_text="For example: paper file, cabinet 2.",
    )

    def __init__(self, *args, **kwargs):
        from django.utils import timezone

        super().__init__(*args, **kwargs)
        cutoff = ruleset_on(timezone.localdate()).interpretations.grandfathering_cutoff
        self.fields["first_permitted_on"].help_text += (
            f" Only a keeping first permitted before {cutoff:%B} {cutoff.day}, {cutoff.year} is "
            "grandfathered."
        )
        self.helper = helper(
            columns("register_number", "valid_for_year", css="col-sm-6"),
            columns("first_permitted_on", "issued_on", css="col-sm-6"),
            "document",
            "basis",
        )


class ClerkLetterForm(forms.Form):
    subject = forms.CharField(
        max_length=200,
        help_text="Printed in bold above the greeting, e.g. “Your application: the site plan”.",
    )
    body = forms.CharField(
        label="Letter",
        widget=forms.Textarea(attrs={"rows": 14}),
        help_text="From the greeting to the last paragraph; the Board's letterhead, the date, "
        "the applicant's address and your name are printed around it.",
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.helper = helper()


def unreceive_form(data=None) -> ReasonForm:
    """Why an application was marked received by mistake (permits.corrections.actions)."""
    form = ReasonForm(
        data,
        prefix="unreceive",
        label="Why it was marked received by mistake",
        help_text="Kept on the application's history with your name and the time.",
    )
    form.fields["reason"].error_messages["required"] = "Say why the receipt was a mistake."
    return form
