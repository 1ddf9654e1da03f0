"""Writing a read layer into the parcel table: new parcels added, changed ones updated, each
with a history row, so the owner a notice went to in an earlier year stays on record."""

from __future__ import annotations

from dataclasses import dataclass

from shapely.strtree import STRtree
from simple_history.utils import bulk_create_with_history, bulk_update_with_history

from facilities.parcels.geometry import bbox_fields, to_wkt
from facilities.parcels.layout import Layer, LayerError, ParcelRow
from facilities.parcels.models import Footprint, Parcel
from stoneham_boh.lib.address_lookup import LOOKUP_FIELDS
from stoneham_boh.lib.addresses import lookup_words

OWNER_FIELDS = ("owner_name", "owner_street", "owner_city", "owner_state", "owner_zip")
RECORD_FIELDS = (
    "map_par_id",
    "poly_type",
    "site_address",
    *OWNER_FIELDS,
    "lot_size_acres",
    "use_code",
    "fiscal_year",
)
BATCH = 1000


@dataclass
class Counts:
    added: int = 0
    updated: int = 0
    owners_changed: int = 0
    footprints: int = 0


def _values(row: ParcelRow) -> dict:
    values = {name: getattr(row, name) for name in RECORD_FIELDS}
    values["geometry_wkt"] = to_wkt(row.geometry)
    values.update(bbox_fields(row.geometry))
    # Written in bulk, where save() is not called: the address's look-up words here.
    values.update(zip(LOOKUP_FIELDS, lookup_words(row.site_address), strict=True))
    return values


def refuse_older_tax_list(layer: Layer) -> None:
    """A layer from an older tax year than the one on record would put past owners back."""
    on_record = Parcel.objects.exclude(fiscal_year=None).order_by("-fiscal_year").first()
    year = layer.fiscal_year
    if on_record and year and year < on_record.fiscal_year:
        raise LayerError(
            [
                f"field FY: this layer is the FY{year} tax list; the parcels on record "
                f"already come from FY{on_record.fiscal_year}. Import the most recent tax "
                f"list (§20-14, Abutter)."
            ]
        )


def store_parcels(layer: Layer, *, by) -> Counts:
    counts = Counts()
    existing = {p.loc_id: p for p in Parcel.objects.all()}
    new, changed = [], []
    for row in layer.parcels:
        values = _values(row)
        parcel = existing.get(row.loc_id)
        if parcel is None:
            new.append(Parcel(loc_id=row.loc_id, **values))
            continue
        differs = [name for name, value in values.items() if getattr(parcel, name) != value]
        if not differs:
            continue
        if any(name in OWNER_FIELDS for name in differs):
            counts.owners_changed += 1
        for name, value in values.items():
            setattr(parcel, name, value)
        changed.append(parcel)
    bulk_create_with_history(new, Parcel, batch_size=BATCH, default_user=by)
    if changed:
        fields = [
            *RECORD_FIELDS,
            *LOOKUP_FIELDS,
            "geometry_wkt",
            "min_x",
            "min_y",
            "max_x",
            "max_y",
            "tile",
        ]
        # Small batches: bulk_update writes one CASE per field per batch, slow when wide.
        bulk_update_with_history(changed, Parcel, fields, batch_size=200, default_user=by)
    counts.added, counts.updated = len(new), len(changed)
    if layer.footprints:
        counts.footprints = _replace_footprints(layer)
    return counts


def _replace_footprints(layer: Layer) -> int:
    parcels = list(Parcel.objects.only("id", "geometry_wkt", "poly_type"))
    taxed = [p for p in parcels if p.has_owner]
    tree = STRtree([p.shape for p in taxed])
    rows = []
    for source_id, geometry in layer.footprints:
        point = geometry.representative_point()
        hits = [taxed[i] for i in tree.query(point, predicate="intersects")]
        rows.append(
            Footprint(
                source_id=source_id,
                parcel=hits[0] if hits else None,
                geometry_wkt=to_wkt(geometry),
                **bbox_fields(geometry),
            )
        )
    Footprint.objects.all().delete()
    Footprint.objects.bulk_create(rows, batch_size=BATCH)
    return len(rows)
