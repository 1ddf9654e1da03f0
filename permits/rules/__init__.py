"""The rules of the Stoneham Board of Health's Keeping of Animals regulation, in pure Python.

Facts in (``permits/rules/CONTRACT.md``), findings out. Nothing here imports Django: the web
screens, the issue/renew workflow, the public pre-check and ``manage.py check_rules`` all call
:func:`evaluate` (or :func:`check` for JSON) through the one adapter.
"""

from __future__ import annotations

from .api import check, result_to_dict
from .engine import evaluate
from .facts import Facts, FactsError, parse_facts
from .findings import BLOCKING, STATUSES, Finding, Result
from .ruleset import CATALOGUE, RULESETS, Ruleset, ruleset_in_force

__all__ = [
    "BLOCKING",
    "CATALOGUE",
    "RULESETS",
    "STATUSES",
    "Facts",
    "FactsError",
    "Finding",
    "Result",
    "Ruleset",
    "check",
    "evaluate",
    "parse_facts",
    "result_to_dict",
    "ruleset_in_force",
]
