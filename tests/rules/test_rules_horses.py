"""§20-17 keeping of horses: ponies, donkeys and mules count as horses; three in all."""

from __future__ import annotations

import pytest

from permits.rules import evaluate, parse_facts
from tests.rules.samples import sample_facts

EQUINE_RULES = ("20-17.1", "20-17.2", "20-17.3", "20-17.4", "20-17.4.b")


def run(facts: dict):
    return evaluate(parse_facts(facts))


def horses(count: int = 3, species: str = "horse", **lot) -> dict:
    facts = sample_facts("horses")
    facts["animals"] = [{"species": species, "count": count}]
    facts["lot"].update(lot)
    return facts


@pytest.mark.parametrize("species", ["horse", "pony", "donkey", "mule"])
def test_every_equine_counts_as_a_horse(species):
    result = run(horses(4, species))
    assert "fail" in result.statuses("20-17.1")


@pytest.mark.parametrize(("count", "status"), [(1, "pass"), (3, "pass"), (4, "fail")])
def test_at_most_three_equines_in_all(count, status):
    result = run(horses(count, area_acres=10))
    assert result.for_rule("20-17.1")[0].status == status
    assert result.for_rule("20-17.1")[0].required == 3


@pytest.mark.parametrize(
    ("count", "acres", "status"),
    [
        (1, 1, "pass"),
        (1, 0.99, "fail"),
        (2, 2, "pass"),
        (2, 1.9, "fail"),
        (3, 3.0, "pass"),
        (3, 2.99, "fail"),
        (1, None, "missing"),
    ],
)
def test_an_acre_for_each_equine(count, acres, status):
    area = run(horses(count, area_acres=acres)).for_rule("20-17.1")[1]
    assert (area.status, area.required, area.actual, area.unit) == (status, count, acres, "acres")


def test_an_unknown_equine_count_is_missing():
    facts = horses()
    facts["animals"] = [{"species": "horse", "count": None}]
    result = run(facts)
    assert result.statuses("20-17.1") == ["missing", "missing"]
    assert "missing" in result.statuses("20-17.3")
    assert "missing" in result.statuses("20-17.4")


def test_no_equines_no_horse_rules():
    result = run(sample_facts("goats"))
    for rule in EQUINE_RULES:
        assert result.statuses(rule) == ["not_applicable"]


def test_an_entry_of_zero_horses_keeps_none():
    facts = sample_facts("goats")
    facts["animals"].append({"species": "horse", "count": 0})
    assert run(facts).statuses("20-17.1") == ["not_applicable"]


# --- §20-17(2) site ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("lot", "statuses"),
    [
        ({"percolation_min_per_inch": 20}, ["pass", "pass", "pass"]),
        ({"percolation_min_per_inch": 20.5}, ["pass", "pass", "fail"]),
        ({"percolation_min_per_inch": None}, ["pass", "pass", "missing"]),
        ({"flood_prone": True}, ["fail", "pass", "pass"]),
        ({"stagnant_water": True}, ["pass", "fail", "pass"]),
    ],
)
def test_site_must_drain_and_not_be_impervious(lot, statuses):
    assert run(horses(**lot)).statuses("20-17.2") == statuses


GOOD_FILL = {"depth_in": 12, "extends_ft": 5, "board_inspected": True}


@pytest.mark.parametrize(
    ("fill", "blocking"),
    [
        (GOOD_FILL, False),
        (GOOD_FILL | {"depth_in": 11.9}, True),
        (GOOD_FILL | {"extends_ft": 4}, True),
        (GOOD_FILL | {"board_inspected": False}, True),
        (GOOD_FILL | {"depth_in": None}, True),
        (None, True),
    ],
)
def test_inspected_porous_fill_remedies_impervious_soil(fill, blocking):
    result = run(horses(percolation_min_per_inch=45, porous_fill=fill))
    statuses = result.statuses("20-17.2")
    assert any(s in {"fail", "missing"} for s in statuses) is blocking


def test_porous_fill_findings_report_depth_and_extent():
    fill = GOOD_FILL | {"depth_in": 10}
    result = run(horses(percolation_min_per_inch=45, porous_fill=fill))
    depth = [f for f in result.for_rule("20-17.2") if f.unit == "in"]
    assert [(f.status, f.required, f.actual) for f in depth] == [("fail", 12, 10)]


def test_porous_fill_is_ignored_where_the_site_is_already_good():
    result = run(horses(porous_fill={"depth_in": 1}))
    assert result.statuses("20-17.2") == ["pass", "pass", "pass"]


