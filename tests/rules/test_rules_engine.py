"""The engine: permit required or not, variances, grandfathering, eligibility, the result."""

from __future__ import annotations

from datetime import date

import pytest

from permits.rules import (
    CATALOGUE,
    RULESETS,
    STATUSES,
    evaluate,
    parse_facts,
    ruleset_in_force,
)
from permits.rules.checks import CHECKS
from stoneham_boh.bench.rules_facts import generate_facts
from tests.rules.samples import sample_facts


def run(facts: dict):
    return evaluate(parse_facts(facts))


# --- permit required ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "animals",
    [
        [],
        None,
        [{"species": "dog", "count": 2}],
        [{"species": "cat", "count": 1}, {"species": "hamster", "count": 3}],
        [{"species": "dog", "count": 1}, {"species": "goat", "count": 0}],
    ],
)
def test_no_permit_needed_without_animals_the_regulation_covers(animals):
    facts = sample_facts("goats")
    facts["animals"] = animals
    facts["facility"] = {"securely_fenced": False}  # would fail, were a permit needed
    result = run(facts)
    assert (result.permit_required, result.eligible, result.findings) == (False, True, ())
    assert result.to_dict() == {"permit_required": False, "eligible": True, "findings": []}


def test_a_dog_marked_wild_needs_a_permit():
    facts = sample_facts("goats")
    facts["animals"] = [{"species": "dog", "count": 1, "wild": True}]
    result = run(facts)
    assert result.permit_required
    assert result.statuses("20-15.10") == ["fail"]


def test_an_unknown_count_of_goats_needs_a_permit():
    facts = sample_facts("goats")
    facts["animals"] = [{"species": "goat"}]
    assert run(facts).permit_required


# --- eligibility and the shape of the result ---------------------------------------------------


def test_every_catalogue_rule_reports_at_least_one_finding_in_catalogue_order():
    for facts in generate_facts(200, seed=3):
        result = run(facts)
        if not result.permit_required:
            continue
        rules = [f.rule for f in result.findings]
        assert sorted(set(rules), key=CATALOGUE.index) == list(CATALOGUE)
        assert rules == sorted(rules, key=CATALOGUE.index)


def test_eligible_exactly_when_nothing_fails_is_missing_or_pending():
    for facts in generate_facts(300, seed=4):
        result = run(facts)
        blocking = [f for f in result.findings if f.status in {"fail", "missing", "pending"}]
        assert result.eligible is (not blocking)
        assert result.blocking == tuple(blocking)


def test_every_status_is_produced_somewhere():
    seen = {f.status for facts in generate_facts(1000, seed=5) for f in run(facts).findings}
    assert seen == set(STATUSES)


def test_findings_without_a_quantity_omit_the_quantity_keys():
    result = run(sample_facts("horses"))
    fenced = result.for_rule("20-15.7")[0].to_dict()
    assert set(fenced) == {"rule", "citation", "status", "subject", "message"}
    area = result.for_rule("20-17.4")[0].to_dict()
    assert list(area) == [
        "rule",
        "citation",
        "status",
        "subject",
        "required",
        "actual",
        "unit",
        "message",
    ]


def test_a_rule_that_does_not_apply_is_reported_once_as_not_applicable():
    result = run(sample_facts("goats"))
    (rooster,) = result.for_rule("20-15.11")
    assert (rooster.status, rooster.subject, rooster.unit) == ("not_applicable", None, None)
    assert rooster.citation == "§20-15(11)"


# --- variances (§20-21) ------------------------------------------------------------------------


def undersized(**variance) -> dict:
    facts = sample_facts("horses")
    facts["lot"]["area_acres"] = 2.2
    facts["variances"] = [{"rule": "20-17.1", "granted": True, "expires": None} | variance]
    facts["hearing"] = {
        "held_on": "2027-11-09",
        "abutter_notice_mailed": "2027-10-20",
        "newspaper_notice_published": "2027-10-26",
        "decision": "approved",
    }
    return facts


@pytest.mark.parametrize(
    ("variance", "status"),
    [
        ({}, "waived"),
        ({"expires": "2027-12-01"}, "waived"),  # expiring on the decision date still covers it
        ({"expires": "2028-06-30"}, "waived"),
        ({"expires": "2027-11-30"}, "fail"),  # expired the day before
        ({"granted": False}, "fail"),
        ({"granted": None}, "fail"),
    ],
)
def test_a_granted_unexpired_variance_waives_the_failure(variance, status):
    result = run(undersized(**variance))
    area = result.for_rule("20-17.1")[1]
    assert area.status == status
    assert result.eligible is (status == "waived")
    if status == "waived":
        assert area.message.startswith("Waived by variance")
        assert (area.required, area.actual) == (3, 2.2)


def test_a_variance_leaves_missing_findings_missing():
    # Revision 2: a variance relieves a requirement, not an unknown fact.
    facts = undersized()
    facts["lot"]["area_acres"] = None
    result = run(facts)
    assert result.statuses("20-17.1") == ["pass", "missing"]
    assert not result.eligible


def test_a_variance_leaves_passing_findings_and_other_rules_alone():
    facts = undersized()
    facts["structures"][0]["area_sqft"] = 100
    result = run(facts)
    assert result.statuses("20-17.1") == ["pass", "waived"]
    assert result.statuses("20-17.4") == ["fail"]


def test_no_variance_waives_the_public_hearing():
    facts = undersized()
    facts["application"]["kind"] = "new"  # a renewal with granted variances needs no hearing
    facts["variances"].append({"rule": "20-20.9", "granted": True})
    facts["hearing"]["decision"] = "denied"
    result = run(facts)
    assert "fail" in result.statuses("20-20.9")
    assert "waived" not in result.statuses("20-20.9")
    assert not result.eligible


