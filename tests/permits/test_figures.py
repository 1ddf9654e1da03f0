"""Regulation figures come from the ruleset in force, never restated on a page or in a message.

An amendment is a new ruleset; a template or string saying "14 days" or "50 ft" would then be
wrong. Screens read the figures through permits.figures ({% figure %} in templates).
"""

from __future__ import annotations

import re
from datetime import date
from pathlib import Path

import pytest
from django.template import Context, Template

from permits import figures, rules
from permits.rules.wording import num
from tests.our_apps import APPS, PROJECT

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = (*APPS, PROJECT)
# Records made up for the demo and the benchmark describe one site ("the coop is 41 ft from the
# line"), not the regulation, as do the benchmark's random facts (rules_facts.py, drawn up to
# 300 ft); the rules module is where the figures live.
NOT_SCREENS = ("permits/rules/", "/migrations/", "demo.py", "benchdata.py", "bench/rules_facts.py")
# The §20-14 definition of an abutter ("abutters to abutters within 300 feet") is the Assessor's
# radius for the certified list, not a figure the rules module checks: it has no ruleset entry.
NOT_FIGURES = ("abutters within 300 feet", "abutter within 300 feet")
WORDS = {1: "one", 3: "three", 6: "six", 10: "ten", 14: "fourteen", 15: "fifteen"}
UNITS = {
    "ft": r"(?:ft|feet|foot)",
    "days": r"days?",
    "sq ft": r"(?:sq ft|square feet)",
    "acres": r"acres?",
}


def figure_patterns() -> dict[str, re.Pattern]:
    """'14 days' -> a pattern matching it restated: "14 days", "14-day", "fourteen days"."""
    ruleset = rules.ruleset_in_force(date.today())
    found = {("300", "ft")} | {
        (num(figure.value), figure.unit)
        for spec in ruleset.rules.values()
        for figure in spec.figures.values()
        if figure.unit in UNITS
    }
    patterns = {}
    for value, unit in found:
        spelled = [re.escape(value)]
        if value.isdigit() and int(value) in WORDS:
            spelled.append(WORDS[int(value)])
        patterns[f"{value} {unit}"] = re.compile(
            rf"\b(?:{'|'.join(spelled)})[ -]{UNITS[unit]}\b", re.IGNORECASE
        )
    return patterns


def screen_files() -> list[Path]:
    files = sorted((ROOT / "templates").rglob("*.html")) + sorted(
        (ROOT / "templates").rglob("*.txt")
    )
    for package in PACKAGES:
        files += sorted((ROOT / package).rglob("*.py"))
    return [
        path
        for path in files
        if not any(part in path.relative_to(ROOT).as_posix() for part in NOT_SCREENS)
    ]


def test_the_patterns_catch_the_ways_a_figure_is_restated():
    patterns = figure_patterns()
    assert patterns["14 days"].search("notices at least 14 days before")
    assert patterns["14 days"].search("the 14-day notice deadline")
    assert patterns["14 days"].search("at least fourteen days before")
    assert patterns["50 ft"].search("never less than 50 ft.")
    assert patterns["100 ft"].search("100 feet from a well")
    assert not patterns["50 ft"].search("150 ft")


def test_no_template_or_python_outside_the_rules_module_restates_a_figure():
    patterns = figure_patterns()
    restated = [
        f"{path.relative_to(ROOT)}:{number}: {name}"
        for path in screen_files()
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        for name, pattern in patterns.items()
        if pattern.search(line) and not any(phrase in line for phrase in NOT_FIGURES)
    ]
    assert not restated, "figures restated (read them from the ruleset):\n" + "\n".join(restated)


@pytest.mark.parametrize(
    ("rule", "name", "shown"),
    [
        ("20-20.9", "notice_days", "14 days"),
        ("20-15.4.a", "minimum_ft", "50 ft"),
        ("20-15.4.d", "minimum_ft", "100 ft"),
        ("20-18.3", "sqft_per_mature_pigeon", "1 sq ft"),
        ("20-17.1", "acres_per_equine", "1 acre"),
    ],
)
# The figure in force is the adopted ruleset and the Board's amendments on file.
@pytest.mark.django_db
def test_the_figure_tag_prints_the_figure_in_force(rule, name, shown):
    page = Template("{% load figures %}{% figure rule name %}").render(
        Context({"rule": rule, "name": name})
    )
    assert page == shown == figures.figure_text(rule, name)


# The figure in force is the adopted ruleset and the Board's amendments on file.
@pytest.mark.django_db
def test_an_amended_figure_reaches_the_screens(monkeypatch):
    """A new ruleset with 21 days of notice: every screen that reads the figure says 21."""
    from dataclasses import replace

    from permits.rules import ruleset as registry
    from permits.rules.ruleset_model import Figure, frozen_mapping

    current = registry.RULESETS[-1]
    spec = current.rules["20-20.9"]
    amended_spec = replace(
        spec, figures=frozen_mapping({"notice_days": Figure(21, "days", "notice")})
    )
    amended = replace(
        current,
        id="amended",
        effective=date(2030, 1, 1),
        rules=frozen_mapping({**current.rules, "20-20.9": amended_spec}),
    )
    monkeypatch.setattr(registry, "RULESETS", (*registry.RULESETS, amended))
    assert figures.figure_text("20-20.9", "notice_days", date(2030, 6, 1)) == "21 days"
    assert figures.figure_text("20-20.9", "notice_days", date(2029, 6, 1)) == "14 days"
    text = figures.with_figures("at least {20-20.9:notice_days} before", date(2030, 6, 1))
    assert text == "at least 21 days before"
