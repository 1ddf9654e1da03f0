"""§20-15(4) setbacks, §20-16(2) manure storage and §20-16(3)(b) burial pits, at their edges.

Every comparison is "at least": the minimum itself passes, anything under it fails, and an
absent distance means no such feature within 300 ft (which settles any minimum up to 300).
"""

from __future__ import annotations

import pytest

from permits.rules import evaluate, parse_facts
from tests.rules.samples import sample_facts


def run(facts: dict):
    return evaluate(parse_facts(facts))


def with_structure(kind: str, distances: dict, **extra) -> dict:
    facts = sample_facts("goats")
    facts["structures"].append(
        {"id": "X", "kind": kind, "potable_water": True, "distances_ft": distances, **extra}
    )
    return facts


def finding(result, rule: str, subject: str = "X", unit: str = "ft", required=None):
    found = [
        f
        for f in result.for_rule(rule)
        if f.subject == subject and (required is None or f.required == required)
    ]
    assert len(found) >= 1, result.for_rule(rule)
    return found[0]


SETBACKS = [
    # rule, structure kind, distance field, minimum (ft)
    ("20-15.4.a", "shelter", "property_line", 50),
    ("20-15.4.a", "stable", "property_line", 50),
    ("20-15.4.a", "coop", "property_line", 50),
    ("20-15.4.a", "loft", "property_line", 50),
    ("20-15.4.a", "pen", "property_line", 50),
    ("20-15.4.a", "hutch", "property_line", 50),
    ("20-15.4.b", "shelter", "wetland", 100),
    ("20-15.4.b", "coop", "watercourse", 100),
    ("20-15.4.d", "pen", "well", 100),
    ("20-15.4.e", "hutch", "sewage_disposal", 10),
    ("20-15.4.f", "stable", "public_way", 35),
    ("20-15.4.f", "corral", "public_way", 15),
    ("20-16.2", "manure_storage", "dwelling", 100),
    ("20-16.2", "manure_storage", "abutting_dwelling", 100),
]


@pytest.mark.parametrize(("rule", "kind", "field", "minimum"), SETBACKS)
@pytest.mark.parametrize(
    ("offset", "status"), [(0, "pass"), (0.5, "pass"), (-1, "fail"), (-0.1, "fail")]
)
def test_setback_at_the_minimum_passes_and_under_it_fails(
    rule, kind, field, minimum, offset, status
):
    result = run(with_structure(kind, {field: minimum + offset}))
    found = finding(result, rule)
    assert (found.status, found.required, found.actual, found.unit) == (
        status,
        minimum,
        minimum + offset,
        "ft",
    )
    assert result.eligible is (status == "pass")


@pytest.mark.parametrize(("rule", "kind", "field", "minimum"), SETBACKS)
def test_absent_distance_means_no_feature_within_300_ft(rule, kind, field, minimum):
    found = finding(run(with_structure(kind, {})), rule)
    assert (found.status, found.actual, found.required) == ("pass", None, minimum)
    assert "within 300 ft" in found.message


def test_null_distance_is_the_same_as_absent():
    found = finding(run(with_structure("shelter", {"well": None})), "20-15.4.d")
    assert found.status == "pass"


def test_message_names_the_structure_the_feature_and_both_figures():
    facts = sample_facts("horses")
    facts["structures"][0]["distances_ft"]["property_line"] = 40
    found = finding(run(facts), "20-15.4.a", subject="S1")
    assert found.message == (
        "Stable S1 is 40 ft from the abutting property line; at least 50 ft is required."
    )
    assert found.to_dict() == {
        "rule": "20-15.4.a",
        "citation": "§20-15(4)(a)",
        "status": "fail",
        "subject": "S1",
        "required": 50,
        "actual": 40,
        "unit": "ft",
        "message": found.message,
    }


def test_the_nearer_of_wetland_and_watercourse_counts():
    result = run(with_structure("shelter", {"wetland": 150, "watercourse": 99}))
    assert finding(result, "20-15.4.b").actual == 99
    assert finding(result, "20-15.4.b").status == "fail"


def test_manure_storage_counts_the_nearer_of_any_dwelling():
    result = run(with_structure("manure_storage", {"dwelling": 120, "abutting_dwelling": 80}))
    assert (finding(result, "20-16.2").status, finding(result, "20-16.2").actual) == ("fail", 80)


@pytest.mark.parametrize(
    ("rule", "kind"),
    [
        ("20-15.4.a", "corral"),
        ("20-15.4.a", "manure_storage"),
        ("20-15.4.b", "manure_burial_pit"),
        ("20-15.4.f", "shelter"),
        ("20-15.4.f", "coop"),
        ("20-16.2", "stable"),
    ],
)
def test_setback_does_not_bind_other_kinds(rule, kind):
    result = run(
        with_structure(kind, {"property_line": 1, "wetland": 1, "public_way": 1, "dwelling": 1})
    )
    assert not [f for f in result.for_rule(rule) if f.subject == "X"]


def test_a_rule_binding_no_structure_is_not_applicable():
    result = run(sample_facts("goats"))  # a shelter and manure storage, no stable or corral
    assert result.statuses("20-15.4.f") == ["not_applicable"]


