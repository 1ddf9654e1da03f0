"""Changes of state of lots and abutter lists. Views and the demo loader call these only."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date

from django.db import transaction

from facilities.models import Abutter, AbutterList, Lot
from stoneham_boh.lib.errors import ActionRefused
from stoneham_boh.lib.history import save_as


@transaction.atomic
def create_lot(*, by, **fields) -> Lot:
    parcel_id = fields.get("parcel_id") or None
    if parcel_id and Lot.objects.filter(parcel_id=parcel_id).exists():
        raise ActionRefused(f"Parcel {parcel_id} is already on record.")
    return save_as(Lot(**{**fields, "parcel_id": parcel_id}), by)


@transaction.atomic
def lot_at_address(*, street_address: str, by) -> Lot:
    """The lot at a street address, recorded now (without its parcel id) if none is on file.

    A complaint can concern any address in town (§20-22), including one where animals are kept
    without a permit and so no lot was ever recorded; the clerk adds the parcel id later.
    """
    address = " ".join(street_address.split())
    if not address:
        raise ActionRefused("Give the street address where the animals are kept.")
    existing = Lot.objects.filter(street_address__iexact=address).order_by("pk").first()
    return existing or create_lot(by=by, street_address=address)


def _abutter_list(application, by) -> AbutterList:
    existing = AbutterList.objects.filter(application=application).first()
    return existing or save_as(AbutterList(application=application), by)


def _require_open(application) -> None:
    if not application.is_editable:
        raise ActionRefused(
            "The abutter list of an application that has been decided cannot be changed."
        )


@transaction.atomic
def certify_abutter_list(*, application, certified_on: date | None, by) -> AbutterList:
    """Record the day the Town Assessor certified the list (§20-14, Abutter)."""
    _require_open(application)
    abutter_list = _abutter_list(application, by)
    abutter_list.certified_on = certified_on
    return save_as(abutter_list, by)


@transaction.atomic
def add_abutter(*, application, by, **fields) -> Abutter:
    _require_open(application)
    return save_as(Abutter(abutter_list=_abutter_list(application, by), **fields), by)


@transaction.atomic
def import_abutters(
    *, application, rows: Iterable[dict], certified_on: date, source_name: str, by
) -> AbutterList:
    """Add the rows of the Assessor's certified list and record its certification date.

    Rows already on the list (same owner at the same parcel) are not added twice, so an
    import sent again changes nothing.
    """
    _require_open(application)
    abutter_list = _abutter_list(application, by)
    abutter_list.certified_on = certified_on
    abutter_list.source_name = source_name[:200]
    save_as(abutter_list, by)
    present = {
        (a.owner_names.casefold(), a.parcel_id) for a in abutter_list.abutters.filter(voided=False)
    }
    for row in rows:
        key = (row["owner_names"].casefold(), row.get("parcel_id", ""))
        if key in present:
            continue
        present.add(key)
        save_as(Abutter(abutter_list=abutter_list, **row), by)
    return abutter_list


@transaction.atomic
def void_abutter(*, abutter: Abutter, reason: str, by) -> Abutter:
    """Strike an abutter from the list, saying why; the row and its history stay on record.

    Struck abutters need no notice of the hearing (§20-20(9)), so the reason is what answers
    anyone who asks why a neighbour was not written to.
    """
    abutter = Abutter.objects.select_for_update().select_related("abutter_list").get(pk=abutter.pk)
    _require_open(abutter.abutter_list.application)
    reason = (reason or "").strip()
    limit = Abutter._meta.get_field("void_reason").max_length
    if abutter.voided:
        raise ActionRefused(f"{abutter.owner_names} was already struck from the list.")
    if not reason:
        raise ActionRefused(
            f"Say why {abutter.owner_names} is struck from the certified list "
            "(for example: sold the parcel, listed twice)."
        )
    if len(reason) > limit:
        raise ActionRefused(f"Keep the reason to {limit} characters.")
    abutter.voided = True
    abutter.void_reason = reason
    return save_as(abutter, by)
