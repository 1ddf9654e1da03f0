"""Property tests: ``check`` never raises, and valid facts always give a coherent result."""

from __future__ import annotations

import math
from datetime import date

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from permits.rules import CATALOGUE, STATUSES, check
from permits.rules.vocabulary import (
    DISTANCE_FIELDS,
    DOCUMENT_FIELDS,
    EQUINE_SPECIES,
    EXEMPT_SPECIES,
    OTHER_DOMESTIC_SPECIES,
    STRUCTURE_KINDS,
    WILD_SPECIES,
)

MODEST = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
BLOCKING = {"fail", "missing", "pending"}

# --- anything at all ------------------------------------------------------------------------

KEYS = st.sampled_from(
    [
        "application",
        "lot",
        "animals",
        "structures",
        "kind",
        "date",
        "species",
        "count",
        "id",
        "distances_ft",
        "hearing",
        "variances",
        "rule",
        "x",
    ]
) | st.text(max_size=8)
SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**30), max_value=10**30)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=12)
    | st.sampled_from(["new", "renewal", "2027-03-15", "horse", "stable", "20-17.1"])
)
JSON_LIKE = st.recursive(
    SCALARS,
    lambda children: st.lists(children, max_size=4) | st.dictionaries(KEYS, children, max_size=5),
    max_leaves=30,
)


def _assert_well_formed(result: dict) -> None:
    assert isinstance(result, dict)
    if "error" in result:
        assert set(result) == {"error"}
        assert isinstance(result["error"]["path"], str)
        assert isinstance(result["error"]["message"], str) and result["error"]["message"]
    else:
        assert set(result) == {"permit_required", "eligible", "findings"}


@MODEST
@given(JSON_LIKE)
def test_check_never_raises_on_anything(obj):
    _assert_well_formed(check(obj))


@MODEST
@given(
    st.dictionaries(
        st.sampled_from(
            [
                "application",
                "lot",
                "animals",
                "structures",
                "manure",
                "hearing",
                "variances",
                "setback_enlargements",
            ]
        ),
        JSON_LIKE,
        max_size=6,
    )
)
def test_check_never_raises_on_object_shaped_junk(obj):
    obj.setdefault("application", {"kind": "new", "date": "2027-03-15"})
    _assert_well_formed(check(obj))


# --- valid facts ----------------------------------------------------------------------------

SPECIES = EQUINE_SPECIES + OTHER_DOMESTIC_SPECIES + WILD_SPECIES + EXEMPT_SPECIES
amount = st.one_of(
    st.none(), st.integers(0, 2000), st.floats(0, 2000, allow_nan=False, allow_infinity=False)
)
day = st.dates(min_value=date(1990, 1, 1), max_value=date(2035, 12, 31)).map(date.isoformat)
flag = st.one_of(st.none(), st.booleans())


@st.composite
def animals(draw):
    count = draw(st.one_of(st.none(), st.integers(0, 40)))
    animal = {"species": draw(st.sampled_from(SPECIES)), "count": count}
    if animal["species"] == "other_domestic":
        animal["name"] = draw(st.sampled_from(["guinea pig", "ferret", "parrot", " gerbil "]))
    if count is not None and draw(st.booleans()):
        animal["mature"] = draw(st.integers(0, count))
    if draw(st.booleans()):
        animal["wild"] = draw(st.booleans())
    return animal


@st.composite
def structures(draw, ident: str):
    structure = {"id": ident, "kind": draw(st.sampled_from(sorted(STRUCTURE_KINDS)))}
    for name in ("area_sqft", "fence_height_ft", "groundwater_clearance_ft"):
        if draw(st.booleans()):
            structure[name] = draw(amount)
    for name in ("screened_window", "opposite_louvers", "potable_water", "well_drained"):
        if draw(st.booleans()):
            structure[name] = draw(flag)
    structure["distances_ft"] = draw(st.dictionaries(st.sampled_from(DISTANCE_FIELDS), amount))
    return structure