def test_a_variance_does_not_waive_a_pending_approval():
    facts = sample_facts("goats")
    facts["application"]["construction_approved"] = {"board": True}
    facts["variances"] = [{"rule": "20-20.2", "granted": True}]
    assert run(facts).statuses("20-20.2") == ["pending"]


# --- grandfathering (§20-20(8)) -------------------------------------------------------------


def renewal(first: str | None, unchanged: bool = True, kind: str = "renewal") -> dict:
    facts = sample_facts("horses")
    facts["animals"][0]["count"] = 3  # four equines: fails 20-17.1, .3 and .4
    facts["application"] |= {
        "kind": kind,
        "prior_permit_issued": first,
        "conditions_unchanged": unchanged,
    }
    return facts


def test_a_permit_from_before_august_2002_renewed_unchanged_is_grandfathered():
    result = run(renewal("2002-07-31"))
    assert result.eligible
    statuses = {f.status for f in result.findings}
    assert statuses == {"grandfathered", "not_applicable"}
    assert all(
        f.message.startswith("Grandfathered under §20-20(8)")
        for f in result.findings
        if f.status == "grandfathered"
    )


@pytest.mark.parametrize(
    ("first", "unchanged", "kind"),
    [
        ("2002-08-01", True, "renewal"),  # issued under the regulation
        ("2002-07-31", False, "renewal"),  # conditions changed
        (None, True, "renewal"),
        ("1999-01-01", True, "new"),
    ],
)
def test_no_grandfathering_otherwise(first, unchanged, kind):
    result = run(renewal(first, unchanged, kind))
    assert "grandfathered" not in {f.status for f in result.findings}
    assert not result.eligible


def test_grandfathering_takes_precedence_over_variances():
    facts = renewal("1990-05-01")
    facts["variances"] = [{"rule": "20-17.1", "granted": True}]
    assert set(run(facts).statuses("20-17.1")) == {"grandfathered"}


# --- rulesets -------------------------------------------------------------------------------


def test_every_catalogue_rule_has_a_check_and_a_spec():
    assert list(CHECKS) == list(CATALOGUE)
    for ruleset in RULESETS:
        assert set(ruleset.rules) <= set(CHECKS)


def test_the_catalogue_is_the_contracts():
    assert CATALOGUE == (
        "20-15.4.a",
        "20-15.4.b",
        "20-15.4.d",
        "20-15.4.e",
        "20-15.4.f",
        "20-15.7",
        "20-15.9",
        "20-15.10",
        "20-15.11",
        "20-16.2",
        "20-16.3.a",
        "20-16.3.b",
        "20-16.3.e",
        "20-17.1",
        "20-17.2",
        "20-17.3",
        "20-17.4",
        "20-17.4.b",
        "20-18.3",
        "20-19",
        "20-20.1",
        "20-20.2",
        "20-20.9",
    )


@pytest.mark.parametrize(
    ("rule", "citation"),
    [
        ("20-15.4.a", "§20-15(4)(a)"),
        ("20-15.7", "§20-15(7)"),
        ("20-16.3.b", "§20-16(3)(b)"),
        ("20-17.4.b", "§20-17(4)(b)"),
        ("20-19", "§20-19"),
        ("20-20.9", "§20-20(9)"),
    ],
)
def test_citations_follow_the_contract(rule, citation):
    assert RULESETS[0].rules[rule].citation == citation


@pytest.mark.parametrize(
    "on", [date(2002, 8, 1), date(2027, 3, 15), date(2002, 7, 31), date(1990, 1, 1)]
)
def test_the_2002_ruleset_is_in_force_from_august_2002_and_used_before_it(on):
    ruleset = ruleset_in_force(on)
    assert ruleset is RULESETS[0]
    assert ruleset.effective == date(2002, 8, 1)


def test_an_amended_ruleset_changes_the_figures_without_touching_the_checks():
    from dataclasses import replace
    from types import MappingProxyType

    from permits.rules.ruleset_model import Figure

    base = RULESETS[0]
    spec = base.rules["20-15.4.a"]
    amended_spec = replace(
        spec,
        figures=MappingProxyType(
            {"minimum_ft": Figure(75, "ft", "distance from the abutting property line")}
        ),
    )
    amended = replace(
        base,
        id="amended",
        effective=date(2030, 1, 1),
        rules=MappingProxyType(dict(base.rules) | {"20-15.4.a": amended_spec}),
    )
    facts = parse_facts(sample_facts("goats"))
    assert evaluate(facts).statuses("20-15.4.a") == ["pass"]
    result = evaluate(facts, amended)
    assert [(f.required, f.status) for f in result.for_rule("20-15.4.a")] == [(75, "fail")]
    assert result.ruleset_id == "amended"


def test_the_longest_lived_of_several_variances_is_named():
    facts = undersized(expires="2027-12-31")
    facts["variances"] += [
        {"rule": "20-17.1", "granted": True, "expires": "2028-03-01"},
        {"rule": "20-17.1", "granted": True, "expires": "2026-01-01"},  # expired
    ]
    area = run(facts).for_rule("20-17.1")[1]
    assert area.message.startswith("Waived by variance until 2028-03-01:")
    facts["variances"].append({"rule": "20-17.1", "granted": True, "expires": None})
    assert run(facts).for_rule("20-17.1")[1].message.startswith("Waived by variance: ")
