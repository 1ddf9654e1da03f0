"""The four changes of revision 3 of the rules contract, each with its boundaries."""

from __future__ import annotations

import pytest

from permits.rules import check, evaluate, parse_facts
from tests.rules.samples import sample_facts


def run(facts: dict):
    return evaluate(parse_facts(facts))


# --- 1. §20-17(2): a flood-prone lot is not cured by porous fill -------------------------------

GOOD_FILL = {"depth_in": 12, "extends_ft": 5, "board_inspected": True}


def horse_lot(**lot) -> dict:
    facts = sample_facts("horses")
    facts["lot"].update(lot)
    return facts


@pytest.mark.parametrize(
    ("lot", "statuses"),
    [
        # flood-prone, stagnant, percolation
        ({"flood_prone": True, "porous_fill": GOOD_FILL}, ["fail", "pass", "pass"]),
        ({"flood_prone": True}, ["fail", "pass", "pass"]),
        ({"stagnant_water": True, "porous_fill": GOOD_FILL}, ["pass", "pass", "pass"]),
        ({"percolation_min_per_inch": 45, "porous_fill": GOOD_FILL}, ["pass", "pass", "pass"]),
        (
            {
                "flood_prone": True,
                "stagnant_water": True,
                "percolation_min_per_inch": 45,
                "porous_fill": GOOD_FILL,
            },
            ["fail", "pass", "pass"],
        ),
    ],
)
def test_porous_fill_cures_wet_or_impervious_soil_but_never_a_flood_prone_lot(lot, statuses):
    result = run(horse_lot(**lot))
    assert result.statuses("20-17.2")[:3] == statuses


def test_a_flood_prone_lot_with_fill_is_told_why_the_fill_does_not_help():
    result = run(horse_lot(flood_prone=True, porous_fill=GOOD_FILL))
    flood = result.for_rule("20-17.2")[0]
    assert flood.status == "fail"
    assert "Porous fill does not cure it" in flood.message


# --- 2. §20-15(4)(b): no variance lowers the 50 ft floor -------------------------------------


def wetland(distance, *, variance=True, enlarged=None) -> dict:
    facts = sample_facts("goats")
    facts["structures"][0]["distances_ft"]["wetland"] = distance
    if variance:
        facts["variances"] = [{"rule": "20-15.4.b", "granted": True, "expires": None}]
    if enlarged is not None:
        facts["setback_enlargements"] = {"20-15.4.b": enlarged}
    return facts


@pytest.mark.parametrize(
    ("distance", "status"),
    [
        (100, "pass"),
        (99, "waived"),
        (50, "waived"),  # the floor itself may be reached by a variance
        (49.9, "fail"),
        (20, "fail"),
        (0, "fail"),
    ],
)
def test_a_wetland_variance_waives_down_to_fifty_feet_and_no_further(distance, status):
    assert run(wetland(distance)).statuses("20-15.4.b") == [status]


def test_without_a_variance_a_wetland_shortfall_fails_above_and_below_the_floor():
    assert run(wetland(70, variance=False)).statuses("20-15.4.b") == ["fail"]
    assert run(wetland(40, variance=False)).statuses("20-15.4.b") == ["fail"]


def test_the_floor_holds_under_an_enlarged_wetland_setback_too():
    assert run(wetland(120, enlarged=150)).statuses("20-15.4.b") == ["waived"]
    assert run(wetland(45, enlarged=150)).statuses("20-15.4.b") == ["fail"]


def test_a_refused_floor_says_no_variance_allows_less():
    finding = run(wetland(30)).for_rule("20-15.4.b")[0]
    assert "No variance allows less than 50 ft" in finding.message
    assert run(wetland(30)).eligible is False


def test_the_floor_binds_only_the_wetland_rule():
    facts = sample_facts("goats")
    facts["structures"][0]["distances_ft"]["property_line"] = 10
    facts["variances"] = [{"rule": "20-15.4.a", "granted": True, "expires": None}]
    assert run(facts).statuses("20-15.4.a") == ["waived"]


# --- 3. §20-16(2): a burial pit 100 ft from any dwelling -------------------------------------


