"""The regulation's figures as screens and messages print them, read from the ruleset in force.

An amendment of the regulation is a new ruleset with its own effective date
(permits/rules/CONTRACT.md); a page that restated a number of days or feet would then be wrong. So
no page, form or message outside permits/rules/ writes a figure down: templates use
``{% figure "20-20.9" "notice_days" %}`` (``{% load figures %}``), Python ``figure_text()`` or,
for text fixed at import time such as a form's help text, ``lazy_with_figures()`` with
``{rule:figure}`` placeholders, filled in when the text is shown.
"""

from __future__ import annotations

import re
from datetime import date

from django.utils import timezone
from django.utils.functional import lazy

from hearings.ruleset_in_force import ruleset_on
from permits.rules.wording import num

_PLACEHOLDER = re.compile(r"\{(?:(?P<rule>[\w.-]+):(?P<name>\w+)|(?P<absent>absent_distance))\}")


def _ruleset(on: date | None):
    return ruleset_on(on or timezone.localdate())


def quantity_text(value: int | float, unit: str) -> str:
    """A figure as the page prints it: thousands separated, "acre" for one of "acres"."""
    if value == 1 and unit.endswith("s") and " " not in unit:
        unit = unit[:-1]
    return f"{num(value)} {unit}".strip()


def figure_text(rule: str, name: str, on: date | None = None) -> str:
    """`rule`'s figure `name` with its unit, e.g. ``figure_text("20-20.9", "notice_days")``."""
    figure = _ruleset(on).rules[rule].figures[name]
    return quantity_text(figure.value, figure.unit)


def absent_distance_text(on: date | None = None) -> str:
    """How far a feature may be and still go unrecorded: a blank distance means "beyond it"."""
    return f"{num(_ruleset(on).interpretations.absent_distance_beyond_ft)} ft"


def blank_distance_text(on: date | None = None) -> str:
    """What a distance left blank stands for, as a screen says it ("none within" the horizon)."""
    return f"none within {absent_distance_text(on)}"


def with_figures(text: str, on: date | None = None) -> str:
    """`text` with each ``{rule:figure}`` (and ``{absent_distance}``) filled in from the ruleset."""

    def fill(match: re.Match) -> str:
        if match["absent"]:
            return absent_distance_text(on)
        return figure_text(match["rule"], match["name"], on)

    return _PLACEHOLDER.sub(fill, text)


#: `with_figures` evaluated when the text is shown (help texts are built at import time).
lazy_with_figures = lazy(with_figures, str)