@st.composite
def valid_facts(draw):
    facts = {
        "application": {
            "kind": draw(st.sampled_from(["new", "renewal"])),
            "date": draw(day),
            "term_begins": draw(st.one_of(st.none(), day)),
            "construction": draw(st.sampled_from(["none", "new", "remodel"])),
            "construction_approved": {"board": draw(flag), "building_inspector": draw(flag)},
            "prior_permit_issued": draw(st.one_of(st.none(), day)),
            "conditions_unchanged": draw(flag),
            "injurious_conditions": draw(flag),
        },
        "lot": {
            "area_acres": draw(amount),
            "percolation_min_per_inch": draw(amount),
            "flood_prone": draw(flag),
            "stagnant_water": draw(flag),
            "equines_under_other_permits": draw(st.one_of(st.none(), st.integers(0, 5))),
            "porous_fill": draw(
                st.one_of(
                    st.none(),
                    st.fixed_dictionaries(
                        {"depth_in": amount, "extends_ft": amount, "board_inspected": flag}
                    ),
                )
            ),
        },
        "animals": draw(st.lists(animals(), max_size=5)),
        "structures": [draw(structures(f"S{i}")) for i in range(draw(st.integers(0, 5)))],
        "manure": {
            "method": draw(
                st.sampled_from([None, "receptacle", "burial", "compost", "off_site", "stockpile"])
            )
        },
        "facility": {"securely_fenced": draw(flag)},
        "vermin_control": {"plan_approved": draw(flag), "licensed_operator": draw(flag)},
        "documents": {name: draw(flag) for name in DOCUMENT_FIELDS},
        "hearing": {
            "held_on": draw(st.one_of(st.none(), day)),
            "abutter_notice_mailed": draw(st.one_of(st.none(), day)),
            "newspaper_notice_published": draw(st.one_of(st.none(), day)),
            "decision": draw(st.sampled_from([None, "approved", "denied"])),
        },
        "approvals": {
            "conservation_commission_wetland_ft": draw(amount),
            "wild_animal": draw(flag),
            "composting": draw(flag),
        },
        "setback_enlargements": draw(
            st.dictionaries(
                st.sampled_from(["20-15.4.a", "20-15.4.b", "20-15.4.d", "20-15.4.e", "20-15.4.f"]),
                st.integers(0, 500),
            )
        ),
        "variances": draw(
            st.lists(
                st.fixed_dictionaries(
                    {
                        "rule": st.sampled_from(CATALOGUE),
                        "granted": flag,
                        "expires": st.one_of(st.none(), day),
                    }
                ),
                max_size=3,
            )
        ),
    }
    return facts


@MODEST
@given(valid_facts())
def test_valid_facts_always_give_a_coherent_result(facts):
    result = check(facts)
    assert "error" not in result, result
    findings = result["findings"]
    assert result["eligible"] is not any(f["status"] in BLOCKING for f in findings)
    if not result["permit_required"]:
        assert result["eligible"] is True and findings == []
        return
    citations = {}
    for finding in findings:
        assert finding["rule"] in CATALOGUE
        assert finding["status"] in STATUSES
        assert finding["citation"].startswith("§20-")
        assert citations.setdefault(finding["rule"], finding["citation"]) == finding["citation"]
        assert isinstance(finding["message"], str) and finding["message"]
        assert finding["subject"] is None or isinstance(finding["subject"], str)
        if "unit" in finding:
            for key in ("required", "actual"):
                value = finding[key]
                assert value is None or (isinstance(value, int | float) and math.isfinite(value))
    assert {f["rule"] for f in findings} == set(CATALOGUE)
    for variance in facts["variances"]:
        if variance["rule"] == "20-20.9":
            assert all(f["status"] != "waived" for f in findings if f["rule"] == "20-20.9")


@MODEST
@given(valid_facts())
def test_a_variance_turns_only_failures_into_waivers(facts):
    """Revision 2: the same facts without variances fail exactly where they are waived."""
    with_variances = check(facts)
    without = check({**facts, "variances": []})
    if not with_variances["permit_required"]:
        return
    plain = {(f["rule"], f["subject"], f["message"]): f["status"] for f in without["findings"]}
    for finding in with_variances["findings"]:
        if finding["status"] == "waived":
            message = finding["message"].split(": ", 1)[1]
            assert plain[(finding["rule"], finding["subject"], message)] == "fail"
        assert not (finding["status"] == "waived" and finding["rule"] == "20-20.9")