def pit(distances: dict) -> dict:
    facts = sample_facts("goats")
    facts["manure"] = {"method": "burial"}
    facts["structures"][1] = {
        "id": "P1",
        "kind": "manure_burial_pit",
        "well_drained": True,
        "groundwater_clearance_ft": 4,
        "distances_ft": {"property_line": 60, "watercourse": 200, **distances},
    }
    return facts


@pytest.mark.parametrize(
    ("distances", "status_16_2", "status_16_3b"),
    [
        ({"dwelling": 100, "abutting_dwelling": 150}, ["pass"], "pass"),
        ({"dwelling": 99}, ["fail"], "pass"),  # the keeper's own house, no abutting one near
        ({"dwelling": 40, "abutting_dwelling": 150}, ["fail"], "pass"),
        ({"abutting_dwelling": 90}, ["fail"], "fail"),  # both paragraphs bind it
        ({}, ["pass"], "pass"),  # no dwelling within 300 ft
        ({"dwelling": None}, ["pass"], "pass"),
    ],
)
def test_a_manure_burial_pit_keeps_one_hundred_feet_from_any_dwelling(
    distances, status_16_2, status_16_3b
):
    result = run(pit(distances))
    assert result.statuses("20-16.2") == status_16_2
    abutting = [f for f in result.for_rule("20-16.3.b") if "abutting dwelling" in f.message]
    assert [f.status for f in abutting] == [status_16_3b]


def test_a_pit_too_near_the_keepers_own_house_names_the_pit_and_the_figure():
    finding = run(pit({"dwelling": 60})).for_rule("20-16.2")[0]
    assert (finding.subject, finding.required, finding.actual) == ("P1", 100, 60)


def test_a_receptacle_and_a_pit_are_each_held_to_the_dwelling_distance():
    facts = pit({"dwelling": 150})
    facts["structures"].append(
        {"id": "BIN", "kind": "manure_storage", "distances_ft": {"dwelling": 80}}
    )
    result = run(facts)
    assert [(f.subject, f.status) for f in result.for_rule("20-16.2")] == [
        ("P1", "pass"),
        ("BIN", "fail"),
    ]


# --- 4. term_begins: a variance must still stand on the first day of the term ----------------


def renewal(*, date="2027-12-01", term_begins=None, expires="2027-12-31") -> dict:
    facts = sample_facts("horses")
    facts["lot"]["area_acres"] = 2.2  # three equines on 2.2 acres: fails §20-17(1)
    facts["application"] = {"kind": "renewal", "date": date}
    if term_begins is not None:
        facts["application"]["term_begins"] = term_begins
    facts["variances"] = [{"rule": "20-17.1", "granted": True, "expires": expires}]
    return facts


@pytest.mark.parametrize(
    ("term_begins", "expires", "status"),
    [
        (None, "2027-12-31", "waived"),  # judged on the day of issue alone
        ("2028-01-01", "2027-12-31", "fail"),  # expires before the term begins
        ("2028-01-01", "2028-01-01", "waived"),  # in effect on the first day
        ("2028-01-01", "2028-12-31", "waived"),
        ("2028-01-01", None, "waived"),  # no expiry
        ("2027-06-01", "2027-12-01", "waived"),  # a term begun earlier: the day of issue counts
        ("2027-06-01", "2027-11-30", "fail"),
    ],
)
def test_a_variance_waives_only_if_in_effect_on_the_first_day_of_the_term(
    term_begins, expires, status
):
    result = run(renewal(term_begins=term_begins, expires=expires))
    assert status in result.statuses("20-17.1")
    assert result.eligible is (status == "waived")


def test_the_longest_lived_of_two_variances_carries_the_term():
    facts = renewal(term_begins="2028-01-01", expires="2027-12-31")
    facts["variances"].append({"rule": "20-17.1", "granted": True, "expires": "2028-12-31"})
    result = run(facts)
    assert "waived" in result.statuses("20-17.1")
    assert result.eligible


@pytest.mark.parametrize("value", ["2028-13-01", "next year", 20280101, True])
def test_a_term_begins_that_is_not_a_date_is_an_error_at_its_path(value):
    facts = renewal()
    facts["application"]["term_begins"] = value
    assert check(facts)["error"]["path"] == "application.term_begins"


def test_term_begins_null_is_the_same_as_absent():
    facts = renewal()
    facts["application"]["term_begins"] = None
    assert check(facts) == check(renewal())
