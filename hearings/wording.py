"""How hearings name things in print: the animals asked for and the relief sought.

The legal notice, the abutter letters, the agenda and the written decision all say these the
same way, so an abutter reads in the letter exactly what the newspaper printed.
"""

from __future__ import annotations

from dataclasses import dataclass

from facilities.choices import Species
from permits import rules

# Nouns whose plural is not the singular plus "s".
_PLURALS = {
    "goose": "geese",
    "sheep": "sheep",
    "quail": "quail",
    "guinea fowl": "guinea fowl",
    "wild animal": "wild animals",
}


def _noun(species: str) -> str:
    """The species' everyday name: "Chicken (hen)" -> "chicken"."""
    label = Species(species).label if species in Species.values else species.replace("_", " ")
    return label.split(" (")[0].lower()


def animal_phrase(species: str, count: int, name: str = "") -> str:
    """``6 chickens``, ``1 goat``, ``2 sheep``; ``2 guinea pigs`` for a named animal."""
    noun = name.strip().lower() if name else _noun(species)
    if count != 1:
        noun = _PLURALS.get(noun, noun + "s")
    return f"{count} {noun}"


def animals_phrase(animals) -> str:
    """Every species asked for, in one phrase: ``3 goats and 2 sheep``."""
    parts = [
        animal_phrase(a.species, a.count, getattr(a, "name", "")) for a in animals if a.count > 0
    ]
    if not parts:
        return "no animals"
    if len(parts) == 1:
        return parts[0]
    return f"{', '.join(parts[:-1])} and {parts[-1]}"


@dataclass(frozen=True)
class Relief:
    """One rule the applicant asks the Board to vary, as printed."""

    rule: str
    citation: str
    title: str
    summary: str

    def __str__(self) -> str:
        return f"{self.citation} ({self.title.lower()})"


def _current_rules():
    return rules.RULESETS[-1].rules


def relief(rule: str) -> Relief:
    spec = _current_rules().get(rule)
    if spec is None:
        return Relief(rule, rule, "unknown rule", "")
    return Relief(rule, spec.citation, spec.title, spec.summary)


def reliefs(rule_ids) -> list[Relief]:
    return [relief(rule) for rule in rule_ids or ()]


def reliefs_phrase(rule_ids) -> str:
    """``a variance of §20-15(4)(a) (setback from the property line)``, or empty."""
    items = [str(r) for r in reliefs(rule_ids)]
    if not items:
        return ""
    listed = items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"
    return f"a variance of {listed}"


def variable_rules() -> list[Relief]:
    """The rules a variance may cover: every catalogue rule but those the ruleset keeps.

    §20-20(9) cannot be varied: the variance request is itself what the hearing is for.
    """
    unwaivable = rules.RULESETS[-1].interpretations.unwaivable_rules
    return [relief(rule) for rule in _current_rules() if rule not in unwaivable]


def variable_rule_ids() -> frozenset[str]:
    return frozenset(r.rule for r in variable_rules())
