"""The one comparison (permits.rules.compare): what `after` asks beyond `before`.

Table-driven cases name the scenarios of issue 22 (findings 5-8); property tests state the
principle: a fact set never enlarges itself, anything the rules would judge worse is an
enlargement, and adding animals always is.
"""

from __future__ import annotations

import copy
import dataclasses

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from permits.rules import evaluate, parse_facts
from permits.rules.compare import _field_changes, differences, enlargements, unchanged
from permits.rules.ruleset import ruleset_in_force
from permits.rules.vocabulary import (
    DISTANCE_FIELDS,
    EQUINE_SPECIES,
    OTHER_DOMESTIC_SPECIES,
    STRUCTURE_KINDS,
)
from tests.rules.samples import SAMPLE_FACTS
from tests.rules.test_rules_properties import valid_facts

MODEST = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _facts(name: str = "goats", **changes) -> dict:
    facts = copy.deepcopy(SAMPLE_FACTS[name])
    facts.update(changes)
    return facts


def _enlarged(before: dict, after: dict) -> list[str]:
    return [change.message for change in enlargements(parse_facts(before), parse_facts(after))]


# --- the scenarios ------------------------------------------------------------------------


def test_fifty_ferrets_added_to_two_noticed_guinea_pigs_are_an_enlargement():
    """Finding 8: named other-domestic animals are told apart by name."""
    before = _facts()
    before["animals"] = [{"species": "other_domestic", "name": "guinea pig", "count": 2}]
    after = copy.deepcopy(before)
    after["animals"].append({"species": "other_domestic", "name": "ferret", "count": 50})
    assert _enlarged(before, after) == ["a new species: 50 ferret"]


def test_a_named_animal_is_the_same_animal_whatever_its_case_and_spacing():
    before = _facts()
    before["animals"] = [{"species": "other_domestic", "name": "Guinea  pig", "count": 2}]
    after = copy.deepcopy(before)
    after["animals"] = [{"species": "other_domestic", "name": " guinea pig ", "count": 2}]
    assert unchanged(parse_facts(before), parse_facts(after))


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (lambda f: f.update(manure={"method": "stockpile"}), "manure: stockpile"),
        (lambda f: f.update(facility={"securely_fenced": False}), "securely fenced"),
        (
            lambda f: f.update(vermin_control={"plan_approved": True, "licensed_operator": False}),
            "licensed pest control operator",
        ),
    ],
    ids=["stockpiled-manure", "no-fence", "no-pest-operator"],
)
def test_stockpiling_no_fence_or_no_pest_operator_enlarge_the_keeping(change, expected):
    """Finding 6: the keeping is more than its animals and distances."""
    before = _facts()
    after = copy.deepcopy(before)
    change(after)
    found = _enlarged(before, after)
    assert len(found) == 1 and expected in found[0]
    assert not unchanged(parse_facts(before), parse_facts(after))


def test_a_smaller_loft_is_an_enlargement():
    before = _facts("pigeons") if "pigeons" in SAMPLE_FACTS else None
    if before is None:
        before = _facts()
        before["animals"] = [{"species": "pigeon", "count": 30, "mature": 24}]
        before["structures"].append({"id": "L1", "kind": "loft", "area_sqft": 40})
    loft = next(s for s in before["structures"] if s["kind"] == "loft")
    after = copy.deepcopy(before)
    next(s for s in after["structures"] if s["id"] == loft["id"])["area_sqft"] = 10
    assert any("floor area" in message for message in _enlarged(before, after))


def test_a_coop_moved_closer_to_anything_is_an_enlargement_and_farther_is_not():
    before = _facts()
    closer, farther = copy.deepcopy(before), copy.deepcopy(before)
    closer["structures"][0]["distances_ft"]["dwelling"] = 20
    farther["structures"][0]["distances_ft"]["dwelling"] = 80
    assert _enlarged(before, closer) == ["BARN moved closer to the dwelling: 20 ft (was 45 ft)"]
    assert _enlarged(before, farther) == []
    assert not unchanged(parse_facts(before), parse_facts(farther))