def test_a_plan_without_manure_storage_is_missing_under_20_16_2():
    # Revision 2: §20-16(2) binds all manure, so it no longer goes unchecked.
    facts = sample_facts("goats")
    facts["structures"] = [s for s in facts["structures"] if s["kind"] != "manure_storage"]
    (finding,) = run(facts).for_rule("20-16.2")
    assert (finding.status, finding.subject) == ("missing", None)


# --- enlargements (§20-15(4), last paragraph) -------------------------------------------------


@pytest.mark.parametrize(
    ("enlarged", "distance", "required", "status"),
    [
        (75, 75, 75, "pass"),
        (75, 74, 75, "fail"),
        (75, 60, 75, "fail"),
        (40, 50, 50, "pass"),  # a smaller Board figure never lowers the regulation's
        (40, 45, 50, "fail"),
    ],
)
def test_enlargement_raises_the_minimum_to_the_larger_figure(enlarged, distance, required, status):
    facts = with_structure("shelter", {"property_line": distance})
    facts["setback_enlargements"] = {"20-15.4.a": enlarged}
    found = finding(run(facts), "20-15.4.a")
    assert (found.required, found.status) == (required, status)


def test_enlargement_of_the_public_way_setback_binds_stables_and_corrals():
    facts = sample_facts("horses")
    facts["setback_enlargements"] = {"20-15.4.f": 110}
    result = run(facts)
    assert [(f.subject, f.required, f.status) for f in result.for_rule("20-15.4.f")] == [
        ("S1", 110, "pass"),
        ("C1", 110, "fail"),
    ]


def test_enlargement_beyond_300_ft_leaves_an_absent_distance_missing():
    facts = with_structure("shelter", {})
    facts["setback_enlargements"] = {"20-15.4.d": 400}
    found = finding(run(facts), "20-15.4.d")
    assert (found.status, found.required, found.actual) == ("missing", 400, None)


def test_enlargement_of_one_rule_leaves_the_others_alone():
    facts = with_structure("shelter", {"property_line": 55, "well": 100})
    facts["setback_enlargements"] = {"20-15.4.a": 60}
    result = run(facts)
    assert finding(result, "20-15.4.a").status == "fail"
    assert finding(result, "20-15.4.d").status == "pass"


# --- the Conservation Commission (§20-15(4)(b)) ----------------------------------------------


@pytest.mark.parametrize(
    ("authorized", "distance", "required", "status"),
    [
        (60, 60, 60, "pass"),
        (60, 59, 60, "fail"),
        (50, 50, 50, "pass"),
        (30, 49, 50, "fail"),  # never under 50 ft
        (30, 50, 50, "pass"),
        (120, 100, 100, "pass"),  # a larger figure is no reduction
        (None, 99, 100, "fail"),
    ],
)
def test_conservation_commission_may_reduce_the_wetland_setback_to_50_ft(
    authorized, distance, required, status
):
    facts = with_structure("shelter", {"wetland": distance})
    facts["approvals"] = {"conservation_commission_wetland_ft": authorized}
    found = finding(run(facts), "20-15.4.b")
    assert (found.required, found.status) == (required, status)


def test_board_enlargement_beats_a_commission_reduction():
    facts = with_structure("shelter", {"wetland": 110})
    facts["approvals"] = {"conservation_commission_wetland_ft": 60}
    facts["setback_enlargements"] = {"20-15.4.b": 120}
    found = finding(run(facts), "20-15.4.b")
    assert (found.required, found.status) == (120, "fail")


# --- §20-16(3)(b) manure burial pits ---------------------------------------------------------


def burial(**pit) -> dict:
    facts = sample_facts("goats")
    facts["manure"] = {"method": "burial"}
    facts["structures"].append(
        {
            "id": "P1",
            "kind": "manure_burial_pit",
            "well_drained": True,
            "groundwater_clearance_ft": 3,
            "distances_ft": {"property_line": 25, "abutting_dwelling": 100, "watercourse": 100},
        }
        | pit
    )
    return facts


def test_burial_pit_at_every_minimum_passes():
    result = run(burial())
    assert result.statuses("20-16.3.b") == ["pass"] * 5
    assert result.eligible


@pytest.mark.parametrize(
    ("field", "minimum"), [("property_line", 25), ("abutting_dwelling", 100), ("watercourse", 100)]
)
def test_burial_pit_distance_under_the_minimum_fails(field, minimum):
    distances = {"property_line": 25, "abutting_dwelling": 100, "watercourse": 100}
    result = run(burial(distances_ft=distances | {field: minimum - 1}))
    failing = [f for f in result.for_rule("20-16.3.b") if f.status == "fail"]
    assert [(f.required, f.actual) for f in failing] == [(minimum, minimum - 1)]


@pytest.mark.parametrize(
    ("clearance", "status"), [(3, "pass"), (3.5, "pass"), (2.9, "fail"), (None, "missing")]
)
def test_burial_pit_bottom_three_feet_above_groundwater(clearance, status):
    result = run(burial(groundwater_clearance_ft=clearance))
    found = [f for f in result.for_rule("20-16.3.b") if f.unit == "ft" and f.required == 3]
    assert [f.status for f in found] == [status]


def test_burial_pit_must_be_in_well_drained_soil():
    result = run(burial(well_drained=False))
    assert result.statuses("20-16.3.b").count("fail") == 1


def test_burial_declared_without_a_pit_is_missing():
    facts = sample_facts("goats")
    facts["manure"] = {"method": "burial"}
    assert run(facts).statuses("20-16.3.b") == ["missing"]
