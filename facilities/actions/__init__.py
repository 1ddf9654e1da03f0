"""Changes of state of lots, the parcel map, abutter lists and site plans. Views and the demo
loader call these only.

Each noun has its own module (lots, parcel_map, abutters, site_plans), and that module is the
action's home: import from it in new code (`from facilities.actions.lots import merge_lots`).
This package re-exports every public name, so that `from facilities import actions` and
`actions.create_lot(...)` keep working. Helpers the nouns share are in `_common.py`.
"""

from __future__ import annotations

from facilities.actions.abutters import (
    add_abutter,
    certify_abutter_list,
    draft_abutter_list,
    import_abutters,
    void_abutter,
)
from facilities.actions.lots import (
    create_lot,
    give_parcel_id,
    link_lot_to_parcel,
    lot_at_address,
    merge_lots,
    parcel_id_refusals,
    parcels_conflict,
    place_on_the_map,
    record_unmapped_reason,
    retire_merged_lot,
)
from facilities.actions.parcel_map import import_parcel_layer
from facilities.actions.site_plans import file_plan_of_record, measure_shapes, save_site_plan

__all__ = [
    "add_abutter",
    "certify_abutter_list",
    "create_lot",
    "draft_abutter_list",
    "file_plan_of_record",
    "give_parcel_id",
    "import_abutters",
    "import_parcel_layer",
    "link_lot_to_parcel",
    "lot_at_address",
    "measure_shapes",
    "merge_lots",
    "parcel_id_refusals",
    "parcels_conflict",
    "place_on_the_map",
    "record_unmapped_reason",
    "retire_merged_lot",
    "save_site_plan",
    "void_abutter",
]
