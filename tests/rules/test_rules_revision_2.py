"""The eight changes of revision 2 of the rules contract, each with its boundaries."""

from __future__ import annotations

import pytest

from permits.rules import check, evaluate, parse_facts
from tests.rules.samples import sample_facts


def run(facts: dict):
    return evaluate(parse_facts(facts))


# --- 1. other_domestic, with a name (§20-14) ------------------------------------------------


@pytest.mark.parametrize(
    ("animal", "error_path"),
    [
        ({"species": "other_domestic", "name": "guinea pig", "count": 2}, None),
        ({"species": "other_domestic", "name": "  ferret ", "count": 1}, None),
        ({"species": "other_domestic", "count": 2}, "animals[2].name"),
        ({"species": "other_domestic", "name": "", "count": 2}, "animals[2].name"),
        ({"species": "other_domestic", "name": "   ", "count": 2}, "animals[2].name"),
        ({"species": "other_domestic", "name": None, "count": 2}, "animals[2].name"),
        ({"species": "other_domestic", "name": 7, "count": 2}, "animals[2].name"),
        ({"species": "guinea_pig", "count": 2}, "animals[2].species"),
    ],
)
def test_other_domestic_animals_must_carry_a_name(animal, error_path):
    facts = sample_facts("goats")
    facts["animals"].append(animal)
    result = check(facts)
    if error_path is None:
        assert "error" not in result
        assert result["eligible"] is True
    else:
        assert result["error"]["path"] == error_path


def test_an_other_domestic_animal_alone_needs_a_permit():
    facts = sample_facts("goats")
    facts["animals"] = [{"species": "other_domestic", "name": "parrot", "count": 1}]
    result = run(facts)
    assert result.permit_required
    assert result.eligible


def test_a_zero_count_of_other_domestic_needs_no_permit():
    facts = sample_facts("goats")
    facts["animals"] = [{"species": "other_domestic", "name": "parrot", "count": 0}]
    assert not run(facts).permit_required


# --- 2. lot_line: §20-16(3)(b) "any lot line" --------------------------------------------------


def burial(distances: dict) -> dict:
    facts = sample_facts("goats")
    facts["manure"] = {"method": "burial"}
    facts["structures"].append(
        {
            "id": "P1",
            "kind": "manure_burial_pit",
            "well_drained": True,
            "groundwater_clearance_ft": 4,
            "distances_ft": distances,
        }
    )
    return facts


@pytest.mark.parametrize(
    ("distances", "actual", "status"),
    [
        ({"property_line": 60, "lot_line": 25}, 25, "pass"),  # equal to the minimum passes
        ({"property_line": 60, "lot_line": 24.9}, 24.9, "fail"),
        ({"property_line": 24, "lot_line": 60}, 24, "fail"),  # the nearer counts
        ({"lot_line": 10}, 10, "fail"),  # a lot line along a way, no abutting line near
        ({"property_line": 30}, 30, "pass"),
        ({}, None, "pass"),  # no lot line within 300 ft
    ],
)
def test_a_burial_pit_is_measured_from_any_lot_line(distances, actual, status):
    (line,) = [f for f in run(burial(distances)).for_rule("20-16.3.b") if "lot line" in f.message]
    assert (line.actual, line.required, line.status) == (actual, 25, status)


def test_lot_line_does_not_bind_the_abutting_property_line_setback():
    facts = sample_facts("goats")
    facts["structures"][0]["distances_ft"]["lot_line"] = 5
    assert run(facts).statuses("20-15.4.a") == ["pass"]


# --- 3. §20-16(2) binds all manure ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("manure_structures", "statuses"),
    [
        ([], ["missing"]),
        ([{"id": "M1", "kind": "manure_storage", "distances_ft": {"dwelling": 100}}], ["pass"]),
        ([{"id": "M1", "kind": "manure_storage", "distances_ft": {"dwelling": 99}}], ["fail"]),
        ([{"id": "P1", "kind": "manure_burial_pit"}], ["pass"]),
        (
            [
                {"id": "M1", "kind": "manure_storage", "distances_ft": {"dwelling": 150}},
                {"id": "M2", "kind": "manure_storage", "distances_ft": {"abutting_dwelling": 50}},
            ],
            ["pass", "fail"],
        ),
    ],
)
def test_manure_is_kept_in_a_described_pit_or_receptacle(manure_structures, statuses):
    facts = sample_facts("goats")
    facts["structures"] = [facts["structures"][0], *manure_structures]
    assert run(facts).statuses("20-16.2") == statuses


@pytest.mark.parametrize("method", ["receptacle", "off_site", "compost", None])
def test_no_pit_or_receptacle_is_missing_whatever_the_method(method):
    facts = sample_facts("horses")
    facts["structures"] = [s for s in facts["structures"] if s["kind"] != "manure_storage"]
    facts["manure"] = {"method": method}
    (finding,) = run(facts).for_rule("20-16.2")
    assert (finding.status, finding.subject) == ("missing", None)
    assert not run(facts).eligible


# --- 4. §20-20(1): the plan shows the housing structure -------------------------------------------


@pytest.mark.parametrize(
    ("kind", "structures", "statuses"),
    [
        ("new", [], ["pass", "missing"]),
        ("new", [{"id": "M1", "kind": "manure_storage"}], ["pass", "missing"]),
        ("new", [{"id": "C1", "kind": "corral"}], ["pass", "missing"]),
        ("new", [{"id": "H1", "kind": "hutch"}], ["pass"]),
        ("renewal", [], ["not_applicable"]),
    ],
)
def test_a_new_application_must_show_a_housing_structure(kind, structures, statuses):
    facts = sample_facts("goats")
    facts["application"]["kind"] = kind
    facts["structures"] = structures
    result = run(facts)
    assert result.statuses("20-20.1") == statuses
    if "missing" in statuses:
        assert result.for_rule("20-20.1")[-1].subject is None
        assert not result.eligible