# --- §20-17(3) corral -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("height", "status"), [(6, "pass"), (6.5, "pass"), (5.9, "fail"), (None, "missing")]
)
def test_corral_fence_at_least_six_feet(height, status):
    facts = horses()
    facts["structures"][1]["fence_height_ft"] = height
    fence = run(facts).for_rule("20-17.3")[0]
    assert (fence.subject, fence.status, fence.required, fence.unit) == ("C1", status, 6, "ft")


@pytest.mark.parametrize(
    ("count", "corral", "stable", "required", "status"),
    [
        (1, 900, 100, 1000, "pass"),  # the stable site counts toward the corral minimum
        (1, 899, 100, 1000, "fail"),
        (2, 1200, 160, 1300, "pass"),
        (3, 1380, 220, 1600, "pass"),
        (3, 1379, 220, 1600, "fail"),
        (4, 1600, 220, 1900, "fail"),
    ],
)
def test_corral_area_1000_plus_300_per_additional_equine(count, corral, stable, required, status):
    facts = horses(count, area_acres=10)
    facts["structures"][0]["area_sqft"] = stable
    facts["structures"][1]["area_sqft"] = corral
    area = run(facts).for_rule("20-17.3")[-1]
    assert (area.status, area.required, area.actual, area.unit) == (
        status,
        required,
        corral + stable,
        "sq ft",
    )


def test_unknown_corral_area_is_missing_unless_the_rest_already_suffices():
    facts = horses(1)
    facts["structures"][1]["area_sqft"] = None
    assert run(facts).for_rule("20-17.3")[-1].status == "missing"
    facts["structures"][0]["area_sqft"] = 1000  # the stable alone covers it
    assert run(facts).for_rule("20-17.3")[-1].status == "pass"


def test_equines_without_a_corral_fail():
    facts = horses()
    facts["structures"] = facts["structures"][:1]
    assert run(facts).statuses("20-17.3") == ["fail"]


# --- §20-17(4) stable -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("count", "area", "required", "status"),
    [
        (1, 100, 100, "pass"),
        (1, 99, 100, "fail"),
        (2, 160, 160, "pass"),
        (3, 220, 220, "pass"),
        (3, 219, 220, "fail"),
        (3, None, 220, "missing"),
    ],
)
def test_stable_100_sq_ft_plus_60_per_additional_equine(count, area, required, status):
    facts = horses(count)
    facts["structures"][0]["area_sqft"] = area
    found = run(facts).for_rule("20-17.4")[0]
    assert (found.status, found.required, found.actual) == (status, required, area)


def test_stable_areas_are_added_together():
    facts = horses(3)
    facts["structures"][0]["area_sqft"] = 120
    facts["structures"].append(
        {
            "id": "S2",
            "kind": "stable",
            "area_sqft": 100,
            "screened_window": True,
            "opposite_louvers": True,
            "potable_water": True,
        }
    )
    assert run(facts).for_rule("20-17.4")[0].actual == 220


def test_equines_without_a_stable_fail():
    facts = horses()
    facts["structures"] = facts["structures"][1:]
    result = run(facts)
    assert result.statuses("20-17.4") == ["fail"]
    assert result.statuses("20-17.4.b") == ["not_applicable"]


@pytest.mark.parametrize(
    ("window", "louvers", "status"),
    [(True, True, "pass"), (False, True, "fail"), (True, False, "fail"), (False, False, "fail")],
)
def test_each_stable_needs_a_screened_window_and_opposite_louvers(window, louvers, status):
    facts = horses()
    facts["structures"][0].update(screened_window=window, opposite_louvers=louvers)
    assert run(facts).statuses("20-17.4.b") == [status]


def test_a_goat_stable_is_not_held_to_the_horse_ventilation_rule():
    facts = sample_facts("goats")
    facts["structures"][0]["kind"] = "stable"
    assert run(facts).statuses("20-17.4.b") == ["not_applicable"]


def test_fill_remedies_only_what_the_ruleset_says_it_remedies():
    from dataclasses import replace

    from permits.rules import RULESETS

    base = RULESETS[0]
    narrow = replace(
        base,
        interpretations=replace(
            base.interpretations, porous_fill_remedies=frozenset({"impervious"})
        ),
    )
    facts = parse_facts(
        horses(percolation_min_per_inch=45, stagnant_water=True, porous_fill=GOOD_FILL)
    )
    assert evaluate(facts).statuses("20-17.2")[:3] == ["pass", "pass", "pass"]
    assert evaluate(facts, narrow).statuses("20-17.2")[:3] == ["pass", "fail", "pass"]
