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
    if Lot.objects.filter(parcel_id=fields.get("parcel_id")).exists():
        raise ActionRefused(f"Parcel {fields.get('parcel_id')} is already on record.")
    return save_as(Lot(**fields), by)


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
def void_abutter(*, abutter: Abutter, by) -> Abutter:
    """Strike an abutter from the list; the row stays for the record."""
    _require_open(abutter.abutter_list.application)
    abutter.voided = True
    return save_as(abutter, by)
