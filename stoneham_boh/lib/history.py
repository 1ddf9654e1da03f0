"""Who made a change, and the history pages that show it, in people's words.

django-simple-history writes a row per save. In a request the history middleware knows the
user; actions called from commands, the demo loader or tests name the user explicitly
through `by=`, via `save_as`. `history_entries` turns history rows into what a page shows:
consecutive rows of one record compared, so it can say what changed, from what, to what,
and who changed it (templates/_partials/history.html renders the list). A record's page shows
an empty card (templates/_partials/history_card.html) that loads the list on demand from a
small history view per kind of record (`history_response`).

What a reader sees is what the forms show: a field's label (its verbose name), a value as
displayed (a choice's label, a day as the Town writes it, a moment on Stoneham's clock), never
the bookkeeping (keys, tokens, digests, time stamps of saving). One action saves many rows
(recording a checklist saves its 23 answers): the rows one person saved together are one
entry, its lead record's change in the headline, the rest counted ("23 checklist answers:
22 complies, 1 violation") and listed under it for whoever opens the details.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Callable, Iterable
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta
from decimal import Decimal
from itertools import pairwise

from django.contrib.auth import get_user_model
from django.db import models
from django.shortcuts import render

from stoneham_boh.lib.dates import long_date, moment, time_of_day

LIMIT = 300
# Bookkeeping that changes on every save and says nothing to a reader.
_SKIP = {"id", "created_at", "updated_at", "history_id"}
# Names of the fields that hold a secret or a machine's check: never shown.
_SECRET_WORDS = ("token", "digest", "hash", "checksum")
_ACTIONS = {"+": "Created", "~": "Changed", "-": "Removed"}
# Rows one person saved this close together belong to one action (an action is one
# transaction: its rows are milliseconds apart; two actions of one person, seconds at least).
ACTION_GAP = timedelta(seconds=2)


@functools.cache
def _historical_model(model):
    return model.history.model


def history_of(model):
    """All history rows of `model`, as `model.history.all()`, but cheap to ask for:
    simple-history builds a new manager class on every `model.history`, which costs more
    than the query when a page gathers the history of ten models."""
    return _historical_model(model)._default_manager.all()


# The moment the history rows are dated when a loader writes records of the past (the demo,
# the test builders): the day the story it tells has them made, so that a time typed on a
# later record (a posting, a letter) is not earlier than the records it speaks of. Unset,
# the rows carry the moment they are saved, as always; no view sets it.
_recorded_at: ContextVar[datetime | None] = ContextVar("history_recorded_at", default=None)


@contextmanager
def recorded_at(moment: datetime):
    """Date every history row `save_as` writes inside the block at `moment`."""
    token = _recorded_at.set(moment)
    try:
        yield
    finally:
        _recorded_at.reset(token)


def save_as(instance, by, **kwargs):
    """Save `instance` so that its history row names `by` as the author."""
    if by is not None:
        instance._history_user = by
    moment = _recorded_at.get()
    if moment is not None:
        instance._history_date = moment
    else:
        instance.__dict__.pop("_history_date", None)
    instance.save(**kwargs)
    return instance


@dataclass(frozen=True)
class Source:
    """One model's history rows on a page, and how a reader names them.

    `describe` names a row's record ("the inspection", "checklist answer §20-16(6)");
    `counted` is (one, many) when an action's rows of this source are counted in its entry
    ("checklist answer", "checklist answers"), `tally` what each is counted by (its result);
    `verbs` says an action in the record's words: by the history type ("+") or by the status a
    change sets ("completed": "Recorded").
    """

    records: object
    describe: Callable[[object], str]
    counted: tuple[str, str] | None = None
    tally: Callable[[object], str] | None = None
    verbs: dict[str, str] = field(default_factory=dict)
    # A tally's word for more than one ("violation": "violations"); the same word otherwise.
    plurals: dict[str, str] = field(default_factory=dict)


def _source(given) -> Source:
    return given if isinstance(given, Source) else Source(*given)


@dataclass
class Entry:
    when: datetime
    who: str
    action: str
    what: str
    changes: list[tuple[str, str, str]] = field(default_factory=list)
    # Set when the entry is an action of many rows: the count, and the rows themselves.
    summary: str = ""
    details: list[Entry] = field(default_factory=list)
    source: int = 0
    record: object = None
    row: int = 0  # the history row's id: of two rows saved in one instant, the later
    tally: str = ""

    @property
    def when_text(self) -> str:
        return moment(self.when)


def internal(model_field) -> bool:
    """A field of bookkeeping, not of the record: its key, a token, a digest, when saved."""
    name = model_field.name
    return (
        model_field.primary_key
        or name in _SKIP
        or any(word in name for word in _SECRET_WORDS)
        or isinstance(model_field, models.UUIDField)
        or getattr(model_field, "auto_now", False)
        or getattr(model_field, "auto_now_add", False)
        or (isinstance(model_field, models.JSONField) and not model_field.editable)
    )


@functools.cache
def _shown_fields(model) -> tuple:
    return tuple(f for f in model._meta.concrete_fields if not internal(f))


def _label(model_field) -> str:
    return str(model_field.verbose_name)


def _person(user) -> str:
    return (user.get_full_name() or user.get_username()) if user else "the system"


def _words(value) -> str:
    """A value as a page shows it."""
    if value is None or value == "" or value == [] or value == {}:
        return "—"
    if value is True:
        return "yes"
    if value is False:
        return "no"
    if isinstance(value, datetime):
        return moment(value)
    if isinstance(value, date):
        return long_date(value)
    if isinstance(value, time):
        return time_of_day(value)
    if isinstance(value, Decimal):
        return f"{value:,}"
    if isinstance(value, list | tuple):
        if all(isinstance(v, str | int | float | Decimal) for v in value):
            return ", ".join(_words(v) for v in value)
        return f"{len(value)} item{'s' if len(value) != 1 else ''}"
    if isinstance(value, dict):
        return f"{len(value)} item{'s' if len(value) != 1 else ''}"
    if hasattr(value, "get_full_name") and hasattr(value, "get_username"):
        return _person(value)
    return str(value)


def _display(record, model_field) -> str:
    name = model_field.name
    if isinstance(model_field, models.FileField):
        value = getattr(record, model_field.attname, None)
        return str(value).rsplit("/", 1)[-1] if value else "—"
    getter = getattr(record, f"get_{name}_display", None)
    if callable(getter):
        return _words(getter())
    try:
        value = getattr(record, name, None)
    except models.ObjectDoesNotExist:  # a related record since removed
        return "—"
    return _words(value)


def _changes(model, old, new) -> list[tuple[str, str, str]]:
    changes = []
    for model_field in _shown_fields(model):
        name = model_field.attname
        if getattr(old, name, None) == getattr(new, name, None):
            continue
        changes.append(
            (_label(model_field), _display(old, model_field), _display(new, model_field))
        )
    return changes


def _entry(record, source: Source, changes, index: int = 0) -> Entry:
    action = source.verbs.get(record.history_type) or _ACTIONS.get(
        record.history_type, record.history_type
    )
    status = getattr(record, "status", None)
    if record.history_type == "~" and status in source.verbs and _label_changed(changes, "status"):
        action = source.verbs[status]
    return Entry(
        when=record.history_date,
        who=_person(record.history_user),
        action=action,
        what=source.describe(record),
        changes=changes,
        source=index,
        record=record.id,
        row=record.history_id,
        tally=source.tally(record) if source.tally else "",
    )


def _label_changed(changes, name: str) -> bool:
    return any(label.lower() == name for label, _, _ in changes)


def history_entries(records: Iterable, describe, index: int = 0) -> list[Entry]:
    """Entries for one model's history rows (rows of many records, in any order);
    `describe` is a Source, or a function naming a row's record."""
    source = describe if isinstance(describe, Source) else Source(records, describe)
    by_object: dict[int, list] = {}
    for record in records:
        by_object.setdefault(record.id, []).append(record)
    entries = []
    for rows in by_object.values():
        rows.sort(key=lambda r: (r.history_date, r.history_id))
        model = rows[0].instance_type
        entries.append(_entry(rows[0], source, [], index))
        for old, new in pairwise(rows):
            changes = _changes(model, old, new)
            if changes or new.history_type != "~":
                entries.append(_entry(new, source, changes, index))
    return entries


