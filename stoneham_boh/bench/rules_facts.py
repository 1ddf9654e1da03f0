"""The benchmark's load for the rules: ``generate_facts(n, seed)``, deterministic, realistic
facts in the rules' own JSON shape.

The mix follows what a town Board of Health sees: backyard hens, goats and sheep, a few horse
properties, pigeon lofts, rabbits, the odd rooster or exotic pet, dogs and cats that need no
permit. Distances are drawn so that most applications pass and some fail. Pure Python, like
the rules it feeds (``python -m stoneham_boh.bench.rules_speed`` runs without Django); the rules
tests draw their varied inputs here too.
"""

from __future__ import annotations

import random
from datetime import date, timedelta

_KINDS_OF_KEEPING = (
    # (weight, animals factory name)
    (30, "hens"),
    (20, "goats_and_sheep"),
    (15, "horses"),
    (12, "pigeons"),
    (8, "rabbits"),
    (5, "mixed_farm"),
    (4, "exempt_pets"),
    (3, "rooster"),
    (3, "exotic"),
)


def _distances(rng: random.Random, fields: tuple[str, ...]) -> dict:
    out = {}
    for name in fields:
        if rng.random() < 0.3:
            continue  # no such feature within 300 ft
        out[name] = rng.choice((rng.randint(5, 300), round(rng.uniform(5, 300), 1)))
    return out


_HOUSING_FIELDS = (
    "property_line",
    "wetland",
    "watercourse",
    "well",
    "sewage_disposal",
    "dwelling",
    "abutting_dwelling",
)


def _housing(rng: random.Random, ident: str, kind: str, area: tuple[int, int]) -> dict:
    structure = {
        "id": ident,
        "kind": kind,
        "area_sqft": rng.randint(*area),
        "potable_water": rng.random() < 0.9,
        "distances_ft": _distances(rng, _HOUSING_FIELDS),
    }
    if kind == "stable":
        structure["screened_window"] = rng.random() < 0.85
        structure["opposite_louvers"] = rng.random() < 0.85
        structure["distances_ft"]["public_way"] = rng.randint(10, 200)
    return structure


def _animals_and_structures(rng: random.Random, keeping: str) -> tuple[list, list]:
    if keeping == "hens":
        return (
            [{"species": "chicken", "count": rng.randint(2, 12)}],
            [_housing(rng, "COOP", "coop", (20, 120))],
        )
    if keeping == "goats_and_sheep":
        return (
            [
                {"species": "goat", "count": rng.randint(1, 4)},
                {"species": "sheep", "count": rng.randint(0, 3)},
            ],
            [_housing(rng, "BARN", "shelter", (80, 400))],
        )
    if keeping == "horses":
        n = rng.choice((1, 1, 2, 2, 3, 4))
        species = rng.choice(("horse", "horse", "pony", "donkey", "mule"))
        corral = {
            "id": "C1",
            "kind": "corral",
            "area_sqft": rng.randint(800, 2500),
            "fence_height_ft": rng.choice((None, 5, 6, 6.5, 7)),
            "distances_ft": {"public_way": rng.randint(5, 150)},
        }
        return (
            [{"species": species, "count": n}],
            [_housing(rng, "S1", "stable", (90, 300)), corral],
        )
    if keeping == "pigeons":
        count = rng.randint(10, 80)
        return (
            [{"species": "pigeon", "count": count, "mature": rng.randint(0, count)}],
            [_housing(rng, "LOFT", "loft", (20, 100))],
        )
    if keeping == "rabbits":
        return (
            [{"species": "rabbit", "count": rng.randint(1, 6)}],
            [_housing(rng, "H1", "hutch", (8, 40))],
        )
    if keeping == "mixed_farm":
        return (
            [
                {"species": "chicken", "count": rng.randint(4, 20)},
                {"species": "duck", "count": rng.randint(0, 6)},
                {"species": "goat", "count": rng.randint(1, 3)},
                {"species": "horse", "count": 1},
                {"species": "dog", "count": 1},
            ],
            [
                _housing(rng, "COOP", "coop", (30, 150)),
                _housing(rng, "BARN", "shelter", (100, 400)),
                _housing(rng, "S1", "stable", (100, 200)),
                {
                    "id": "C1",
                    "kind": "corral",
                    "area_sqft": rng.randint(900, 2000),
                    "fence_height_ft": 6,
                    "distances_ft": {"public_way": 40},
                },
                {
                    "id": "PILE",
                    "kind": "manure_storage",
                    "distances_ft": {"dwelling": rng.randint(40, 200)},
                },
            ],
        )
    if keeping == "exempt_pets":
        return (
            [{"species": rng.choice(("dog", "cat", "hamster")), "count": rng.randint(1, 3)}],
            [],
        )
    if keeping == "rooster":
        return (
            [
                {"species": "chicken", "count": rng.randint(3, 8)},
                {"species": "rooster", "count": 1},
            ],
            [_housing(rng, "COOP", "coop", (30, 100))],
        )
    return (
        [
            rng.choice(
                ({"species": "snake", "count": 1}, {"species": "ferret", "count": 2, "wild": True})
            )
        ],
        [_housing(rng, "PEN", "pen", (10, 60))],
    )


