"""§20-15(7), (9), (10), (11), §20-16(3)(a) and (e), §20-19: the yes/no rules."""

from __future__ import annotations

import pytest

from permits.rules import evaluate, parse_facts
from tests.rules.samples import sample_facts


def run(facts: dict):
    return evaluate(parse_facts(facts))


@pytest.mark.parametrize(
    ("facility", "status"),
    [
        ({"securely_fenced": True}, "pass"),
        ({"securely_fenced": False}, "fail"),
        ({}, "fail"),
        (None, "fail"),
    ],
)
def test_facility_must_be_securely_fenced(facility, status):
    facts = sample_facts("goats")
    facts["facility"] = facility
    assert run(facts).statuses("20-15.7") == [status]


def test_absent_fencing_section_is_false_and_fails():
    facts = sample_facts("goats")
    del facts["facility"]
    assert run(facts).statuses("20-15.7") == ["fail"]


def test_potable_water_is_checked_at_each_housing_structure_only():
    facts = sample_facts("horses")
    facts["structures"][0]["potable_water"] = False
    result = run(facts)
    assert [(f.subject, f.status) for f in result.for_rule("20-15.9")] == [("S1", "fail")]


@pytest.mark.parametrize(
    ("animal", "approved", "status"),
    [
        ({"species": "snake", "count": 1}, False, "fail"),
        ({"species": "snake", "count": 1}, True, "pass"),
        ({"species": "lion", "count": 1}, False, "fail"),
        ({"species": "ferret", "count": 2, "wild": True}, False, "fail"),
        ({"species": "ferret", "count": 2, "wild": True}, True, "pass"),
        ({"species": "goat", "count": 2, "wild": True}, False, "fail"),
    ],
)
def test_wild_animals_need_the_boards_written_approval(animal, approved, status):
    facts = sample_facts("goats")
    facts["animals"].append(animal)
    facts["approvals"] = {"wild_animal": approved}
    result = run(facts)
    assert [(f.subject, f.status) for f in result.for_rule("20-15.10")] == [
        (animal["species"], status)
    ]


def test_without_wild_animals_the_wild_rule_is_not_applicable():
    assert run(sample_facts("goats")).statuses("20-15.10") == ["not_applicable"]


@pytest.mark.parametrize(
    ("count", "statuses"),
    [(1, ["fail"]), (3, ["fail"]), (0, ["not_applicable"]), (None, ["fail"])],
)
def test_roosters_are_prohibited(count, statuses):
    facts = sample_facts("goats")
    facts["animals"].append({"species": "rooster", "count": count})
    result = run(facts)
    assert result.statuses("20-15.11") == statuses
    if statuses == ["fail"]:
        assert result.for_rule("20-15.11")[0].subject == "rooster"
        assert "prohibited" in result.for_rule("20-15.11")[0].message


@pytest.mark.parametrize(
    ("manure", "status"),
    [
        ({"method": "receptacle"}, "pass"),
        ({"method": "off_site"}, "pass"),
        ({"method": "burial"}, "pass"),
        ({"method": "compost"}, "pass"),
        ({"method": "stockpile"}, "fail"),
        ({"method": None}, "missing"),
        ({}, "missing"),
        (None, "missing"),
    ],
)
def test_manure_must_not_be_stockpiled_and_a_method_must_be_given(manure, status):
    facts = sample_facts("goats")
    facts["manure"] = manure
    assert run(facts).statuses("20-16.3.a") == [status]


@pytest.mark.parametrize(
    ("method", "approved", "statuses"),
    [
        ("compost", True, ["pass"]),
        ("compost", False, ["fail"]),
        ("receptacle", False, ["not_applicable"]),
    ],
)
def test_composting_only_with_the_boards_approval(method, approved, statuses):
    facts = sample_facts("goats")
    facts["manure"] = {"method": method}
    facts["approvals"] = {"composting": approved}
    assert run(facts).statuses("20-16.3.e") == statuses


@pytest.mark.parametrize(
    ("vermin", "status"),
    [
        ({"plan_approved": True, "licensed_operator": True}, "pass"),
        ({"plan_approved": True, "licensed_operator": False}, "fail"),
        ({"plan_approved": False, "licensed_operator": True}, "fail"),
        ({}, "fail"),
    ],
)
def test_vermin_control_plan_approved_and_run_by_a_licensed_operator(vermin, status):
    facts = sample_facts("goats")
    facts["vermin_control"] = vermin
    assert run(facts).statuses("20-19") == [status]
