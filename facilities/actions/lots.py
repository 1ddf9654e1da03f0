"""Changes of state of a lot (§20-14, Lot: one lot per parcel): creating one or finding it at
its address, placing it on the parcel map, its parcel id given or linked, why it is off the
map, and merging a duplicate lot into the lot of its parcel with every record that names it."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction

from facilities.actions._common import _link
from facilities.addresses import lots_at_address, parcels_at_address
from facilities.models import (
    Lot,
    Parcel,
    parcel_id_validator,
)
from inspections.models import Complaint, Inspection, Order
from permits.models import Application, Permit
from stoneham_boh.lib.errors import ActionRefused
from stoneham_boh.lib.history import save_as


@transaction.atomic
def create_lot(*, by, **fields) -> Lot:
    """A lot new to the Board. One lot per parcel (§20-14, Lot): a parcel id or a street
    address already on file (however it is typed: "12 Main St", "12 MAIN STREET, Unit 2") is
    that lot's, and an application there joins it; the clerk merges true duplicates."""
    parcel_id = fields.get("parcel_id") or None
    if parcel_id and Lot.objects.filter(parcel_id=parcel_id).exists():
        raise ActionRefused(f"Parcel {parcel_id} is already on record.")
    on_file = lots_at_address(fields.get("street_address") or "")
    if on_file:
        raise ActionRefused(
            f"{on_file[0]} is on file at this address: choose that lot (one lot per parcel)."
        )
    return save_as(place_on_the_map(Lot(**{**fields, "parcel_id": parcel_id})), by)


def place_on_the_map(lot: Lot) -> Lot:
    """Link `lot` (not saved here) to the tax parcel of its map-block-lot, when the parcel map
    has it: a lot recorded, or its parcel id corrected, after the map was imported opens on its
    parcel, ready for its plan, instead of waiting for the next import to link it."""
    if not lot.parcel_id:
        return lot
    parcel = next((p for p in Parcel.objects.filter(map_par_id=lot.parcel_id) if p.has_owner), None)
    if parcel is not None:
        _link(lot, parcel)
    return lot


@transaction.atomic
def lot_at_address(*, street_address: str, by) -> Lot:
    """The lot at a street address, recorded now (without its parcel id) if none is on file.

    A complaint can concern any address in town (§20-22), including one where animals are kept
    without a permit and so no lot was ever recorded; the clerk adds the parcel id later.
    """
    address = " ".join(street_address.split())
    if not address:
        raise ActionRefused("Give the street address where the animals are kept.")
    existing = lots_at_address(address)
    return existing[0] if existing else create_lot(by=by, street_address=address)


@transaction.atomic
def link_lot_to_parcel(*, lot: Lot, parcel: Parcel, by) -> Lot:
    """Link a lot to its parcel on the map; the parcel's area stands where the clerk stated
    none (both are shown)."""
    if not parcel.has_owner:
        raise ActionRefused(f"{parcel} is a {parcel.get_poly_type_display().lower()}, not a lot.")
    taken = Lot.objects.current().filter(tax_parcel=parcel).exclude(pk=lot.pk).first()
    if taken is not None:
        # One lot per parcel: the same land recorded twice is merged, not linked twice.
        raise ActionRefused(
            f"{parcel} is already the parcel of {taken}: merge this lot into it instead."
        )
    _link(lot, parcel)
    return save_as(lot, by)


def parcel_id_refusals(lot: Lot, parcel_id: str) -> list[str]:
    """What is wrong with giving `lot` this parcel id, given or corrected: written as the
    Assessor's map writes it, and no other lot's (one lot per parcel, §20-14)."""
    reasons = []
    try:
        parcel_id_validator(parcel_id)
    except ValidationError as refusal:
        reasons.extend(refusal.messages)
    taken = Lot.objects.filter(parcel_id=parcel_id).exclude(pk=lot.pk).first()
    if taken is not None:
        reasons.append(
            f"Parcel {parcel_id} is already the lot {taken} (one lot per parcel): if they are "
            "the same land, merge this lot into it instead."
        )
    return reasons


@transaction.atomic
def give_parcel_id(*, lot: Lot, parcel_id: str, by) -> Lot:
    """Give a lot recorded without one (from a complaint, or an online application at an
    address not on file) its Assessor's map-block-lot, and so its parcel on the map when the
    map has it: the lot then opens on the map, ready for its plan. Kept in the lot's history.
    A parcel id already given is corrected, with its reason, by another step."""
    lot = Lot.objects.select_for_update().get(pk=lot.pk)
    parcel_id = "".join((parcel_id or "").split())
    reasons = []
    if lot.parcel_id:
        reasons.append(f"{lot} already has parcel id {lot.parcel_id}.")
    if lot.merged_into_id is not None:
        reasons.append(f"{lot} was merged into {lot.merged_into}.")
    if not parcel_id:
        reasons.append("Type the parcel id from the Assessor's map, e.g. 12-345-6.")
    else:
        reasons.extend(parcel_id_refusals(lot, parcel_id))
    if reasons:
        raise ActionRefused("The parcel id was not recorded.", reasons)
    lot.parcel_id = parcel_id
    if lot.tax_parcel_id is None:
        place_on_the_map(lot)
        taken = (
            Lot.objects.current().filter(tax_parcel=lot.tax_parcel).exclude(pk=lot.pk).first()
            if lot.tax_parcel_id
            else None
        )
        if taken is not None:  # one lot per parcel: the map's parcel is another lot's
            lot.tax_parcel, lot.parcel_area_acres = None, None
    return save_as(lot, by)


