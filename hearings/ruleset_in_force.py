"""The ruleset in force on a day: the adopted ruleset with the Board's amendments in force then.

Every screen, PDF, action and audit asks ``ruleset_on(day)`` (or ``check``/``evaluate`` here)
instead of ``rules.ruleset_in_force``; the rules module is handed the result and stays pure.

It lives with the Board's record, not beside the amendments' forms (permits/amendments/): an
amendment binds only as the Board's carried and undisputed vote (hearings.motions), and the
Board's own clocks (hearings.clocks, the notice a hearing needs) read the ruleset it yields.
So the dependency runs one way: permits (and inspections, facilities) read the ruleset here; it
reads of permits only the pure rules and the amendments' records, never permits' actions or
loaders, and no import circle joins the two apps (issue 35). An amendment recorded or voided
(permits.amendments.actions) and a vote on one disputed or settled (hearings.actions.votes)
both call ``reread_amendments`` here.

The amendments are read once per process and kept until the town's ``amendments_version``
changes (each record or void, each dispute or settlement of the vote, changes it through
``reread_amendments``): in a request the town is read anyway, so the check costs nothing, and
each process sees another's amendment on its next request.
"""

from __future__ import annotations

import threading
import uuid
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import date
from decimal import Decimal

from hearings import motions
from permits import rules
from permits.amendments.models import Amendment
from permits.rules.ruleset_model import Figure, Ruleset, frozen_mapping
from permits.rules.wording import quantity
from stoneham_boh.lib.dates import long_date
from stoneham_boh.town.current import current_town
from stoneham_boh.town.models import Town


@dataclass(frozen=True)
class Change:
    """One amendment as the ruleset builder needs it."""

    id: int
    rule: str
    figure: str
    value: int | float
    citation: str
    effective_on: date
    published_on: date

    @property
    def in_force_from(self) -> date:
        return max(self.effective_on, self.published_on)


def _number(value: Decimal) -> int | float:
    return int(value) if value == value.to_integral_value() else float(value)


_lock = threading.Lock()
_state: dict = {"key": object(), "changes": (), "built": {}}


def _changes() -> tuple[Change, ...]:
    town = current_town()
    key = (town.pk, town.amendments_version)
    if _state["key"] == key:
        return _state["changes"]
    rows = (
        Amendment.objects.filter(
            town_id=town.pk, voided_on__isnull=True, published_on__isnull=False
        ).order_by("effective_on", "id")
        if town.pk
        else []
    )
    changes = tuple(
        Change(a.pk, a.rule, a.figure, _number(a.value), a.citation, a.effective_on, a.published_on)
        for a in rows
        if voted(a)
    )
    with _lock:
        _state.update(key=key, changes=changes, built={})
    return changes


def voted(amendment: Amendment) -> bool:
    """An amendment binds only as the Board's vote: its members' own votes on the roll
    (hearings.actions.votes), carried, and no unsettled dispute that could change the result
    (hearings.motions). A figure typed without them, as before issue 33 finding 3, is none."""
    return (
        bool(motions.roll_of(amendment))
        and motions.carried(amendment)
        and not motions.in_doubt(amendment)
    )


def forget() -> None:
    """After an amendment is recorded or voided in this process (the others see the version)."""
    with _lock:
        _state.update(key=object(), changes=(), built={})


def reread_amendments(town) -> None:
    """An amendment recorded or voided (permits.amendments.actions), or a member disputed the
    vote on one or the Board settled it (hearings.actions.votes): whether it is in force may
    have changed, so every process rebuilds its amended rulesets on its next request."""
    Town.objects.filter(pk=town.pk).update(amendments_version=uuid.uuid4())
    forget()


def amended(base: Ruleset, changes: tuple[Change, ...]) -> Ruleset:
    """``base`` with each change's figure (and citation) replaced, in the order they took
    effect; its id names the amendments, so a result says which ruleset decided it."""
    if not changes:
        return base
    specs = dict(base.rules)
    for change in changes:
        spec = specs[change.rule]
        old = spec.figures[change.figure]
        figures = dict(spec.figures)
        figures[change.figure] = Figure(change.value, old.unit, old.label)
        specs[change.rule] = replace(
            spec,
            figures=frozen_mapping(figures),
            citation=change.citation or spec.citation,
            summary=_amended_summary(spec.title, figures, change),
        )
    suffix = "+".join(str(change.id) for change in changes)
    return replace(base, id=f"{base.id}+amendments-{suffix}", rules=frozen_mapping(specs))


def _amended_summary(title: str, figures: dict[str, Figure], change: Change) -> str:
    """The adopted summary states the old figures; an amended rule states its figures instead."""
    listed = "; ".join(
        f"{figure.label}: {quantity(figure.value, figure.unit)}" for figure in figures.values()
    )
    return (
        f"{title}, as amended by the Board in force from "
        f"{long_date(change.in_force_from)}: {listed}."
    )


def ruleset_on(day: date, known: Callable[[Change], bool] | None = None) -> Ruleset:
    """The ruleset in force on ``day``: the adopted one, with the amendments in force then
    (only those `known` accepts, when given: the audit's amendments on record at a moment)."""
    base = rules.ruleset_in_force(day)
    changes = tuple(
        change
        for change in _changes()
        if change.in_force_from <= day
        and change.rule in base.rules
        and change.figure in base.rules[change.rule].figures
        and change.in_force_from >= base.effective
        and (known is None or known(change))
    )
    key = (base.id, tuple(change.id for change in changes))
    built = _state["built"]
    ruleset = built.get(key)
    if ruleset is None:
        ruleset = amended(base, changes)
        built[key] = ruleset
    return ruleset


def amendments_in_force(day: date) -> tuple[Change, ...]:
    """The changes the ruleset of ``day`` carries (what a screen lists beside the rules)."""
    base = rules.ruleset_in_force(day)
    return tuple(
        change
        for change in _changes()
        if change.in_force_from <= day and change.in_force_from >= base.effective
    )


def check(obj: object) -> dict:
    """``rules.check`` on the ruleset in force on the facts' own date."""
    return rules.check(obj, ruleset_for=ruleset_on)


def evaluate(facts: rules.Facts) -> rules.Result:
    return rules.evaluate(facts, ruleset_on(facts.application.date))
