"""The Assessor's parcel map: importing its layer, and linking the lots whose map-block-lot
matches a parcel."""

from __future__ import annotations

from pathlib import Path

from django.db import transaction

from facilities.actions._common import _link
from facilities.models import (
    Lot,
    Parcel,
    ParcelImport,
)
from facilities.parcels import layout, store
from stoneham_boh.lib.errors import ActionRefused
from stoneham_boh.lib.history import save_as


@transaction.atomic
def import_parcel_layer(*, path: str | Path, by, source_name: str = "") -> ParcelImport:
    """Read the Assessor's parcel layer (MassGIS standardized layout) and bring the parcel
    table up to it: new parcels added, changed owners updated with history. Lots whose
    map-block-lot matches a parcel are linked to it, and every linked lot's mapped area is
    refreshed. A layer older than the tax list on record is refused (§20-14: owners "as they
    appear on the most recent tax lists")."""
    try:
        layer = layout.read_layer(path)
        store.refuse_older_tax_list(layer)
    except layout.LayerError as error:
        raise ActionRefused("The parcel layer was not imported.", error.problems) from error
    counts = store.store_parcels(layer, by=by)
    _link_lots_by_map_id(by)
    return save_as(
        ParcelImport(
            source_name=(source_name or Path(path).name)[:200],
            fiscal_year=layer.fiscal_year,
            source_crs=layer.source_crs[:120],
            parcels_added=counts.added,
            parcels_updated=counts.updated,
            owners_changed=counts.owners_changed,
            footprints=counts.footprints,
            imported_by=by,
        ),
        by,
    )


def _link_lots_by_map_id(by) -> None:
    parcels = {
        p.map_par_id: p
        for p in Parcel.objects.exclude(map_par_id="").only(
            "id", "map_par_id", "lot_size_acres", "geometry_wkt"
        )
    }
    for lot in Lot.objects.all():
        parcel = parcels.get(lot.parcel_id) if lot.tax_parcel_id is None else None
        if parcel is None and lot.tax_parcel_id is not None:
            parcel = next((p for p in parcels.values() if p.pk == lot.tax_parcel_id), None)
        if parcel is not None and _link(lot, parcel):
            save_as(lot, by)
