"""Who made a change, and the history pages that show it.

django-simple-history writes a row per save. In a request the history middleware knows the
user; actions called from commands, the demo loader or tests name the user explicitly
through `by=`, via `save_as`. `history_entries` turns history rows into what a page shows:
consecutive rows of one record compared, so it can say what changed, from what, to what,
and who changed it (templates/_partials/history.html renders the list).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import datetime
from itertools import pairwise

LIMIT = 300
# Bookkeeping that changes on every save and says nothing to a reader.
_SKIP = {"id", "created_at", "updated_at", "history_id", "verify_token", "submission_token"}
_ACTIONS = {"+": "Created", "~": "Changed", "-": "Removed"}


@functools.cache
def _historical_model(model):
    return model.history.model


def history_of(model):
    """All history rows of `model`, as `model.history.all()`, but cheap to ask for:
    simple-history builds a new manager class on every `model.history`, which costs more
    than the query when a page gathers the history of ten models."""
    return _historical_model(model)._default_manager.all()


def save_as(instance, by, **kwargs):
    """Save `instance` so that its history row names `by` as the author."""
    if by is not None:
        instance._history_user = by
    instance.save(**kwargs)
    return instance


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


def _entry(record, describe, changes) -> Entry:
    user = record.history_user
    return Entry(
        when=record.history_date,
        who=(user.get_full_name() or user.get_username()) if user else "the system",
        action=_ACTIONS.get(record.history_type, record.history_type),
        what=describe(record),
        changes=changes,
    )


def history_entries(records: Iterable, describe: Callable[[object], str]) -> list[Entry]:
    """Entries for one model's history rows (rows of many records, in any order)."""
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


def combined_history(sources: Iterable[tuple[object, Callable[[object], str]]]) -> list[Entry]:
    """The entries of several (history queryset, describe) sources, newest first.

    The newest LIMIT history rows of all the sources come in one query (query_bundle), so a
    record's page costs the same however many kinds of record its history spans.
    """
    from stoneham_boh.lib.query_bundle import fetch_together

    sources = list(sources)
    fetched = fetch_together(
        [
            records.select_related("history_user").defer(*_unshown_user_fields())
            for records, _ in sources
        ],
        order_by="-history_date",
        limit=LIMIT,
    )
    entries = []
    for (_, describe), records in zip(sources, fetched, strict=True):
        entries.extend(history_entries(records, describe))
    entries.sort(key=lambda e: e.when, reverse=True)
    return entries[:LIMIT]


@functools.cache
def _unshown_user_fields() -> tuple[str, ...]:
    """The user's fields a history entry does not show (it shows the name or user name)."""
    from django.contrib.auth import get_user_model

    user = get_user_model()
    shown = {user._meta.pk.name, user.USERNAME_FIELD, "first_name", "last_name"}
    return tuple(
        f"history_user__{field.name}"
        for field in user._meta.concrete_fields
        if field.name not in shown
    )


def history_rows(instance, describe: Callable[[object], str] | None = None) -> list[Entry]:
    """Who changed `instance`, when, and what, newest first."""
    records = history_of(type(instance)).filter(id=instance.pk)
    return combined_history([(records, describe or (lambda record: str(instance)))])