def combined_history(sources: Iterable) -> list[Entry]:
    """The entries of several sources (Source, or (history queryset, describe)), newest
    first, one action's rows as one entry: the newest LIMIT rows of each source, one query a
    source, the LIMIT newest of them all."""
    sources = [_source(s) for s in sources]
    entries = []
    for index, source in enumerate(sources):
        newest = (
            source.records.select_related("history_user")
            .defer(*_unshown_user_fields())
            .order_by("-history_date", "-history_id")[:LIMIT]
        )
        entries.extend(history_entries(newest, source, index))
    entries.sort(key=lambda e: (e.when, e.row), reverse=True)
    return grouped(entries[:LIMIT], sources)


def grouped(entries: list[Entry], sources: list[Source]) -> list[Entry]:
    """`entries` (in time order, either way) with each action's rows made one entry."""
    result: list[Entry] = []
    run: list[Entry] = []
    for entry in entries:
        if run and (entry.who != run[-1].who or abs(entry.when - run[-1].when) > ACTION_GAP):
            result.append(_one_action(run, sources))
            run = []
        run.append(entry)
    if run:
        result.append(_one_action(run, sources))
    return result


def _one_action(run: list[Entry], sources: list[Source]) -> Entry:
    if len(run) == 1:
        return run[0]
    # The lead is the record the action is about: the page's first source it touched, as the
    # action left it (its last row).
    lead = min(run, key=lambda e: (e.source, -e.when.timestamp(), -e.row))
    rest = sorted((e for e in run if e is not lead), key=lambda e: (e.source, e.when, e.row))
    parts = []
    by_source: dict[int, list[Entry]] = {}
    for entry in rest:
        by_source.setdefault(entry.source, []).append(entry)
    for index, members in by_source.items():
        source = sources[index]
        if source.counted is None:
            if index != lead.source:  # the lead's own earlier rows are in the details
                parts.append(", ".join(dict.fromkeys(m.what for m in members)))
            continue
        one, many = source.counted
        # A record saved twice in the action is counted once, as the action left it.
        records = list({m.record: m for m in members}.values())
        part = f"{len(records)} {one if len(records) == 1 else many}"
        tallies = Counter(m.tally for m in records if m.tally)
        if tallies:
            part += " — " + ", ".join(
                f"{n} {source.plurals.get(word, word) if n > 1 else word}"
                for word, n in tallies.most_common()
            )
        parts.append(part)
    return Entry(
        when=max(e.when for e in run),
        who=lead.who,
        action=lead.action,
        what=lead.what,
        changes=lead.changes,
        summary="; ".join(parts),
        details=rest,
        source=lead.source,
        record=lead.record,
        row=lead.row,
    )