@transaction.atomic
def record_unmapped_reason(*, lot: Lot, reason: str, by) -> Lot:
    """The clerk says why a lot has no parcel on the imported map (a subdivision newer than
    the Assessor's layer, say): without it no permit issues on the lot, since a lot off the
    map is most often a second lot of a parcel on it (one lot per parcel)."""
    lot = Lot.objects.select_for_update().get(pk=lot.pk)
    reason = " ".join((reason or "").split())
    limit = Lot._meta.get_field("unmapped_reason").max_length
    reasons = []
    if lot.tax_parcel_id is not None:
        reasons.append(f"{lot} is on the parcel map: nothing to explain.")
    if lot.merged_into_id is not None:
        reasons.append(f"{lot} was merged into {lot.merged_into}.")
    if not reason:
        reasons.append("Say why the lot is not on the parcel map.")
    elif len(reason) > limit:
        reasons.append(f"Keep the reason to {limit} characters.")
    if lot.tax_parcel_id is None:
        # "Not found on the map" where the map has the address (typed without its suffix,
        # say) would let the typed acreage govern over the Assessor's (issue 33, finding 2).
        reasons += [
            f"The parcel map has {parcel.site_address} "
            f"(parcel {parcel.map_par_id or parcel.loc_id}) at this address: link the lot to "
            "it, or merge it into the lot on file there."
            for parcel in parcels_at_address(lot.street_address)
        ]
    if reasons:
        raise ActionRefused("The reason was not recorded.", reasons)
    lot.unmapped_reason = reason
    return save_as(lot, by)


def _typed_off_the_map(lot: Lot, mapped: Lot) -> bool:
    """`lot` is off the map under a parcel id the map does not know, at an address the map
    gives to `mapped`'s parcel ("204 Marble" typed with a wrong id beside the map's 204 MARBLE
    ST): the same land, its typed id the mistake (issue 33, finding 2)."""
    return (
        lot.tax_parcel_id is None
        and mapped.tax_parcel_id is not None
        and not Parcel.objects.filter(map_par_id=lot.parcel_id).exists()
        and any(p.pk == mapped.tax_parcel_id for p in parcels_at_address(lot.street_address))
    )


def parcels_conflict(one: Lot, other: Lot) -> list[str]:
    """Why two lots cannot be one: each names a different parcel (by its map-block-lot or
    its parcel on the map)."""
    reasons = []
    if (
        one.parcel_id
        and other.parcel_id
        and one.parcel_id != other.parcel_id
        and not _typed_off_the_map(one, other)
        and not _typed_off_the_map(other, one)
    ):
        reasons.append(
            f"{one} and {other} are different parcels ({one.parcel_id}, {other.parcel_id})."
        )
    elif one.tax_parcel_id and other.tax_parcel_id and one.tax_parcel_id != other.tax_parcel_id:
        reasons.append(f"{one} and {other} are linked to different parcels on the map.")
    return reasons


@transaction.atomic
def retire_merged_lot(*, duplicate: Lot, into: Lot, by) -> Lot:
    """The lot side of a merge (merge_lots moves the records): `into`
    takes the duplicate's parcel where it had none; the duplicate is kept, pointing at
    `into`, with its history. Called by the merge once it has moved the records."""
    reasons = parcels_conflict(duplicate, into)
    if duplicate.pk == into.pk or duplicate.merged_into_id or into.merged_into_id:
        reasons.append("Choose two different lots, neither merged already.")
    if reasons:
        raise ActionRefused("The lots were not merged.", reasons)
    if not into.parcel_id and duplicate.parcel_id:
        into.parcel_id = duplicate.parcel_id
        duplicate.parcel_id = None  # unique: freed before `into` takes it
    if into.tax_parcel_id is None and duplicate.tax_parcel_id is not None:
        _link(into, duplicate.tax_parcel)
    duplicate.merged_into = into
    save_as(duplicate, by)
    if into.area_acres is None and duplicate.area_acres is not None:
        into.area_acres = duplicate.area_acres
    place_on_the_map(into)
    return save_as(into, by)


@transaction.atomic
def merge_lots(*, duplicate: Lot, into: Lot, by) -> Lot:
    """One lot per parcel: move every record of `duplicate` (applications with their
    structures and plans, permits, complaints, inspections, orders) to `into`, each with a
    history row, and keep the duplicate on file pointing at `into`. Refused where the two
    name different parcels. The lot's own action, though most of what it moves is permits' and
    inspections'."""
    lots = {
        lot.pk: lot
        for lot in Lot.objects.select_for_update().filter(pk__in=[duplicate.pk, into.pk])
    }
    reasons = []
    if duplicate.pk == into.pk:
        reasons.append("Choose two different lots.")
    else:
        duplicate, into = lots[duplicate.pk], lots[into.pk]
        for lot in (duplicate, into):
            if lot.merged_into_id is not None:
                reasons.append(f"{lot} was already merged into {lot.merged_into}.")
        reasons += parcels_conflict(duplicate, into)
    if reasons:
        raise ActionRefused("The lots were not merged.", reasons)
    for model in (Application, Permit, Complaint, Inspection, Order):
        for record in model.objects.select_for_update().filter(lot=duplicate):
            record.lot = into
            save_as(record, by)
    return retire_merged_lot(duplicate=duplicate, into=into, by=by)