def _one(rng: random.Random, index: int) -> dict:
    weights = [w for w, _ in _KINDS_OF_KEEPING]
    keeping = rng.choices([k for _, k in _KINDS_OF_KEEPING], weights)[0]
    animals, structures = _animals_and_structures(rng, keeping)
    if (
        structures
        and rng.random() < 0.85
        and not any(s["kind"] == "manure_storage" for s in structures)
    ):
        # §20-16(2): most plans describe where manure is kept; some forget.
        structures.append(
            {
                "id": "BIN",
                "kind": "manure_storage",
                "distances_ft": {"dwelling": rng.randint(60, 200)},
            }
        )
    decided = date(2026, 1, 1) + timedelta(days=rng.randint(0, 720))
    kind = rng.choice(("new", "new", "renewal"))
    facts: dict = {
        "application": {
            "kind": kind,
            "date": decided.isoformat(),
            "construction": rng.choice(("none", "none", "new", "remodel")),
        },
        "lot": {
            "area_acres": round(rng.uniform(0.2, 5), 2),
            "percolation_min_per_inch": rng.randint(2, 30),
        },
        "animals": animals,
        "structures": structures,
        "manure": {
            "method": rng.choice(
                ("receptacle", "receptacle", "off_site", "compost", "stockpile", None)
            )
        },
        "facility": {"securely_fenced": rng.random() < 0.9},
        "vermin_control": {"plan_approved": rng.random() < 0.9, "licensed_operator": True},
    }
    application = facts["application"]
    if application["construction"] != "none":
        application["construction_approved"] = {
            "board": rng.random() < 0.8,
            "building_inspector": rng.random() < 0.8,
        }
    if kind == "renewal" and rng.random() < 0.2:
        application["prior_permit_issued"] = rng.choice(("1998-05-01", "2002-07-31", "2010-03-02"))
        application["conditions_unchanged"] = rng.random() < 0.7
    if kind == "new":
        facts["documents"] = {
            name: rng.random() < 0.95
            for name in (
                "site_plan",
                "certified_abutter_list",
                "maintenance_plan",
                "fly_vermin_control_method",
                "construction_drainage_details",
                "fencing_details",
            )
        }
    if rng.random() < 0.1:
        facts["variances"] = [
            {
                "rule": rng.choice(("20-17.1", "20-15.4.a", "20-15.11")),
                "granted": rng.random() < 0.8,
                "expires": rng.choice((None, "2027-12-31", "2025-12-31")),
            }
        ]
    if rng.random() < 0.05:
        facts["setback_enlargements"] = {"20-15.4.a": rng.choice((60, 75, 400))}
    if kind == "new" or "variances" in facts:
        held = decided - timedelta(days=rng.randint(-10, 40))
        facts["hearing"] = {
            "held_on": held.isoformat(),
            "abutter_notice_mailed": (held - timedelta(days=rng.randint(10, 25))).isoformat(),
            "newspaper_notice_published": (held - timedelta(days=rng.randint(10, 25))).isoformat(),
            "decision": rng.choice(("approved", "approved", "denied", None)),
        }
    if rng.random() < 0.1:
        facts["approvals"] = {
            "wild_animal": rng.random() < 0.5,
            "composting": rng.random() < 0.5,
            "conservation_commission_wetland_ft": rng.choice((None, 60, 40)),
        }
    if index % 97 == 0:
        facts["lot"]["porous_fill"] = {"depth_in": 12, "extends_ft": 5, "board_inspected": True}
    return facts


def generate_facts(n: int, seed: int = 0) -> list[dict]:
    """``n`` facts objects (JSON-able dicts), the same for the same ``seed``."""
    rng = random.Random(seed)
    return [_one(rng, index) for index in range(n)]
