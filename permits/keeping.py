"""A keeping as the rules see it, and the one comparison of two (permits.rules.compare).

Three comparisons rest on this. What the abutters' letters and the legal notice described (the
facts as they stood when each went out, §20-20(9)) against what the Board is asked to decide;
a renewal against the permit it renews (§20-20(3): a renewal that asks for more is a new
application, §20-20(9)); and §20-20(8)'s "conditions ... have not changed".

Each side is the rules contract's facts object built by the one adapter
(permits.facts_from_records), so the distances compared are those the rules use: measured on
the plan where one is drawn. A snapshot is that facts object, plain JSON, kept on the record as
it was; the comparison reads the whole keeping in it (animals by name, structures with every
fact, manure, fencing, vermin control, the lot), never a hand-picked part.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date

from permits import rules
from permits.facts_from_records import (
    board_approvals_for,
    facts_from_parts,
    setback_enlargements_for,
)
from permits.facts_loading import loaded_rows
from permits.rules.compare import differences


@dataclass
class Changes:
    """What changed between two keepings, in words a clerk and the Board read."""

    enlargements: list[str] = field(default_factory=list)
    reductions: list[str] = field(default_factory=list)

    @property
    def unchanged(self) -> bool:
        return not self.enlargements and not self.reductions


def keeping_facts(
    application,
    on: date | None,
    *,
    animals=None,
    structures=None,
    lot=None,
    equines_under_other_permits: int | None = None,
) -> dict:
    """The facts of `application`'s keeping on `on`, as the rules read them (a snapshot):
    its own animals and structures unless others are given (a permit's animals, a form's).
    `on` None: as it stands, with everything the Board granted so far."""
    return facts_from_parts(
        application=application,
        lot=lot if lot is not None else application.lot,
        animals=loaded_rows(application, "animals") if animals is None else animals,
        structures=loaded_rows(application, "structures") if structures is None else structures,
        setback_enlargements=setback_enlargements_for(application, on),
        approvals=board_approvals_for(application, on),
        as_of=on,
        equines_under_other_permits=equines_under_other_permits,
        keeping_only=True,
    )


def _parsed(facts: dict):
    try:
        return rules.parse_facts(facts)
    except rules.FactsError:
        return None


def compare(before: dict, after: dict) -> Changes:
    """How the keeping `after` differs from `before` (two facts objects)."""
    old, new = _parsed(before), _parsed(after)
    if old is None or new is None:
        # A snapshot the rules cannot read covers nothing: say so rather than guess.
        return Changes(enlargements=["the facts noticed or permitted cannot be read"])
    changes = Changes()
    for change in differences(old, new):
        (changes.enlargements if change.enlarges else changes.reductions).append(change.message)
    return changes


def compare_all(snapshots, after: dict) -> Changes:
    """`after` against every snapshot (each letter's, the legal notice's): the enlargements
    over any of them, and the other changes."""
    changes = Changes()
    for snapshot in snapshots:
        found = compare(snapshot, after)
        changes.enlargements += [e for e in found.enlargements if e not in changes.enlargements]
        changes.reductions += [r for r in found.reductions if r not in changes.reductions]
    return changes
