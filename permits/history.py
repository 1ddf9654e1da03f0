"""The history of every change to an application and what hangs on it, newest first.

django-simple-history keeps a row per save; here consecutive rows of one record are
compared so the page can say what changed, from what, to what, and who changed it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from itertools import pairwise

LIMIT = 300
_SKIP = {"id", "created_at", "updated_at", "history_id", "verify_token"}
_ACTIONS = {"+": "Created", "~": "Changed", "-": "Removed"}


@dataclass
class Entry:
    when: datetime
    who: str
    action: str
    what: str
    changes: list[tuple[str, str, str]] = field(default_factory=list)


def _label(model, name: str) -> str:
    try:
        return str(model._meta.get_field(name).verbose_name)
    except Exception:  # noqa: BLE001 - a field since removed: show its name
        return name.replace("_", " ")


def _display(record, name: str) -> str:
    value = getattr(record, name, None)
    getter = getattr(record, f"get_{name}_display", None)
    if callable(getter):
        value = getter()
    if value is None or value == "":
        return "—"
    if value is True:
        return "yes"
    if value is False:
        return "no"
    return str(value)


def _entries(records, describe) -> list[Entry]:
    """Entries for one model's history rows (records of many objects, any order)."""
    by_object: dict[int, list] = {}
    for record in records:
        by_object.setdefault(record.id, []).append(record)
    entries = []
    for rows in by_object.values():
        rows.sort(key=lambda r: (r.history_date, r.history_id))
        model = rows[0].instance_type
        entries.append(_entry(rows[0], describe, []))
        for old, new in pairwise(rows):
            changes = []
            for model_field in model._meta.concrete_fields:
                name = model_field.attname
                if name in _SKIP or getattr(old, name, None) == getattr(new, name, None):
                    continue
                plain = model_field.name
                changes.append((_label(model, plain), _display(old, plain), _display(new, plain)))
            if changes or new.history_type != "~":
                entries.append(_entry(new, describe, changes))
    return entries


def _entry(record, describe, changes) -> Entry:
    user = record.history_user
    return Entry(
        when=record.history_date,
        who=(user.get_full_name() or user.get_username()) if user else "the system",
        action=_ACTIONS.get(record.history_type, record.history_type),
        what=describe(record),
        changes=changes,
    )


def application_history(application) -> list[Entry]:
    from facilities.models import Abutter, AbutterList, AnimalKept, Lot, Structure
    from permits.models import Application, Document, Payment, Permit, PermitAnimal

    sources = [
        (Application.history.filter(id=application.pk), lambda r: f"Application #{r.id}"),
        (Lot.history.filter(id=application.lot_id), lambda r: f"Lot {r.street_address}"),
        (
            Structure.history.filter(application_id=application.pk),
            lambda r: f"Structure {r.label}",
        ),
        (
            AnimalKept.history.filter(application_id=application.pk),
            lambda r: f"Animals: {r.get_species_display()}",
        ),
        (
            Document.history.filter(application_id=application.pk),
            lambda r: f"Document {r.original_name}",
        ),
        (Payment.history.filter(application_id=application.pk), lambda r: f"Payment ${r.amount}"),
        (AbutterList.history.filter(application_id=application.pk), lambda r: "Abutter list"),
        (
            Abutter.history.filter(abutter_list__application_id=application.pk),
            lambda r: f"Abutter {r.owner_names}",
        ),
        (Permit.history.filter(application_id=application.pk), lambda r: f"Permit {r.number}"),
        (
            PermitAnimal.history.filter(permit__application_id=application.pk),
            lambda r: f"Permit animals: {r.get_species_display()}",
        ),
    ]
    entries = []
    for records, describe in sources:
        entries.extend(_entries(records.select_related("history_user")[:LIMIT], describe))
    entries.sort(key=lambda e: e.when, reverse=True)
    return entries[:LIMIT]


def permit_history(permit) -> list[Entry]:
    from permits.models import Permit

    records = Permit.history.filter(id=permit.pk).select_related("history_user")
    entries = _entries(records, lambda r: f"Permit {r.number}")
    entries.sort(key=lambda e: e.when, reverse=True)
    return entries
