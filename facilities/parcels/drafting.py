"""The abutter list drafted for an application, from the parcels on record, and its
comparison with the list the Assessor certified."""

from __future__ import annotations

from dataclasses import dataclass, field

from facilities.parcels.abutters import MapParcel, draft_abutters, margin_m
from facilities.parcels.models import Parcel

MAP_FIELDS = ("id", "geometry_wkt", "poly_type", "min_x", "min_y", "max_x", "max_y")


def _map_parcel(parcel: Parcel) -> MapParcel:
    return MapParcel(
        key=parcel.pk, geometry=parcel.shape, is_way=parcel.is_way, has_owner=parcel.has_owner
    )


def abutters_of(parcel: Parcel, reach_ft: float) -> list[tuple[Parcel, str]]:
    """Each abutter's parcel (owner fields loaded) with its kind, in address order."""
    bounds = (parcel.min_x, parcel.min_y, parcel.max_x, parcel.max_y)
    nearby = list(Parcel.objects.near(bounds, margin_m(reach_ft)).only(*MAP_FIELDS))
    found = draft_abutters(_map_parcel(parcel), [_map_parcel(p) for p in nearby], reach_ft)
    owners = Parcel.objects.in_bulk(found.keys())
    rows = [(owners[key], reason) for key, reason in found.items()]
    order = {"abutting": 0, "opposite": 1, "second": 2}
    return sorted(rows, key=lambda row: (order[row[1]], row[0].site_address, row[0].loc_id))


def _key(map_par_id: str, owner: str) -> str:
    return map_par_id.strip().upper() if map_par_id.strip() else owner.strip().casefold()


@dataclass
class Differences:
    """Both ways: drafted but not certified, and certified but not drafted."""

    only_in_draft: list = field(default_factory=list)
    only_in_certified: list = field(default_factory=list)

    @property
    def agree(self) -> bool:
        return not self.only_in_draft and not self.only_in_certified


def compare(draft, abutter_list) -> Differences:
    """Match by map-block-lot where both give one, else by owner name."""
    drafted = {_key(e.map_par_id, e.owner_name): e for e in draft.entries.all()}
    certified = {
        _key(a.parcel_id, a.owner_names): a for a in abutter_list.abutters.all() if not a.voided
    }
    return Differences(
        only_in_draft=[e for k, e in drafted.items() if k not in certified],
        only_in_certified=[a for k, a in certified.items() if k not in drafted],
    )
