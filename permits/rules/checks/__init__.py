"""One check function per catalogue rule, registered under the rule's id.

Each check takes the evaluation :class:`~permits.rules.context.Context` and yields its findings;
a check that yields nothing means the rule does not apply to this application (the engine then
reports it ``not_applicable``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from ..context import Context
from ..findings import Finding
from . import general, horses, manure, pigeons, process, setbacks

Check = Callable[[Context], Iterable[Finding]]

#: rule id -> check, in the contract's catalogue order.
CHECKS: dict[str, Check] = {
    "20-15.4.a": setbacks.abutting_property_line,
    "20-15.4.b": setbacks.wetland_or_watercourse,
    "20-15.4.d": setbacks.drinking_water_well,
    "20-15.4.e": setbacks.sewage_disposal_area,
    "20-15.4.f": setbacks.public_way,
    "20-15.7": general.secure_fencing,
    "20-15.9": general.potable_water,
    "20-15.10": general.wild_animals,
    "20-15.11": general.roosters,
    "20-16.2": setbacks.manure_storage_from_dwellings,
    "20-16.3.a": manure.no_stockpiling,
    "20-16.3.b": manure.burial_pits,
    "20-16.3.e": manure.composting,
    "20-17.1": horses.number_and_lot_size,
    "20-17.2": horses.site_conditions,
    "20-17.3": horses.corral,
    "20-17.4": horses.stable_size,
    "20-17.4.b": horses.stable_ventilation,
    "20-18.3": pigeons.loft_floor_space,
    "20-19": process.vermin_control,
    "20-20.1": process.application_documents,
    "20-20.2": process.construction_approval,
    "20-20.9": process.public_hearing,
}