def test_a_feature_that_comes_within_range_is_an_enlargement():
    before = _facts()
    after = copy.deepcopy(before)
    after["structures"][0]["distances_ft"]["well"] = 250
    assert _enlarged(before, after) == [
        "BARN moved closer to the drinking-water well: 250 ft (was none within range)"
    ]


def test_fewer_animals_and_an_improvement_ask_for_nothing_more():
    before = _facts(manure={"method": "stockpile"})
    after = copy.deepcopy(before)
    after["animals"][0]["count"] = 1
    after["manure"] = {"method": "receptacle"}
    assert _enlarged(before, after) == []


def test_a_remodel_declared_ends_unchanged_conditions_but_asks_for_nothing_more_by_itself():
    # §20-20(2)(a) gates the work on its own approvals (the rules' 20-20.2); what it builds is
    # compared on the structures.
    before = _facts()
    before["application"]["construction"] = "none"
    after = copy.deepcopy(before)
    after["application"]["construction"] = "remodel"
    assert not unchanged(parse_facts(before), parse_facts(after))
    assert _enlarged(before, after) == []


def test_the_process_facts_are_not_compared():
    before = _facts()
    after = copy.deepcopy(before)
    after["application"]["date"] = "2028-01-05"
    after["hearing"] = {}
    after["variances"] = [{"rule": "20-15.4.a", "granted": True}]
    assert unchanged(parse_facts(before), parse_facts(after))


# --- the properties -----------------------------------------------------------------------

_SPECIES = EQUINE_SPECIES + OTHER_DOMESTIC_SPECIES
amount = st.one_of(st.none(), st.integers(0, 400))


@st.composite
def mutated(draw, facts: dict) -> dict:
    """`facts` with one to three of its keeping's facts changed, any way at all."""
    after = copy.deepcopy(facts)
    for _ in range(draw(st.integers(1, 3))):
        what = draw(
            st.sampled_from(
                [
                    "count",
                    "add_animal",
                    "drop_animal",
                    "structure",
                    "distance",
                    "kind",
                    "drop_structure",
                    "add_structure",
                    "manure",
                    "flags",
                    "lot",
                    "construction",
                ]
            )
        )
        animals, structures = after["animals"], after["structures"]
        if what == "count" and animals:
            animal = draw(st.sampled_from(animals))
            animal["count"] = draw(st.one_of(st.none(), st.integers(0, 60)))
            animal.pop("mature", None)
            if animal["count"] is not None and draw(st.booleans()):
                animal["mature"] = draw(st.integers(0, animal["count"]))
        elif what == "add_animal":
            species = draw(st.sampled_from(_SPECIES))
            animal = {"species": species, "count": draw(st.integers(0, 60))}
            if species == "other_domestic":
                animal["name"] = draw(st.sampled_from(["ferret", "guinea pig", "parrot"]))
            animals.append(animal)
        elif what == "drop_animal" and animals:
            animals.remove(draw(st.sampled_from(animals)))
        elif what == "structure" and structures:
            structure = draw(st.sampled_from(structures))
            name = draw(
                st.sampled_from(
                    [
                        "area_sqft",
                        "fence_height_ft",
                        "groundwater_clearance_ft",
                        "screened_window",
                        "opposite_louvers",
                        "potable_water",
                        "well_drained",
                    ]
                )
            )
            structure[name] = (
                draw(amount) if name.endswith(("sqft", "_ft")) else draw(st.booleans())
            )
        elif what == "distance" and structures and draw(st.integers(0, 5)) == 0:
            draw(st.sampled_from(structures))["distances_unknown"] = draw(st.booleans())
        elif what == "distance" and structures:
            structure = draw(st.sampled_from(structures))
            distances = structure.setdefault("distances_ft", {})
            distances[draw(st.sampled_from(DISTANCE_FIELDS))] = draw(amount)
        elif what == "kind" and structures:
            draw(st.sampled_from(structures))["kind"] = draw(
                st.sampled_from(sorted(STRUCTURE_KINDS))
            )
        elif what == "drop_structure" and structures:
            structures.remove(draw(st.sampled_from(structures)))
        elif what == "add_structure":
            ident = f"N{len(structures)}"
            if all(s["id"] != ident for s in structures):
                structures.append(
                    {
                        "id": ident,
                        "kind": draw(st.sampled_from(sorted(STRUCTURE_KINDS))),
                        "area_sqft": draw(amount),
                        "distances_ft": {"property_line": draw(amount)},
                    }
                )
        elif what == "manure":
            after["manure"] = {
                "method": draw(
                    st.sampled_from(
                        [None, "receptacle", "burial", "compost", "off_site", "stockpile"]
                    )
                )
            }
        elif what == "flags":
            after["facility"] = {"securely_fenced": draw(st.booleans())}
            after["vermin_control"] = {
                "plan_approved": draw(st.booleans()),
                "licensed_operator": draw(st.booleans()),
            }
        elif what == "lot":
            lot = after.setdefault("lot", {})
            name = draw(
                st.sampled_from(
                    [
                        "area_acres",
                        "percolation_min_per_inch",
                        "flood_prone",
                        "stagnant_water",
                        "equines_under_other_permits",
                    ]
                )
            )
            if name in ("flood_prone", "stagnant_water"):
                lot[name] = draw(st.booleans())
            elif name == "equines_under_other_permits":
                lot[name] = draw(st.integers(0, 4))
            else:
                lot[name] = draw(amount)
        elif what == "construction":
            after["application"]["construction"] = draw(st.sampled_from(["none", "new", "remodel"]))
    return after


