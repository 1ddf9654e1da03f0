"""The Assessor's parcels, as the MassGIS standardized layout gives them.

Geometry is stored as WKT in EPSG:26986 metres, with its bounding box in four indexed
columns: the bounding-box query stands in for a spatial index on SQLite and PostgreSQL
alike, and Shapely does the exact geometry in Python.
"""

from __future__ import annotations

from decimal import Decimal

from django.conf import settings
from django.db import models
from simple_history.models import HistoricalRecords

from facilities.parcels.geometry import acres, from_wkt, tiles_meeting
from stoneham_boh.lib.address_lookup import LOOKUP_FIELDS, AddressLookup


class BoundingBox(models.Model):
    min_x = models.FloatField(db_index=True)
    min_y = models.FloatField()
    max_x = models.FloatField(db_index=True)
    max_y = models.FloatField()
    # The map's search index (geometry.TILE_M): set with the bounding box; None for a shape
    # larger than a tile, which every search reads.
    tile = models.IntegerField(null=True, blank=True, editable=False, db_index=True)

    class Meta:
        abstract = True

    @property
    def shape(self):
        return from_wkt(self.geometry_wkt)


class ParcelQuerySet(models.QuerySet):
    def near(self, bounds: tuple[float, float, float, float], margin: float = 0.0):
        """Parcels whose bounding box meets `bounds` grown by `margin` metres, in no order.

        The tiles find the candidates (SQLite reads one index at a time: a bounding-box column
        alone left half the town to scan, 3.7 ms a plan at the edge of 15,600 parcels, and
        growing with the map); the box then keeps those that meet. Unordered on purpose: in
        the model's address order SQLite walked the whole table. Callers sort what they show.
        """
        min_x, min_y = bounds[0] - margin, bounds[1] - margin
        max_x, max_y = bounds[2] + margin, bounds[3] + margin
        return self.filter(
            models.Q(tile__in=tiles_meeting(min_x, min_y, max_x, max_y)) | models.Q(tile=None),
            min_x__lte=max_x,
            max_x__gte=min_x,
            min_y__lte=max_y,
            max_y__gte=min_y,
        ).order_by()


class Parcel(BoundingBox, AddressLookup):
    """One polygon of the tax parcel layer and the tax-list record linked to it by LOC_ID."""

    ADDRESS_FIELD = "site_address"

    class Kind(models.TextChoices):
        # MassGIS POLY_TYPE: FEE and TAX are taxed land; ROW is a public right of way;
        # PRIV_ROW a private way; WATER and RAIL_ROW are neither (none has an owner to notify).
        FEE = "FEE", "Fee parcel"
        TAX = "TAX", "Tax parcel"
        ROW = "ROW", "Public way"
        PRIV_ROW = "PRIV_ROW", "Private way"
        WATER = "WATER", "Water"
        RAIL_ROW = "RAIL_ROW", "Railway"

    loc_id = models.CharField("LOC_ID", max_length=24, unique=True)
    map_par_id = models.CharField("map-block-lot", max_length=30, blank=True, db_index=True)
    poly_type = models.CharField(max_length=10, choices=Kind.choices, default=Kind.FEE)
    geometry_wkt = models.TextField("outline (WKT, EPSG:26986)")
    site_address = models.CharField(max_length=200, blank=True, db_index=True)
    owner_name = models.CharField(max_length=200, blank=True)
    owner_street = models.CharField(max_length=200, blank=True)
    owner_city = models.CharField(max_length=80, blank=True)
    owner_state = models.CharField(max_length=2, blank=True)
    owner_zip = models.CharField(max_length=10, blank=True)
    lot_size_acres = models.DecimalField(
        "lot size (acres, tax list)", max_digits=10, decimal_places=3, null=True, blank=True
    )
    use_code = models.CharField(max_length=8, blank=True)
    fiscal_year = models.PositiveIntegerField("tax list fiscal year", null=True, blank=True)
    history = HistoricalRecords(
        excluded_fields=["min_x", "min_y", "max_x", "max_y", "tile", *LOOKUP_FIELDS]
    )

    objects = ParcelQuerySet.as_manager()

    class Meta:
        ordering = ["site_address", "loc_id"]

    def __str__(self) -> str:
        return f"{self.site_address or self.get_poly_type_display()} ({self.loc_id})"

    @property
    def is_way(self) -> bool:
        return self.poly_type in (self.Kind.ROW, self.Kind.PRIV_ROW)

    @property
    def is_public_way(self) -> bool:
        return self.poly_type == self.Kind.ROW

    @property
    def has_owner(self) -> bool:
        return self.poly_type in (self.Kind.FEE, self.Kind.TAX)

    @property
    def owner_address_lines(self) -> list[str]:
        city = ", ".join(
            p for p in (self.owner_city, f"{self.owner_state} {self.owner_zip}".strip()) if p
        )
        return [line for line in (self.owner_street, city) if line]

    @property
    def mapped_area_acres(self) -> Decimal:
        return Decimal(str(round(acres(self.shape.area), 3)))

    @property
    def area_acres(self) -> Decimal:
        """The tax list's lot size, or the mapped outline's area where the list gives none."""
        return self.lot_size_acres if self.lot_size_acres is not None else self.mapped_area_acres


