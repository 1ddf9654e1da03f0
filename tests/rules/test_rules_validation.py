"""Invalid facts are refused with the path of the first problem, never with an exception."""

from __future__ import annotations

import copy
import math
from decimal import Decimal

import pytest

from permits.rules import FactsError, check, parse_facts
from tests.rules.samples import sample_facts

GOATS = sample_facts("goats")
HORSES = sample_facts("horses")


def changed(base: dict, edit) -> dict:
    facts = copy.deepcopy(base)
    edit(facts)
    return facts


def error_of(obj) -> dict:
    result = check(obj)
    assert set(result) == {"error"}, result
    assert set(result["error"]) == {"path", "message"}
    assert result["error"]["message"]
    return result["error"]


INVALID = [
    # (description, facts, expected path)
    ("unknown top-level key", changed(GOATS, lambda f: f.update(colour="red")), "colour"),
    (
        "unknown application key",
        changed(GOATS, lambda f: f["application"].update(fee=5)),
        "application.fee",
    ),
    (
        "unknown distance key",
        changed(GOATS, lambda f: f["structures"][1]["distances_ft"].update(lake=3)),
        "structures[1].distances_ft.lake",
    ),
    (
        "unknown approvals key",
        changed(GOATS, lambda f: f.update(approvals={"x": 1})),
        "approvals.x",
    ),
    (
        "bad species",
        changed(GOATS, lambda f: f["animals"].append({"species": "ferret", "count": 1})),
        "animals[2].species",
    ),
    (
        "species not a string",
        changed(GOATS, lambda f: f["animals"][0].update(species=3)),
        "animals[0].species",
    ),
    (
        "species missing",
        changed(GOATS, lambda f: f["animals"][0].pop("species")),
        "animals[0].species",
    ),
    (
        "negative count",
        changed(GOATS, lambda f: f["animals"][0].update(count=-1)),
        "animals[0].count",
    ),
    (
        "fractional count",
        changed(GOATS, lambda f: f["animals"][0].update(count=1.5)),
        "animals[0].count",
    ),
    (
        "bool as count",
        changed(GOATS, lambda f: f["animals"][0].update(count=True)),
        "animals[0].count",
    ),
    (
        "string count",
        changed(GOATS, lambda f: f["animals"][0].update(count="3")),
        "animals[0].count",
    ),
    (
        "mature above count",
        changed(GOATS, lambda f: f["animals"][0].update(count=3, mature=4)),
        "animals[0].mature",
    ),
    ("animal not an object", changed(GOATS, lambda f: f["animals"].append("goat")), "animals[2]"),
    ("animals not a list", changed(GOATS, lambda f: f.update(animals={"goat": 3})), "animals"),
    (
        "duplicate structure id",
        changed(GOATS, lambda f: f["structures"][1].update(id="BARN")),
        "structures[1].id",
    ),
    (
        "empty structure id",
        changed(GOATS, lambda f: f["structures"][0].update(id=" ")),
        "structures[0].id",
    ),
    (
        "bad structure kind",
        changed(GOATS, lambda f: f["structures"][0].update(kind="garage")),
        "structures[0].kind",
    ),
    (
        "negative distance",
        changed(GOATS, lambda f: f["structures"][0]["distances_ft"].update(wetland=-5)),
        "structures[0].distances_ft.wetland",
    ),
    (
        "NaN area",
        changed(GOATS, lambda f: f["structures"][0].update(area_sqft=math.nan)),
        "structures[0].area_sqft",
    ),
    (
        "infinite area",
        changed(GOATS, lambda f: f["lot"].update(area_acres=math.inf)),
        "lot.area_acres",
    ),
    (
        "huge integer",
        changed(GOATS, lambda f: f["lot"].update(area_acres=10**5000)),
        "lot.area_acres",
    ),
    ("bool as area", changed(GOATS, lambda f: f["lot"].update(area_acres=False)), "lot.area_acres"),
    (
        "bool field not a bool",
        changed(GOATS, lambda f: f["facility"].update(securely_fenced="yes")),
        "facility.securely_fenced",
    ),
    (
        "distances not an object",
        changed(GOATS, lambda f: f["structures"][0].update(distances_ft=[1, 2])),
        "structures[0].distances_ft",
    ),
    (
        "bad date",
        changed(GOATS, lambda f: f["application"].update(date="2027-02-30")),
        "application.date",
    ),
    (
        "date not ISO",
        changed(GOATS, lambda f: f["application"].update(date="03/15/2027")),
        "application.date",
    ),
    (
        "compact ISO date",
        changed(GOATS, lambda f: f["application"].update(date="20270315")),
        "application.date",
    ),
    (
        "date with time",
        changed(GOATS, lambda f: f["hearing"].update(held_on="2027-05-18T10:00")),
        "hearing.held_on",
    ),
    (
        "date not a string",
        changed(GOATS, lambda f: f["hearing"].update(abutter_notice_mailed=20270401)),
        "hearing.abutter_notice_mailed",
    ),
    ("missing date", changed(GOATS, lambda f: f["application"].pop("date")), "application.date"),
    ("missing kind", changed(GOATS, lambda f: f["application"].pop("kind")), "application.kind"),
    (
        "bad kind",
        changed(GOATS, lambda f: f["application"].update(kind="transfer")),
        "application.kind",
    ),
    ("missing application", changed(GOATS, lambda f: f.pop("application")), "application"),
    (
        "application not an object",
        changed(GOATS, lambda f: f.update(application="new")),
        "application",
    ),
    (
        "bad construction",
        changed(GOATS, lambda f: f["application"].update(construction="yes")),
        "application.construction",
    ),
    (
        "unknown approval key",
        changed(GOATS, lambda f: f["application"]["construction_approved"].update(mayor=True)),
        "application.construction_approved.mayor",
    ),
    (
        "bad manure method",
        changed(GOATS, lambda f: f.update(manure={"method": "river"})),
        "manure.method",
    ),
    (
        "bad decision",
        changed(GOATS, lambda f: f["hearing"].update(decision="maybe")),
        "hearing.decision",
    ),
    (
        "variance with unknown rule",
        changed(GOATS, lambda f: f.update(variances=[{"rule": "20-99", "granted": True}])),
        "variances[0].rule",
    ),
    (
        "variance without rule",
        changed(GOATS, lambda f: f.update(variances=[{"granted": True}])),
        "variances[0].rule",
    ),
    (
        "variance with bad expiry",
        changed(GOATS, lambda f: f.update(variances=[{"rule": "20-15.7", "expires": "soon"}])),
        "variances[0].expires",
    ),
    (
        "enlargement of an unknown rule",
        changed(GOATS, lambda f: f.update(setback_enlargements={"20-15.4.c": 60})),
        "setback_enlargements.20-15.4.c",
    ),
    (
        "enlargement of a rule that is no setback",
        changed(GOATS, lambda f: f.update(setback_enlargements={"20-17.1": 60})),
        "setback_enlargements.20-17.1",
    ),
    (
        "enlargement not a number",
        changed(GOATS, lambda f: f.update(setback_enlargements={"20-15.4.a": "60"})),
        "setback_enlargements.20-15.4.a",
    ),
    (
        "porous fill not an object",
        changed(HORSES, lambda f: f["lot"].update(porous_fill=12)),
        "lot.porous_fill",
    ),
    (
        "porous fill unknown key",
        changed(HORSES, lambda f: f["lot"].update(porous_fill={"material": "gravel"})),
        "lot.porous_fill.material",
    ),
]


