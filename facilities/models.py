"""Where animals are kept: the lot, the structures on it, the animals, and the abutters."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from django.core.validators import MinValueValidator, RegexValidator
from django.db import models
from django.db.models import Case, F, Q, Value, When
from django.db.models.functions import Lower, LPad, StrIndex, Substr
from simple_history.models import HistoricalRecords

from facilities.choices import (
    DISTANCE_FEATURES,
    NAMED_SPECIES,
    NOT_DRAWN,
    Species,
    StructureKind,
    ZoningDistrict,
    counted,
)
from stoneham_boh.lib.address_lookup import LOOKUP_FIELDS, AddressLookup
from stoneham_boh.lib.corrections import MistakeCorrected
from stoneham_boh.town import defaults as town_defaults

NON_NEGATIVE = [MinValueValidator(Decimal("0"))]

parcel_id_validator = RegexValidator(
    r"^\d{1,3}-\d{1,4}-\d{1,4}[A-Z]?$",
    "Write the parcel id as map-block-lot, e.g. 12-345-6 (an optional letter may follow).",
)


def distance_field(label: str) -> models.DecimalField:
    return models.DecimalField(
        f"distance to {label.lower()} (ft)",
        max_digits=7,
        decimal_places=1,
        null=True,
        blank=True,
        validators=NON_NEGATIVE,
        help_text="Leave blank when there is no such feature nearby.",
    )


class MailingAddress(models.Model):
    """A postal address, in or out of town (abutters "even if in another town", §20-14)."""

    mailing_street = models.CharField(max_length=200)
    mailing_city = models.CharField(max_length=80, default=town_defaults.town_name)
    mailing_state = models.CharField(max_length=2, default="MA")
    mailing_zip = models.CharField(
        max_length=10,
        validators=[RegexValidator(r"^\d{5}(-\d{4})?$", "A ZIP code is 5 digits, or 5+4.")],
    )

    class Meta:
        abstract = True

    @property
    def mailing_address_lines(self) -> list[str]:
        return [
            self.mailing_street,
            f"{self.mailing_city}, {self.mailing_state} {self.mailing_zip}",
        ]


class LotQuerySet(models.QuerySet):
    def in_street_order(self):
        """By street, then by house number as a number: "13 Warren" after "109 Summer", and
        "9 Pond" before "12 Pond" (the number is padded with zeros to compare as text)."""
        space = StrIndex("street_address", Value(" "))
        numbered = Q(_space__gt=1)
        return (
            self.annotate(_space=space)
            .annotate(
                _street=Case(
                    When(numbered, then=Lower(Substr("street_address", F("_space") + 1))),
                    default=Lower("street_address"),
                ),
                _number=Case(
                    When(
                        numbered,
                        then=LPad(Substr("street_address", 1, F("_space") - 1), 10, Value("0")),
                    ),
                    default=Value(""),
                ),
            )
            .order_by("_street", "_number", "id")
        )

    def current(self):
        """Lots still in use: not merged into another (a merged duplicate stays on file)."""
        return self.filter(merged_into__isnull=True)

    def search(self, text: str):
        """Free text: the street address, or the parcel id (map-block-lot, in capitals)."""
        text = text.strip()
        if not text:
            return self
        return self.filter(Q(street_address__icontains=text) | Q(parcel_id__icontains=text.upper()))


class Lot(AddressLookup):
    """A parcel of land as the Assessor records it (§20-14, Lot)."""

    ADDRESS_FIELD = "street_address"

    parcel_id = models.CharField(
        "parcel id",
        max_length=20,
        unique=True,
        null=True,
        blank=True,
        validators=[parcel_id_validator],
        # Blank only for a lot first recorded from a complaint (§20-22: any address in town),
        # until the clerk looks the parcel up; applications need it (the lot form requires it).
        help_text="Map-block-lot from the Assessor's maps, e.g. 12-345-6.",
    )
    street_address = models.CharField(max_length=200, db_index=True)
    area_acres = models.DecimalField(
        "area (acres)",
        max_digits=8,
        decimal_places=3,
        null=True,
        blank=True,
        validators=NON_NEGATIVE,
        help_text="§20-17(1): lot area per horse.",
    )
    zoning_district = models.CharField(max_length=4, choices=ZoningDistrict.choices, blank=True)
    percolation_min_per_inch = models.DecimalField(
        "percolation rate (min/inch)",
        max_digits=6,
        decimal_places=1,
        null=True,
        blank=True,
        validators=NON_NEGATIVE,
        help_text="§20-14: over 20 minutes per inch is impervious.",
    )
    flood_prone = models.BooleanField("susceptible to flooding", default=False)
    stagnant_water = models.BooleanField("stagnant water can collect", default=False)
    porous_fill_depth_in = models.DecimalField(
        "porous fill depth (in)",
        max_digits=5,
        decimal_places=1,
        null=True,
        blank=True,
        validators=NON_NEGATIVE,
        help_text="§20-17(2): at least 12 inches.",
    )
    porous_fill_extends_ft = models.DecimalField(
        "porous fill extends beyond the facility (ft)",
        max_digits=5,
        decimal_places=1,
        null=True,
        blank=True,
        validators=NON_NEGATIVE,
        help_text="§20-17(2).",
    )
    # Set only by an agent's excavation inspection that found no violation (§20-17(2)).
    porous_fill_board_inspected = models.BooleanField(
        "fill inspected by the Board before filling", default=False, editable=False
    )
    # `parcel_id` above is the Assessor's map-block-lot text; this is the mapped parcel.
    tax_parcel = models.ForeignKey(
        "facilities.Parcel",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="lots",
        help_text="The Assessor's parcel on the parcel map.",
    )
    parcel_area_acres = models.DecimalField(
        "area from the parcel map (acres)",
        max_digits=10,
        decimal_places=3,
        null=True,
        blank=True,
        editable=False,
        help_text="Copied from the parcel when the lot is linked or the map is re-imported, so "
        "the rules read it without loading the map.",
    )
    # Where the parcel map is imported, a lot off it needs the clerk's reason before a permit
    # issues on it (one lot per parcel: an unmapped lot is usually a duplicate).
    unmapped_reason = models.CharField(
        "why the lot is not on the parcel map",
        max_length=300,
        blank=True,
        help_text="Say why this lot has no parcel on the map (for example: a new subdivision "
        "not yet on the Assessor's layer).",
    )
    # A duplicate lot merged into the lot of its parcel: kept with its history, used no more.
    merged_into = models.ForeignKey(
        "self",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        editable=False,
        related_name="merged_lots",
    )
    notes = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    # The look-up words are the address's, not a change of their own.
    history = HistoricalRecords(excluded_fields=list(LOOKUP_FIELDS))

    objects = LotQuerySet.as_manager()

    class Meta:
        ordering = ["street_address"]
        constraints = [
            models.CheckConstraint(
                condition=Q(area_acres__isnull=True) | Q(area_acres__gte=0),
                name="lot_area_non_negative",
            ),
            models.CheckConstraint(
                condition=Q(percolation_min_per_inch__isnull=True)
                | Q(percolation_min_per_inch__gte=0),
                name="lot_percolation_non_negative",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.street_address} ({self.parcel_id or 'parcel id not yet on file'})"

    @property
    def parcel_label(self) -> str:
        """The parcel id, or what to say while a complaint's lot has none on file yet."""
        return self.parcel_id or "not yet on file"

    @property
    def is_mapped(self) -> bool:
        """On the parcel map with its area: the Assessor's figure governs."""
        return self.tax_parcel_id is not None and self.parcel_area_acres is not None

    @property
    def effective_area_acres(self) -> Decimal | None:
        """The area the rules use (§20-17(1)): the Assessor's, from the parcel map, where the
        lot is mapped; a typed area only for a lot off the map."""
        return self.parcel_area_acres if self.is_mapped else self.area_acres

    @property
    def area_source(self) -> str:
        """Where `effective_area_acres` comes from, in words for the screens."""
        if self.is_mapped:
            return "the Assessor's, from the parcel map"
        if self.area_acres is not None:
            return "typed: the lot is not on the parcel map"
        return "unknown"

    @property
    def has_porous_fill(self) -> bool:
        return self.porous_fill_depth_in is not None or self.porous_fill_extends_ft is not None