@st.composite
def pairs(draw):
    before = draw(valid_facts())
    return before, draw(mutated(before))


def _worse_rules(before, after) -> list:
    """(rule, subject) judged worse on `after`, with the process facts held equal."""
    ruleset = ruleset_in_force(after.application.date)
    application = dataclasses.replace(
        after.application, conditions_unchanged=False, prior_permit_issued=None
    )
    common = dataclasses.replace(after, application=application, variances=())
    old = dataclasses.replace(
        common,
        application=dataclasses.replace(application, construction=before.application.construction),
        lot=before.lot,
        animals=before.animals,
        structures=before.structures,
        manure=before.manure,
        facility=before.facility,
        vermin_control=dataclasses.replace(
            before.vermin_control, plan_approved=after.vermin_control.plan_approved
        ),
    )
    rank = {"fail": 1, "missing": 1}

    def worst(facts):
        found = {}
        for f in evaluate(facts, ruleset).findings:
            key = (f.rule, f.subject)
            found[key] = max(found.get(key, 0), rank.get(f.status, 0))
        return found

    was = worst(old)
    return [key for key, value in worst(common).items() if value > was.get(key, 0)]


@MODEST
@given(valid_facts())
def test_a_fact_set_never_enlarges_itself(facts):
    parsed = parse_facts(facts)
    assert differences(parsed, parsed) == ()
    assert differences(parsed, parse_facts(copy.deepcopy(facts))) == ()


@MODEST
@given(pairs())
def test_anything_the_rules_judge_worse_is_an_enlargement_fact_by_fact(pair):
    """Read fact by fact, without asking the rules: a change that turns a rule's pass into a
    fail (or a missing fact) is always among the enlargements."""
    before, after = (parse_facts(facts) for facts in pair)
    worse = _worse_rules(before, after)
    if worse:
        ruleset = ruleset_in_force(after.application.date)
        assert any(c.enlarges for c in _field_changes(before, after, ruleset)), worse
        assert enlargements(before, after)


@MODEST
@given(pairs())
def test_no_enlargement_means_no_rule_judged_worse(pair):
    before, after = (parse_facts(facts) for facts in pair)
    if not enlargements(before, after):
        assert _worse_rules(before, after) == []


@MODEST
@given(valid_facts(), st.sampled_from(_SPECIES), st.integers(1, 60))
def test_adding_animals_is_always_an_enlargement(facts, species, count):
    after = copy.deepcopy(facts)
    animal = {"species": species, "count": count}
    if species == "other_domestic":
        animal["name"] = "ferret"
    after["animals"].append(animal)
    before = parse_facts(facts)
    if any(a.count is None for a in before.animals):
        return  # an unknown count cannot grow: it is already anything
    assert enlargements(before, parse_facts(after))
