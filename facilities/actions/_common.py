"""What several lot actions share: linking a lot to its parcel on the map (its mapped area
refreshed), as the clerk, the parcel layer's import and the lot's placing on the map do."""

from __future__ import annotations

from facilities.models import (
    Lot,
    Parcel,
)


def _link(lot: Lot, parcel: Parcel) -> bool:
    """Point `lot` (not saved here) at `parcel`, whose area stands where the clerk stated none
    (both are shown); whether anything changed."""
    area = parcel.area_acres
    if lot.tax_parcel_id == parcel.pk and lot.parcel_area_acres == area:
        return False
    lot.tax_parcel, lot.parcel_area_acres = parcel, area
    return True
