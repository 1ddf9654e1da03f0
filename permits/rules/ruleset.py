"""The registry of rulesets and the choice of the one in force on a given day."""

from __future__ import annotations

from datetime import date

from .ruleset_2002 import STONEHAM_2002
from .ruleset_model import Figure, Husbandry, Interpretations, Ruleset, RuleSpec

__all__ = [
    "CATALOGUE",
    "RULESETS",
    "Figure",
    "Husbandry",
    "Interpretations",
    "RuleSpec",
    "Ruleset",
    "all_rule_ids",
    "ruleset_in_force",
]

#: Every ruleset, oldest first. A re-adoption is appended here with its effective date; the
#: Board's amendments of figures are records, applied by hearings/ruleset_in_force.py, which
#: passes the amended ruleset in (this module stays pure).
RULESETS: tuple[Ruleset, ...] = (STONEHAM_2002,)

#: The current catalogue of rule ids, in the contract's order.
CATALOGUE: tuple[str, ...] = RULESETS[-1].catalogue


def ruleset_in_force(on: date) -> Ruleset:
    """The ruleset whose effective date is the latest on or before ``on``.

    Before the first effective date (1 August 2002) the earliest ruleset is used: §20-20(8)
    grandfathering, not an older ruleset, is how earlier permits are treated.
    """
    chosen = RULESETS[0]
    for ruleset in RULESETS:
        if ruleset.effective <= on:
            chosen = ruleset
    return chosen


def all_rule_ids() -> frozenset[str]:
    """Rule ids known to any ruleset: what a variance or an enlargement may name."""
    return frozenset(rule for ruleset in RULESETS for rule in ruleset.rules)


def all_enlargeable_rule_ids() -> frozenset[str]:
    """Setback rule ids that any ruleset lets the Board enlarge."""
    return frozenset(
        rule for ruleset in RULESETS for rule in ruleset.interpretations.enlargeable_rules
    )
