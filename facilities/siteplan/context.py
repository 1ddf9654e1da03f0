"""The parcel map around a lot, loaded for measuring its plan."""

from __future__ import annotations

from facilities.parcels.geometry import metres
from facilities.parcels.models import Footprint, Parcel
from facilities.siteplan.distances import PlanContext

MAP_FIELDS = (
    "id",
    "geometry_wkt",
    "poly_type",
    "map_par_id",
    "site_address",
    "loc_id",
    "min_x",
    "min_y",
    "max_x",
    "max_y",
)


def nearby(parcel: Parcel, beyond_ft: float):
    """The parcels and footprints within reach of `parcel` (bounding boxes: one query each)."""
    bounds = (parcel.min_x, parcel.min_y, parcel.max_x, parcel.max_y)
    margin = metres(beyond_ft) + 10
    parcels = [
        p for p in Parcel.objects.near(bounds, margin).only(*MAP_FIELDS) if p.pk != parcel.pk
    ]
    footprints = list(
        Footprint.objects.near(bounds, margin).only("id", "geometry_wkt", "parcel_id")
    )
    return parcels, footprints


def plan_context(parcel: Parcel, beyond_ft: float, near=None) -> PlanContext:
    """The map around `parcel`; `near` is what `nearby(parcel, beyond_ft)` returned, when the
    caller already loaded it (the drawing does, to draw the neighbours)."""
    parcels, footprints = near if near is not None else nearby(parcel, beyond_ft)
    lot = parcel.shape
    others = [
        f.shape
        for f in footprints
        if f.parcel_id != parcel.pk and not lot.contains(f.shape.representative_point())
    ]
    return PlanContext(
        lot=lot,
        public_ways=[p.shape for p in parcels if p.is_public_way],
        private_ways=[p.shape for p in parcels if p.poly_type == Parcel.Kind.PRIV_ROW],
        neighbours=[p.shape for p in parcels if p.has_owner],
        other_buildings=others,
        beyond_ft=beyond_ft,
    )
