"""The coverage map names every numbered provision of §20-13 to §20-23, and the checklist."""

from __future__ import annotations

import re

import pytest

from permits.rules import CATALOGUE, RULESETS
from permits.rules.checklist import AUDIENCES, CHECKLIST, checklist_for
from permits.rules.coverage import ENFORCEMENT_KINDS, PROVISIONS, provision

EXPECTED_CITATIONS = [
    "§20-13",
    "§20-14",
    *[f"§20-15({n})" for n in range(1, 12)],
    "§20-15(4)(a)",
    "§20-15(4)(b)",
    "§20-15(4)(d)",
    "§20-15(4)(e)",
    "§20-15(4)(f)",
    "§20-16(1)(a)",
    "§20-16(1)(b)",
    "§20-16(2)",
    *[f"§20-16(3)({letter})" for letter in "abcde"],
    *[f"§20-16({n})" for n in range(4, 9)],
    *[f"§20-17({n})" for n in range(1, 6)],
    "§20-17(4)(a)",
    "§20-17(4)(b)",
    "§20-17(4)(c)",
    *[f"§20-18({n})" for n in range(1, 8)],
    "§20-19",
    *[f"§20-20({n})" for n in range(1, 10)],
    "§20-20(2)(a)",
    "§20-20(2)(b)",
    "§20-21",
    "§20-22",
    "§20-23",
]
CHECKLIST_IDS = {item.id for item in CHECKLIST}


def test_every_numbered_provision_is_mapped_once():
    citations = [entry.citation for entry in PROVISIONS]
    assert len(citations) == len(set(citations))
    assert set(citations) == set(EXPECTED_CITATIONS)


@pytest.mark.parametrize("entry", PROVISIONS, ids=lambda entry: entry.citation)
def test_each_provision_says_how_it_is_enforced(entry):
    assert entry.title and entry.summary
    assert entry.enforcement and set(entry.enforcement) <= set(ENFORCEMENT_KINDS)
    assert set(entry.targets) == set(entry.enforcement)
    assert set(entry.rules) <= set(CATALOGUE)
    assert set(entry.checklist) <= CHECKLIST_IDS
    for item in entry.checklist:
        assert next(i for i in CHECKLIST if i.id == item).citation.startswith(entry.citation)


def test_every_catalogue_rule_is_mapped_to_its_own_provision():
    citations = RULESETS[-1].rules
    for rule in CATALOGUE:
        assert rule in provision(citations[rule].citation).rules


def test_every_checklist_item_is_mapped():
    mapped = {item for entry in PROVISIONS for item in entry.checklist}
    assert mapped == CHECKLIST_IDS


@pytest.mark.parametrize(
    ("citation", "kind"),
    [
        ("§20-15(2)", "not_decidable"),
        ("§20-15(3)", "not_decidable"),
        ("§20-20(5)", "workflow"),
        ("§20-20(3)", "workflow"),
        ("§20-20(4)", "workflow"),
        ("§20-20(6)", "workflow"),
        ("§20-20(7)", "workflow"),
        ("§20-21", "workflow"),
        ("§20-22", "workflow"),
        ("§20-16(5)", "checklist"),
        ("§20-18(5)", "checklist"),
        ("§20-17(1)", "rule"),
    ],
)
def test_notable_provisions_are_enforced_as_expected(citation, kind):
    assert kind in provision(citation).enforcement


def test_checklist_ids_are_unique_and_well_formed():
    ids = [item.id for item in CHECKLIST]
    assert len(ids) == len(set(ids))
    for item in CHECKLIST:
        assert re.fullmatch(r"20-\d\d(\.\d+)?(\.[a-z])?\.[a-z0-9-]+", item.id), item.id
        assert item.applies_to in AUDIENCES
        assert item.question.endswith("?")
        assert item.citation.startswith("§20-")


def test_checklist_questions_carry_the_ruleset_figures():
    questions = {item.id: item.question for item in CHECKLIST}
    assert "72 hours" in questions["20-16.7.dead-animals"]
    assert "6 ft" in questions["20-17.3.corral-fence"]
    assert "10 am to 3 pm, June to September" in questions["20-18.5.no-training-hours"]
    assert "April 15 to October 15" in questions["20-18.2.cleaning"]
    assert "4 hours" in questions["20-18.7.no-release-after-feeding"]
    assert "100 ft" in questions["20-16.2.manure-distance"]


def audiences_of(items) -> set[str]:
    return {item.applies_to for item in items}


def test_a_goat_keeper_gets_the_general_and_sanitary_items_only():
    items = checklist_for(["goat", "sheep"], "receptacle")
    assert audiences_of(items) == {"all"}
    assert "20-16.5.feed-sealed" in {item.id for item in items}
    assert "20-19.plan-carried-out" in {item.id for item in items}


@pytest.mark.parametrize(
    ("species", "method", "expected"),
    [
        (["pony"], None, {"all", "equines"}),
        (["pigeon"], None, {"all", "pigeons"}),
        # §20-15(1), (10) and (11) are asked everywhere, so poultry and wild animals add none.
        (["chicken"], None, {"all"}),
        (["snake"], None, {"all"}),
        (["goat"], "burial", {"all", "manure_burial"}),
        (["goat"], "off_site", {"all", "manure_off_site"}),
        (["goat"], "compost", {"all", "manure_compost"}),
        (["mule", "pigeon", "rooster"], "receptacle", {"all", "equines", "pigeons"}),
    ],
)
def test_checklist_follows_what_the_facility_keeps(species, method, expected):
    assert audiences_of(checklist_for(species, method)) == expected


def test_checklist_keeps_the_regulations_order():
    items = checklist_for(["horse", "pigeon"])
    assert items == [item for item in CHECKLIST if item in items]