class Footprint(BoundingBox):
    """A building outline (MassGIS building structures); replaced wholesale on each import,
    as reference drawing rather than a record of the Board."""

    source_id = models.CharField(max_length=40, blank=True)
    parcel = models.ForeignKey(
        Parcel, on_delete=models.SET_NULL, null=True, blank=True, related_name="footprints"
    )
    geometry_wkt = models.TextField("outline (WKT, EPSG:26986)")

    objects = ParcelQuerySet.as_manager()

    def __str__(self) -> str:
        return f"Footprint {self.source_id or self.pk}"


class ParcelImport(models.Model):
    """One import of the parcel layer: what file, which tax year, what changed, and who."""

    source_name = models.CharField(max_length=200)
    fiscal_year = models.PositiveIntegerField(null=True, blank=True)
    source_crs = models.CharField(max_length=120, blank=True)
    parcels_added = models.PositiveIntegerField(default=0)
    parcels_updated = models.PositiveIntegerField(default=0)
    owners_changed = models.PositiveIntegerField(default=0)
    footprints = models.PositiveIntegerField(default=0)
    imported_at = models.DateTimeField(auto_now_add=True)
    imported_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, related_name="+"
    )
    history = HistoricalRecords()

    class Meta:
        ordering = ["-imported_at"]

    def __str__(self) -> str:
        return f"{self.source_name} (FY{self.fiscal_year})"


class AbutterDraft(models.Model):
    """The abutter list drafted from the parcel map (§20-14, Abutter), for the Assessor to
    certify. A new draft replaces none: each stays on record with the tax year it used."""

    application = models.ForeignKey(
        "permits.Application", on_delete=models.CASCADE, related_name="abutter_drafts"
    )
    parcel = models.ForeignKey(Parcel, on_delete=models.PROTECT, related_name="+")
    fiscal_year = models.PositiveIntegerField("tax list fiscal year", null=True, blank=True)
    reach_ft = models.PositiveIntegerField("abutters to abutters within (ft)")
    drafted_at = models.DateTimeField(auto_now_add=True)
    history = HistoricalRecords()

    class Meta:
        ordering = ["-drafted_at", "-id"]

    def __str__(self) -> str:
        return f"Draft abutter list for {self.application}"


class DraftAbutter(models.Model):
    """One owner on a drafted list, with the reason the parcel is on it."""

    class Reason(models.TextChoices):
        ABUTTING = "abutting", "(a) abutting land"
        OPPOSITE = "opposite", "(b) land opposite across a street or way"
        SECOND = "second", "(c) abutter to an abutter within the reach"

    draft = models.ForeignKey(AbutterDraft, on_delete=models.CASCADE, related_name="entries")
    parcel = models.ForeignKey(Parcel, on_delete=models.PROTECT, related_name="+")
    reason = models.CharField(max_length=10, choices=Reason.choices)
    map_par_id = models.CharField("map-block-lot", max_length=30, blank=True)
    site_address = models.CharField(max_length=200, blank=True)
    owner_name = models.CharField(max_length=200, blank=True)
    owner_street = models.CharField(max_length=200, blank=True)
    owner_city = models.CharField(max_length=80, blank=True)
    owner_state = models.CharField(max_length=2, blank=True)
    owner_zip = models.CharField(max_length=10, blank=True)
    history = HistoricalRecords()

    class Meta:
        ordering = ["draft", "reason", "site_address", "id"]

    def __str__(self) -> str:
        return f"{self.owner_name} ({self.get_reason_display()})"