class Structure(models.Model):
    """A structure of the facility as drawn on the application's plan, with its distances."""

    application = models.ForeignKey(
        "permits.Application", on_delete=models.CASCADE, related_name="structures"
    )
    label = models.CharField(
        max_length=20, help_text="Short id used on the plan and in findings, e.g. S1 or BARN."
    )
    kind = models.CharField(max_length=20, choices=StructureKind.choices)
    area_sqft = models.DecimalField(
        "floor area (sq ft)",
        max_digits=8,
        decimal_places=1,
        null=True,
        blank=True,
        validators=NON_NEGATIVE,
    )
    fence_height_ft = models.DecimalField(
        "fence height (ft)",
        max_digits=4,
        decimal_places=1,
        null=True,
        blank=True,
        validators=NON_NEGATIVE,
        help_text="Corrals, §20-17(3).",
    )
    screened_window = models.BooleanField(default=False, help_text="Stables, §20-17(4)(b).")
    opposite_louvers = models.BooleanField(
        "louvers on opposite sides", default=False, help_text="Stables, §20-17(4)(b)."
    )
    potable_water = models.BooleanField(
        "potable water at the structure", default=False, help_text="§20-15(9)."
    )
    well_drained = models.BooleanField(
        "in well-drained soil", default=False, help_text="Manure burial pits, §20-16(3)(b)."
    )
    groundwater_clearance_ft = models.DecimalField(
        "pit bottom above maximum groundwater (ft)",
        max_digits=5,
        decimal_places=1,
        null=True,
        blank=True,
        validators=NON_NEGATIVE,
        help_text="§20-16(3)(b).",
    )
    distance_property_line_ft = distance_field("abutting property line")
    distance_wetland_ft = distance_field("wetland")
    distance_watercourse_ft = distance_field("watercourse")
    distance_well_ft = distance_field("drinking-water well")
    distance_sewage_disposal_ft = distance_field("sewage disposal area")
    distance_public_way_ft = distance_field("public way")
    distance_dwelling_ft = distance_field("dwelling")
    distance_abutting_dwelling_ft = distance_field("abutting dwelling")
    # §20-16(3)(b): any lot line, one along a street included (the form's help text says so).
    distance_lot_line_ft = distance_field("the nearest lot line")
    measured_distances_ft = models.JSONField(
        "distances measured on the plan (ft)",
        null=True,
        blank=True,
        editable=False,
        help_text="Written when the site plan is saved; governs over the typed figures.",
    )
    history = HistoricalRecords()

    class Meta:
        ordering = ["application", "label"]
        constraints = [
            models.UniqueConstraint(
                fields=["application", "label"], name="structure_label_unique_per_application"
            ),
            models.CheckConstraint(
                condition=Q(area_sqft__isnull=True) | Q(area_sqft__gte=0),
                name="structure_area_non_negative",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} {self.label}"

    def distances(self) -> dict[str, Decimal | None]:
        return {key: getattr(self, f"distance_{key}_ft") for key, _ in DISTANCE_FEATURES}

    @property
    def is_measured(self) -> bool:
        return self.measured_distances_ft is not None

    @property
    def no_longer_drawn(self) -> bool:
        """The plan measured this structure once and no longer draws it."""
        return bool((self.measured_distances_ft or {}).get(NOT_DRAWN))

    @property
    def drawn_on_plan(self) -> bool:
        return self.is_measured and not self.no_longer_drawn

    def governing_distances(self) -> dict[str, GoverningDistance]:
        """Which figure governs each distance, by the contract's keys: the one measured on the
        plan where the plan draws that kind of feature (it governs over the typed one), else
        the typed figure; every one unknown for a structure the plan no longer draws. The rules'
        facts, the tables and the printed plan all read this."""
        measured = self.measured_distances_ft or {}
        unknown = self.no_longer_drawn
        distances = {}
        for key, label in DISTANCE_FEATURES:
            typed = getattr(self, f"distance_{key}_ft")
            if unknown:
                distances[key] = GoverningDistance(label, typed, GoverningDistance.UNKNOWN, None)
            elif key in measured:
                distances[key] = GoverningDistance(
                    label, typed, GoverningDistance.PLAN, measured[key]
                )
            else:
                distances[key] = GoverningDistance(label, typed, GoverningDistance.TYPED, typed)
        return distances

    def distance_rows(self) -> list[dict]:
        """Each distance as a screen shows it: the governing figure, and the typed one beside
        a measured figure; a blank means none within the horizon the rules read."""
        # late: facilities.regulation is tier 3, which a model reads only when called (tiers)
        from facilities.regulation import beyond_ft

        beyond = beyond_ft()
        return [
            {
                "label": distance.label,
                "typed": distance.typed,
                "measured": distance.measured,
                "on_plan": distance.on_plan,
                "beyond_ft": beyond,
                "unknown": distance.unknown,
            }
            for distance in self.governing_distances().values()
        ]


@dataclass(frozen=True)
class GoverningDistance:
    """One distance of a structure, and where the figure that governs it comes from."""

    PLAN, TYPED, UNKNOWN = "measured on the plan", "typed", "unknown"

    label: str
    typed: Decimal | None
    source: str
    #: The figure the rules read; None: nothing of that kind within range, or unknown.
    value: Decimal | float | int | None

    @property
    def on_plan(self) -> bool:
        return self.source == self.PLAN

    @property
    def unknown(self) -> bool:
        return self.source == self.UNKNOWN

    @property
    def measured(self) -> float | int | None:
        return self.value if self.on_plan else None


def named_only_when_other_domestic(name: str) -> models.CheckConstraint:
    """An other domesticated animal carries its name; a listed species carries none."""
    other = Q(species=Species.OTHER_DOMESTIC)
    return models.CheckConstraint(
        condition=(other & ~Q(name="")) | (~other & Q(name="")), name=name
    )


class AnimalKind(models.Model):
    """What an animal row is called: its species, or the name of another domesticated one."""

    class Meta:
        abstract = True

    @property
    def kind_label(self) -> str:
        if self.species in NAMED_SPECIES and self.name:
            return self.name
        return self.get_species_display()


class AnimalKept(AnimalKind):
    """Animals of one species that an application asks to keep (§20-20(3))."""

    application = models.ForeignKey(
        "permits.Application", on_delete=models.CASCADE, related_name="animals"
    )
    species = models.CharField(max_length=20, choices=Species.choices)
    count = models.PositiveIntegerField()
    mature_count = models.PositiveIntegerField(
        null=True, blank=True, help_text="Pigeons, §20-18: mature birds. Blank means all."
    )
    wild = models.BooleanField(
        default=False, help_text="§20-15(10): tick for any animal not normally domesticated."
    )
    name = models.CharField(
        max_length=60,
        blank=True,
        help_text="§20-14: for another domesticated animal, what it is (guinea pig, ferret, "
        "parrot).",
    )
    history = HistoricalRecords()

    class Meta:
        ordering = ["application", "species", "name"]
        verbose_name_plural = "animals kept"
        constraints = [
            models.UniqueConstraint(
                fields=["application", "species", "name"],
                name="animal_species_once_per_application",
            ),
            named_only_when_other_domestic("animal_named_when_other_domestic"),
            models.CheckConstraint(condition=Q(count__gte=0), name="animal_count_non_negative"),
            models.CheckConstraint(
                condition=Q(mature_count__isnull=True) | Q(mature_count__lte=F("count")),
                name="animal_mature_not_over_count",
            ),
        ]

    def __str__(self) -> str:
        return counted(self.count, self.species, label=self.name or None)


class ParcelIdCorrection(MistakeCorrected):
    """A lot's parcel id typed wrong and corrected: the old and the new map-block-lot, who,
    when and why (the lot's own history keeps the change too)."""

    lot = models.ForeignKey(Lot, on_delete=models.PROTECT, related_name="parcel_id_corrections")
    old_parcel_id = models.CharField("parcel id before", max_length=20)
    new_parcel_id = models.CharField("parcel id after", max_length=20)
    history = HistoricalRecords()

    class Meta:
        ordering = ["lot", "-corrected_at", "-id"]

    def __str__(self) -> str:
        return f"Parcel id {self.old_parcel_id} corrected to {self.new_parcel_id}"


class AbutterList(models.Model):
    """The Assessor's certified list of abutters filed with an application (§20-14, §20-20(9))."""

    application = models.OneToOneField(
        "permits.Application", on_delete=models.CASCADE, related_name="abutter_list"
    )
    certified_on = models.DateField(
        "certification date",
        null=True,
        blank=True,
        help_text="The date the Town Assessor certified the list.",
    )
    certified_by = models.CharField(max_length=120, default=town_defaults.assessors)
    source_name = models.CharField(
        max_length=200, blank=True, help_text="The file the list was imported from, if any."
    )
    created_at = models.DateTimeField(auto_now_add=True)
    history = HistoricalRecords()

    def __str__(self) -> str:
        return f"Abutter list for {self.application}"


class Abutter(MailingAddress):
    """An owner of abutting land as on the most recent tax list, even if in another town."""

    class StrikeGround(models.TextChoices):
        """The reasons the Assessor's records support for striking a certified name (§20-14,
        Abutter: the owners "as they appear on the most recent tax lists")."""

        SOLD = "sold", "Sold: the Assessor's records show another owner of the parcel"
        DUPLICATE = "duplicate", "Listed twice on the certified list"
        DECEASED = "deceased", "Deceased, and the estate noticed in the owner's place"

    #: The grounds as the strike form's list offers them (short enough for a phone).
    STRIKE_GROUND_CHOICES = (
        (StrikeGround.SOLD, "Sold (the Assessor's records)"),
        (StrikeGround.DUPLICATE, "Listed twice"),
        (StrikeGround.DECEASED, "Deceased, estate noticed"),
    )

    abutter_list = models.ForeignKey(AbutterList, on_delete=models.CASCADE, related_name="abutters")
    owner_names = models.CharField(max_length=200)
    parcel_id = models.CharField(
        "parcel id", max_length=20, blank=True, validators=[parcel_id_validator]
    )
    voided = models.BooleanField(
        default=False, help_text="Struck from the list (kept for the record, not deleted)."
    )
    void_reason = models.CharField("why struck off", max_length=200, blank=True)
    void_ground = models.CharField(
        "ground for striking", max_length=12, choices=StrikeGround.choices, blank=True
    )
    # The day struck: a strike counts only when recorded before the hearing's letters were
    # mailed (hearings.notice_timing); after them the struck owner still needs the notice.
    voided_on = models.DateField("struck on", null=True, blank=True)
    history = HistoricalRecords()

    class Meta:
        ordering = ["abutter_list", "owner_names"]

    def __str__(self) -> str:
        return self.owner_names


# The parcel map and the site plan live in sub-packages; their models belong to this app.
from facilities.parcels.models import (  # noqa: E402
    AbutterDraft,
    DraftAbutter,
    Footprint,
    Parcel,
    ParcelImport,
)
from facilities.siteplan.models import SitePlan  # noqa: E402

__all__ = [
    "Abutter",
    "AbutterDraft",
    "AbutterList",
    "AnimalKept",
    "DraftAbutter",
    "Footprint",
    "Lot",
    "MailingAddress",
    "Parcel",
    "ParcelImport",
    "SitePlan",
    "Structure",
]