@pytest.mark.parametrize(("facts", "path"), [pytest.param(f, p, id=d) for d, f, p in INVALID])
def test_invalid_facts_report_the_path(facts, path):
    assert error_of(facts)["path"] == path
    with pytest.raises(FactsError) as raised:
        parse_facts(facts)
    assert raised.value.path == path


@pytest.mark.parametrize("obj", [None, [], [GOATS], "facts", 3, 2.5, True, b"{}", object()])
def test_anything_but_an_object_is_refused_at_the_root(obj):
    assert error_of(obj) == {"path": "", "message": "facts must be a JSON object"}


def test_parse_refuses_a_list():
    with pytest.raises(FactsError) as raised:
        parse_facts([GOATS])
    assert raised.value.path == ""


def test_messages_are_plain_and_specific():
    assert error_of(changed(GOATS, lambda f: f["animals"][0].update(count=3, mature=4))) == {
        "path": "animals[0].mature",
        "message": "must not exceed count (3)",
    }
    message = error_of(
        changed(GOATS, lambda f: f["animals"].append({"species": "ferret", "count": 1}))
    )["message"]
    assert "ferret" in message and "wild" in message


def test_an_unknown_species_marked_wild_is_accepted():
    facts = changed(
        GOATS, lambda f: f["animals"].append({"species": "ferret", "count": 1, "wild": True})
    )
    assert "error" not in check(facts)


@pytest.mark.parametrize(
    ("edit", "check_parsed"),
    [
        (lambda f: f["animals"][0].update(count=3.0), lambda p: p.animals[0].count == 3),
        (lambda f: f["animals"][0].pop("count"), lambda p: p.animals[0].count is None),
        (lambda f: f["animals"][0].update(count=None), lambda p: p.animals[0].mature is None),
        (lambda f: f["animals"][0].update(count=5), lambda p: p.animals[0].mature == 5),
        (
            lambda f: f["facility"].update(securely_fenced=None),
            lambda p: p.facility.securely_fenced is False,
        ),
        (lambda f: f.update(lot=None), lambda p: p.lot.area_acres is None),
        (lambda f: f.update(hearing=None), lambda p: p.hearing.held_on is None),
        (
            lambda f: f["structures"][0].update(distances_ft=None),
            lambda p: p.structures[0].distances.property_line is None,
        ),
        (
            lambda f: f["application"].update(construction=None),
            lambda p: p.application.construction == "none",
        ),
        (
            lambda f: f.update(setback_enlargements={"20-15.4.a": None}),
            lambda p: p.setback_enlargements == (),
        ),
    ],
)
def test_absent_and_null_values_follow_the_contract(edit, check_parsed):
    assert check_parsed(parse_facts(changed(GOATS, edit)))


def test_deeply_nested_input_is_refused_quickly():
    deep: object = 1
    for _ in range(100_000):
        deep = [deep]
    assert error_of({"application": deep})["path"] == "application"
    facts = {"application": GOATS["application"], "animals": [deep]}
    assert error_of(facts)["path"] == "animals[0]"


def test_huge_keys_and_values_are_shortened_in_errors():
    error = error_of({"x" * 10_000: 1})
    assert len(error["path"]) <= 60
    error = error_of(
        changed(GOATS, lambda f: f["animals"].append({"species": "y" * 10_000, "count": 1}))
    )
    assert len(error["message"]) < 200


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (Decimal("2.5"), 2.5),
        (Decimal("3"), 3),
        (Decimal("NaN"), None),
        (Decimal("1E+999999"), None),
        (Decimal("-1"), None),
    ],
)
def test_decimals_from_a_database_adapter_are_accepted_when_in_range(value, expected):
    facts = changed(GOATS, lambda f: f["lot"].update(area_acres=value))
    if expected is None:
        assert error_of(facts)["path"] == "lot.area_acres"
    else:
        assert parse_facts(facts).lot.area_acres == expected
