"""The public pre-check's forms: the lot, the animals, the structures with their distances.

The forms only check single fields and the plan's overall shape; what the regulation says about
the plan is the rules module's business (permits.precheck.plan). Nothing here touches the
database.
"""

from __future__ import annotations

from crispy_forms.layout import Column, Div, Fieldset, Row
from django import forms
from django.core.exceptions import ValidationError
from django.utils import timezone

from facilities.choices import (
    DISTANCE_FEATURES,
    HOUSING_KINDS,
    ManureMethod,
    Species,
    StructureKind,
)
from hearings.ruleset_in_force import ruleset_on
from permits.figures import blank_distance_text, lazy_with_figures
from permits.forms import clean_animal_name
from permits.models import Application
from stoneham_boh.lib.forms import BoundedFormSet, helper
from stoneham_boh.lib.typed_numbers import TypedNumbersForm

# Generous ceilings: a figure above them is a typing mistake, not a Stoneham lot.
MAX_ACRES = 10_000
MAX_FEET = 100_000
MAX_SQFT = 10_000_000
MAX_COUNT = 100_000
MAX_ROWS = 12


def _measure(label: str, help_text: str = "", ceiling: float = MAX_FEET) -> forms.FloatField:
    return forms.FloatField(
        label=label, required=False, min_value=0, max_value=ceiling, help_text=help_text
    )