def _previous_versions(rows: list) -> dict[int, object]:
    """Each changed row's version before it (by history_id), for rows of one history model: one
    query for them all, where a query a row made a busy day's page cost a hundred or more."""
    changed = [row for row in rows if row.history_type == "~"]
    if not changed:
        return {}
    model = type(changed[0])
    # By the order saved, not by time: two saves in one instant are still one after the other.
    earlier = model._default_manager.filter(
        id__in={row.id for row in changed},
        history_id__lt=max(row.history_id for row in changed),
    ).order_by("id", "history_id")
    versions: dict[object, list] = {}
    for version in earlier:
        versions.setdefault(version.id, []).append(version)
    previous = {}
    for row in changed:
        before = [v for v in versions.get(row.id, ()) if v.history_id < row.history_id]
        if before:
            previous[row.history_id] = before[-1]
    return previous


def changes_between(
    sources: Iterable,
    start: datetime,
    end: datetime,
    user_id: int | None = None,
) -> list[Entry]:
    """Every change saved from `start` to `end` in the sources (Source, or (history
    queryset, describe)), oldest first, each compared with its record's version before
    (whenever that was saved), one action's rows as one entry; by `user_id` alone when
    given. At most LIMIT a source."""
    sources = [_source(s) for s in sources]
    entries = []
    for index, source in enumerate(sources):
        rows = source.records.filter(history_date__gte=start, history_date__lt=end)
        if user_id is not None:
            rows = rows.filter(history_user_id=user_id)
        rows = rows.select_related("history_user").defer(*_unshown_user_fields())
        rows = list(rows.order_by("history_date", "history_id")[:LIMIT])
        previous = _previous_versions(rows)
        for record in rows:
            before = previous.get(record.history_id)
            changes = _changes(record.instance_type, before, record) if before else []
            if changes or record.history_type != "~":
                entries.append(_entry(record, source, changes, index))
    entries.sort(key=lambda e: (e.when, e.row))
    return grouped(entries, sources)


def history_response(request, entries: list[Entry], *, title: str, back: str):
    """A record's history card asks for its entries through htmx when it scrolls into view,
    so the record's page does not pay for them; followed as a plain link (no JavaScript),
    the same address gives a page of its own."""
    if request.htmx:
        return render(request, "_partials/history.html", {"history": entries})
    return render(request, "history_page.html", {"history": entries, "title": title, "back": back})


@functools.cache
def _unshown_user_fields() -> tuple[str, ...]:
    """The user's fields a history entry does not show (it shows the name or user name)."""
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
    return combined_history([Source(records, describe or (lambda record: str(instance)))])
