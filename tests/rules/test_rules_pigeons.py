"""§20-18 pigeons: loft floor space (a rule) and the calendar helpers for the checklist."""

from __future__ import annotations

from datetime import date, datetime

import pytest

from permits.rules import evaluate, parse_facts
from permits.rules.pigeon_calendar import (
    pigeon_cleaning_interval_days,
    pigeon_release_allowed,
    pigeon_training_prohibited,
)
from tests.rules.samples import sample_facts


def run(facts: dict):
    return evaluate(parse_facts(facts))


@pytest.mark.parametrize(
    ("count", "mature", "area", "status"),
    [
        (30, 24, 24, "pass"),
        (30, 24, 23.5, "fail"),
        (30, None, 30, "pass"),  # mature defaults to count
        (30, None, 29, "fail"),
        (30, 0, 1, "pass"),
        (30, 24, None, "missing"),
    ],
)
def test_one_square_foot_of_loft_per_mature_pigeon(count, mature, area, status):
    facts = sample_facts("pigeons")
    facts["animals"] = [{"species": "pigeon", "count": count}]
    if mature is not None:
        facts["animals"][0]["mature"] = mature
    facts["structures"][0]["area_sqft"] = area
    found = run(facts).for_rule("20-18.3")
    assert [(f.status, f.unit) for f in found] == [(status, "sq ft")]


def test_mature_pigeons_of_several_entries_add_up():
    facts = sample_facts("pigeons")
    facts["animals"].append({"species": "pigeon", "count": 20})
    found = run(facts).for_rule("20-18.3")[0]
    assert (found.required, found.status) == (44, "fail")


def test_pigeons_without_a_loft_fail():
    facts = sample_facts("pigeons")
    facts["structures"][0]["kind"] = "coop"
    assert run(facts).statuses("20-18.3") == ["fail"]


def test_no_pigeons_no_loft_rule():
    assert run(sample_facts("goats")).statuses("20-18.3") == ["not_applicable"]


@pytest.mark.parametrize(
    ("day", "interval"),
    [
        (date(2027, 4, 14), 14),
        (date(2027, 4, 15), 7),
        (date(2027, 7, 1), 7),
        (date(2027, 10, 15), 7),
        (date(2027, 10, 16), 14),
        (date(2027, 1, 1), 14),
        (date(2027, 12, 31), 14),
    ],
)
def test_lofts_are_cleaned_weekly_from_april_15_to_october_15(day, interval):
    assert pigeon_cleaning_interval_days(day) == interval


@pytest.mark.parametrize(
    ("at", "prohibited"),
    [
        (datetime(2027, 6, 1, 10, 0), True),
        (datetime(2027, 6, 1, 9, 59), False),
        (datetime(2027, 7, 15, 14, 59, 59), True),
        (datetime(2027, 7, 15, 15, 0), False),
        (datetime(2027, 9, 30, 12, 0), True),
        (datetime(2027, 10, 1, 12, 0), False),
        (datetime(2027, 5, 31, 12, 0), False),
    ],
)
def test_no_training_from_10_am_to_3_pm_june_to_september(at, prohibited):
    assert pigeon_training_prohibited(at) is prohibited


@pytest.mark.parametrize(
    ("fed", "released", "allowed"),
    [
        (datetime(2027, 6, 1, 6, 0), datetime(2027, 6, 1, 10, 0), True),
        (datetime(2027, 6, 1, 6, 0), datetime(2027, 6, 1, 9, 59), False),
        (datetime(2027, 6, 1, 6, 0), datetime(2027, 6, 2, 6, 0), True),
        (datetime(2027, 6, 1, 6, 0), datetime(2027, 6, 1, 5, 0), False),
    ],
)
def test_no_release_within_four_hours_of_feeding(fed, released, allowed):
    assert pigeon_release_allowed(fed, released) is allowed