class LotForm(TypedNumbersForm, forms.Form):
    area_acres = _measure(
        "Lot area (acres)",
        lazy_with_figures(
            "§20-17(1): horses need {20-17.1:acres_per_equine} each. An acre is 43,560 sq ft."
        ),
        MAX_ACRES,
    )
    percolation_min_per_inch = _measure(
        "Soil percolation rate (minutes per inch)",
        "From a perc test, if you have one. Slower than 20 minutes per inch is impervious "
        "(§20-14), which matters for horses (§20-17(2)).",
        1_000,
    )
    flood_prone = forms.BooleanField(
        label="The land is liable to flood", required=False, help_text="§20-17(2)."
    )
    stagnant_water = forms.BooleanField(
        label="Standing water collects on the land", required=False, help_text="§20-17(2)."
    )
    securely_fenced = forms.BooleanField(
        label="The animals' area will be securely fenced so that they cannot escape",
        required=False,
        help_text="§20-15(7).",
    )
    manure_method = forms.ChoiceField(
        label="How will manure be handled?",
        choices=[("", "Not decided yet"), *ManureMethod.choices],
        required=False,
        help_text="§20-16(2)-(3): in a pit or receptacle, never stockpiled in the open.",
    )
    equines_under_other_permits = forms.IntegerField(
        label="Horses, ponies, donkeys or mules already kept on the lot under other permits",
        required=False,
        min_value=0,
        max_value=MAX_COUNT,
        help_text="§20-17(1) counts the horses of the whole lot, whoever's permit they are on. "
        "Leave blank if there are none.",
    )
    construction = forms.ChoiceField(
        label="Will you build or remodel a structure for the animals?",
        choices=Application.Construction.choices,
        initial=Application.Construction.NONE,
        help_text="§20-20(2): building work needs the Board's and the building inspector's "
        "approval first.",
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.helper = helper(
            Row(
                Column("area_acres", css_class="col-sm-6"),
                Column("percolation_min_per_inch", css_class="col-sm-6"),
            ),
            "flood_prone",
            "stagnant_water",
            "equines_under_other_permits",
            "securely_fenced",
            Row(
                Column("manure_method", css_class="col-md-6"),
                Column("construction", css_class="col-md-6"),
            ),
        )


class AnimalForm(TypedNumbersForm, forms.Form):
    species = forms.ChoiceField(
        label="Animal", choices=[("", "Choose an animal"), *Species.choices]
    )
    name = forms.CharField(
        label="What animal is it?",
        required=False,
        max_length=60,
        help_text="Only for “other domesticated animal”: a guinea pig, a ferret, a parrot... "
        "(§20-14).",
    )
    count = forms.IntegerField(label="How many", min_value=1, max_value=MAX_COUNT)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.helper = helper(
            Row(
                Column("species", css_class="col-12 col-sm-5"),
                Column("name", css_class="col-12 col-sm-4"),
                Column("count", css_class="col-6 col-sm-3"),
            )
        )

    def clean(self):
        cleaned = super().clean()
        clean_animal_name(self, cleaned)
        return cleaned


DISTANCE_HELP = {
    "lot_line": "Any lot line, one along a street included (§20-16(3)(b), burial pits).",
}

# Which extra questions a kind of structure raises; the page shows only those (precheck.js).
HOUSING = " ".join(sorted(HOUSING_KINDS))


class StructureForm(TypedNumbersForm, forms.Form):
    kind = forms.ChoiceField(label="Kind", choices=[("", "Choose a kind"), *StructureKind.choices])
    area_sqft = _measure("Floor or fenced area (sq ft)", ceiling=MAX_SQFT)
    potable_water = forms.BooleanField(
        label="Drinkable water at the structure", required=False, help_text="§20-15(9)."
    )
    screened_window = forms.BooleanField(
        label="A screened window", required=False, help_text="Stables, §20-17(4)(b)."
    )
    opposite_louvers = forms.BooleanField(
        label="Louvers on opposite sides", required=False, help_text="Stables, §20-17(4)(b)."
    )
    fence_height_ft = _measure(
        "Fence height (ft)",
        lazy_with_figures("Corrals, §20-17(3): at least {20-17.3:fence_height_ft}."),
    )
    well_drained = forms.BooleanField(
        label="In well-drained soil", required=False, help_text="Burial pits, §20-16(3)(b)."
    )
    groundwater_clearance_ft = _measure(
        "Pit bottom above the highest groundwater (ft)",
        lazy_with_figures("§20-16(3)(b): at least {20-16.3.b:groundwater_clearance_ft}."),
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        blank = blank_distance_text()
        for key, label in DISTANCE_FEATURES:
            self.fields[f"distance_{key}_ft"] = _measure(label, DISTANCE_HELP.get(key, ""))
            self.fields[f"distance_{key}_ft"].widget.attrs["placeholder"] = blank
        self.helper = helper(
            Row(
                Column("kind", css_class="col-sm-6"),
                Column("area_sqft", css_class="col-sm-6"),
            ),
            Div("potable_water", data_show_for=HOUSING),
            Div("screened_window", "opposite_louvers", data_show_for="stable"),
            Div("fence_height_ft", data_show_for="corral"),
            Div("well_drained", "groundwater_clearance_ft", data_show_for="manure_burial_pit"),
            Fieldset(
                lazy_with_figures(
                    "Distances in feet (blank: there is none within {absent_distance})"
                ),
                Row(
                    *(
                        Column(f"distance_{key}_ft", css_class="col-6 col-lg-3")
                        for key, _ in DISTANCE_FEATURES
                    ),
                    # Two-line labels on a phone: keep the boxes of a row level.
                    css_class="align-items-end",
                ),
                css_class="distances",
            ),
        )


class PlanFormSet(BoundedFormSet, forms.BaseFormSet):
    """A list of rows that has no 'existing' rows: every blank row is simply left out.

    Rows re-shown after "add a row" come back as initial data; counting them as initial forms
    would make Django insist that they be filled in.
    """

    def initial_form_count(self) -> int:
        return 0

    def filled(self) -> list[dict]:
        return [form.cleaned_data for form in self.forms if form.cleaned_data]


def _formset(form, *, first_rows: int, at_least: int):
    return forms.formset_factory(
        form,
        formset=PlanFormSet,
        extra=first_rows - at_least,
        min_num=at_least,
        validate_min=bool(at_least),
        max_num=MAX_ROWS,
        absolute_max=MAX_ROWS,
        validate_max=True,
    )


AnimalFormSet = _formset(AnimalForm, first_rows=2, at_least=1)
# Structures are required only where a permit is (PlanForms.is_valid): cats need none.
StructureFormSet = _formset(StructureForm, first_rows=3, at_least=0)


class PlanForms:
    """The three parts of the pre-check page, validated together."""

    def __init__(self, data=None, *, initial: dict | None = None, adding: str = ""):
        initial = initial or {}
        self.lot = LotForm(data, prefix="lot", initial=initial.get("lot"))
        self.animals = self._section(
            AnimalFormSet, "animals", data, initial.get("animals"), adding == "animals"
        )
        self.structures = self._section(
            StructureFormSet, "structures", data, initial.get("structures"), adding == "structures"
        )

    @staticmethod
    def _section(formset_class, prefix: str, data, rows: list | None, add_row: bool):
        formset = formset_class(data, prefix=prefix, initial=rows)
        if rows is not None:
            formset.extra = max(min(len(rows) + add_row, MAX_ROWS), 1) - formset.min_num
        return formset

    @classmethod
    def with_row_added(cls, data, section: str) -> PlanForms:
        """The plan as typed, not yet judged (so no error messages), with one more blank row."""
        typed = cls(data)
        initial = {
            "lot": _raw(typed.lot),
            "animals": [_raw(form) for form in typed.animals.forms],
            "structures": [_raw(form) for form in typed.structures.forms],
        }
        return cls(initial=initial, adding=section)

    def is_valid(self) -> bool:
        valid = [self.lot.is_valid(), self.animals.is_valid(), self.structures.is_valid()]
        if not all(valid):
            return False
        exempt = ruleset_on(timezone.localdate()).interpretations.exempt_species
        needs_housing = any(row["species"] not in exempt for row in self.animals.filled())
        if needs_housing and not any(
            row["kind"] in HOUSING_KINDS for row in self.structures.filled()
        ):
            self.structures._non_form_errors = self.structures.error_class(
                [
                    ValidationError(
                        "Describe at least one structure that houses the animals: a stable, "
                        "coop, loft, pen, hutch or shelter."
                    )
                ],
                renderer=self.structures.renderer,
            )
            return False
        return True


def _raw(form: forms.Form) -> dict:
    """What was typed in `form`, as initial data for showing it again."""
    return {name: form[name].value() for name in form.fields}
