"""The rules' worked examples for their tests: small, complete facts that satisfy every rule,
one keeping each (goats and sheep, horses, pigeons). A test starts from a fresh copy and changes
the one fact it is about.

They live beside the tests, not in the rules package: only tests read them, and the rules
module ships what the rules need and nothing else (the benchmark's generated mix is
stoneham_boh/bench/rules_facts.py).
"""

from __future__ import annotations

import copy

SAMPLE_FACTS: dict[str, dict] = {
    "goats": {
        "application": {
            "kind": "new",
            "date": "2027-06-01",
            "construction": "new",
            "construction_approved": {"board": True, "building_inspector": True},
        },
        "lot": {"area_acres": 1.2, "percolation_min_per_inch": 8},
        "animals": [{"species": "goat", "count": 3}, {"species": "sheep", "count": 2}],
        "structures": [
            {
                "id": "BARN",
                "kind": "shelter",
                "area_sqft": 120,
                "potable_water": True,
                "distances_ft": {
                    "property_line": 61,
                    "wetland": 140,
                    "sewage_disposal": 30,
                    "public_way": 25,
                    "dwelling": 45,
                },
            },
            {"id": "PILE", "kind": "manure_storage", "distances_ft": {"dwelling": 110}},
        ],
        "manure": {"method": "receptacle"},
        "facility": {"securely_fenced": True},
        "vermin_control": {"plan_approved": True, "licensed_operator": True},
        "documents": {
            "site_plan": True,
            "certified_abutter_list": True,
            "maintenance_plan": True,
            "fly_vermin_control_method": True,
            "construction_drainage_details": True,
            "fencing_details": True,
        },
        "hearing": {
            "held_on": "2027-05-18",
            "abutter_notice_mailed": "2027-04-30",
            "newspaper_notice_published": "2027-05-04",
            "decision": "approved",
        },
    },
    "horses": {
        "application": {"kind": "renewal", "date": "2027-12-01"},
        "lot": {"area_acres": 3.0, "percolation_min_per_inch": 15},
        "animals": [{"species": "horse", "count": 2}, {"species": "donkey", "count": 1}],
        "structures": [
            {
                "id": "S1",
                "kind": "stable",
                "area_sqft": 220,
                "screened_window": True,
                "opposite_louvers": True,
                "potable_water": True,
                "distances_ft": {"property_line": 90, "public_way": 120},
            },
            {
                "id": "C1",
                "kind": "corral",
                "area_sqft": 1600,
                "fence_height_ft": 6.5,
                "distances_ft": {"public_way": 100},
            },
            {"id": "M1", "kind": "manure_storage", "distances_ft": {"dwelling": 150}},
        ],
        "manure": {"method": "off_site"},
        "facility": {"securely_fenced": True},
        "vermin_control": {"plan_approved": True, "licensed_operator": True},
    },
    "pigeons": {
        "application": {"kind": "renewal", "date": "2027-09-01"},
        "animals": [{"species": "pigeon", "count": 30, "mature": 24}],
        "structures": [
            {
                "id": "L1",
                "kind": "loft",
                "area_sqft": 40,
                "potable_water": True,
                "distances_ft": {"property_line": 55},
            },
            {"id": "BIN", "kind": "manure_storage", "distances_ft": {"dwelling": 120}},
        ],
        "manure": {"method": "receptacle"},
        "facility": {"securely_fenced": True},
        "vermin_control": {"plan_approved": True, "licensed_operator": True},
    },
}


def sample_facts(name: str) -> dict:
    """A fresh copy of ``SAMPLE_FACTS[name]`` (``goats``, ``horses`` or ``pigeons``)."""
    return copy.deepcopy(SAMPLE_FACTS[name])