def test_setbacks_cannot_pass_for_want_of_a_structure():
    facts = sample_facts("goats")
    facts["structures"] = []
    result = run(facts)
    assert result.statuses("20-15.4.a") == ["not_applicable"]
    assert not result.eligible


# --- 5. §20-17(1) counts the horses of the lot ---------------------------------------------


@pytest.mark.parametrize(
    ("own", "others", "acres", "statuses"),
    [
        (1, 0, 1.0, ["pass", "pass"]),
        (1, 2, 3.0, ["pass", "pass"]),  # three in all, on three acres
        (1, 3, 5.0, ["fail", "pass"]),  # a fourth horse on the lot
        (1, 2, 2.9, ["pass", "fail"]),  # three horses need three acres
        (2, 1, 3.0, ["pass", "pass"]),
        (1, None, 1.0, ["pass", "pass"]),  # null: no other permit keeps equines
    ],
)
def test_equines_under_other_permits_count_toward_the_lot(own, others, acres, statuses):
    facts = sample_facts("horses")
    facts["animals"] = [{"species": "horse", "count": own}]
    facts["lot"]["area_acres"] = acres
    facts["lot"]["equines_under_other_permits"] = others
    findings = run(facts).for_rule("20-17.1")
    assert [f.status for f in findings] == statuses
    assert findings[0].actual == own + (others or 0)


def test_equines_under_other_permits_alone_do_not_bring_in_the_horse_rules():
    facts = sample_facts("goats")
    facts["lot"]["equines_under_other_permits"] = 3
    assert run(facts).statuses("20-17.1") == ["not_applicable"]


@pytest.mark.parametrize("value", [-1, 1.5, "two", True])
def test_equines_under_other_permits_must_be_a_whole_number(value):
    facts = sample_facts("horses")
    facts["lot"]["equines_under_other_permits"] = value
    assert check(facts)["error"]["path"] == "lot.equines_under_other_permits"


# --- 6. variances waive fail only; a renewal with granted variances needs no hearing -------------


def variance_renewal(*variances) -> dict:
    facts = sample_facts("horses")
    facts["lot"]["area_acres"] = 2.2
    facts["variances"] = list(variances)
    return facts


def test_a_variance_does_not_waive_a_missing_fact():
    facts = variance_renewal({"rule": "20-17.1", "granted": True})
    facts["lot"]["area_acres"] = None
    assert run(facts).statuses("20-17.1") == ["pass", "missing"]


def test_a_variance_does_not_waive_a_missing_manure_structure():
    facts = variance_renewal(
        {"rule": "20-17.1", "granted": True}, {"rule": "20-16.2", "granted": True}
    )
    facts["structures"] = [s for s in facts["structures"] if s["kind"] != "manure_storage"]
    assert run(facts).statuses("20-16.2") == ["missing"]


@pytest.mark.parametrize(
    ("variances", "hearing"),
    [
        ([{"rule": "20-17.1", "granted": True}], "not_applicable"),
        (
            [{"rule": "20-17.1", "granted": True}, {"rule": "20-15.11", "granted": True}],
            "not_applicable",
        ),
        ([{"rule": "20-17.1", "granted": False}], "pending"),
        ([{"rule": "20-17.1", "granted": True}, {"rule": "20-15.4.a"}], "pending"),
    ],
)
def test_only_a_variance_still_to_be_decided_needs_a_hearing_on_renewal(variances, hearing):
    statuses = run(variance_renewal(*variances)).statuses("20-20.9")
    assert hearing in statuses


def test_a_renewal_with_a_granted_variance_is_eligible_without_a_new_hearing():
    result = run(variance_renewal({"rule": "20-17.1", "granted": True, "expires": "2028-06-30"}))
    assert result.eligible
    assert result.statuses("20-17.1") == ["pass", "waived"]


def test_a_new_application_with_a_granted_variance_still_needs_its_hearing():
    facts = variance_renewal({"rule": "20-17.1", "granted": True})
    facts["application"]["kind"] = "new"
    assert "pending" in run(facts).statuses("20-20.9")


# --- 7. grandfathering requires no injurious conditions ----------------------------------------


@pytest.mark.parametrize(
    ("injurious", "grandfathered"),
    [(False, True), (None, True), (True, False)],
)
def test_grandfathering_requires_no_injurious_conditions(injurious, grandfathered):
    facts = sample_facts("horses")
    facts["animals"][0]["count"] = 3  # four equines: would fail
    facts["application"] |= {
        "prior_permit_issued": "2001-04-02",
        "conditions_unchanged": True,
        "injurious_conditions": injurious,
    }
    result = run(facts)
    assert ("grandfathered" in {f.status for f in result.findings}) is grandfathered
    assert result.eligible is grandfathered


# --- 8. application.date: the day the rules are applied ----------------------------------------


@pytest.mark.parametrize(
    ("expires", "on", "status"),
    [
        ("2027-12-01", "2027-12-01", "waived"),  # expiring that very day still covers it
        ("2027-12-01", "2027-12-02", "fail"),  # expired the day before the issue
        ("2027-11-30", "2027-12-01", "fail"),
        (None, "2035-01-01", "waived"),
    ],
)
def test_a_variance_is_judged_on_the_day_the_rules_are_applied(expires, on, status):
    facts = variance_renewal({"rule": "20-17.1", "granted": True, "expires": expires})
    facts["application"]["date"] = on
    result = run(facts)
    assert result.statuses("20-17.1") == ["pass", status]
    assert result.eligible is (status == "waived")
