"""The words the facts may use, fixed by the rules contract (``permits/rules/CONTRACT.md``).

These are the *input vocabulary*: what an application may say. How each word is treated by the
regulation (which species are exempt, which count as horses, which structures house animals)
is ruleset data in :mod:`permits.rules.ruleset`, because the Board can change those readings.
"""

from __future__ import annotations

EQUINE_SPECIES = ("horse", "pony", "donkey", "mule")
OTHER_DOMESTIC_SPECIES = (
    "chicken",
    "rooster",
    "duck",
    "goose",
    "turkey",
    "guinea_fowl",
    "quail",
    "pheasant",
    "pigeon",
    "goat",
    "sheep",
    "pig",
    "pot_bellied_pig",
    "cow",
    "llama",
    "alpaca",
    "rabbit",
)
WILD_SPECIES = ("wild", "snake", "venomous_reptile", "lion", "tiger")
EXEMPT_SPECIES = ("cat", "dog", "hamster")

#: Every species name accepted without ``"wild": true``.
SPECIES = frozenset(EQUINE_SPECIES + OTHER_DOMESTIC_SPECIES + WILD_SPECIES + EXEMPT_SPECIES)

HOUSING_KINDS = ("stable", "coop", "loft", "pen", "hutch", "shelter")
OTHER_KINDS = ("corral", "manure_storage", "manure_burial_pit")
STRUCTURE_KINDS = frozenset(HOUSING_KINDS + OTHER_KINDS)

MANURE_METHODS = frozenset({"receptacle", "burial", "compost", "off_site", "stockpile"})
APPLICATION_KINDS = frozenset({"new", "renewal"})
CONSTRUCTION_KINDS = frozenset({"none", "new", "remodel"})
DECISIONS = frozenset({"approved", "denied"})

#: Distances a structure may report, in feet.
DISTANCE_FIELDS = (
    "property_line",
    "wetland",
    "watercourse",
    "well",
    "sewage_disposal",
    "public_way",
    "dwelling",
    "abutting_dwelling",
)

DOCUMENT_FIELDS = (
    "site_plan",
    "certified_abutter_list",
    "maintenance_plan",
    "fly_vermin_control_method",
    "construction_drainage_details",
    "fencing_details",
)

#: Human names used in messages.
KIND_LABELS = {
    "stable": "Stable",
    "coop": "Coop",
    "loft": "Loft",
    "pen": "Pen",
    "hutch": "Hutch",
    "shelter": "Shelter",
    "corral": "Corral",
    "manure_storage": "Manure storage",
    "manure_burial_pit": "Manure burial pit",
}

DOCUMENT_LABELS = {
    "site_plan": "site plan",
    "certified_abutter_list": "certified abutter list",
    "maintenance_plan": "maintenance plan",
    "fly_vermin_control_method": "fly and vermin control method",
    "construction_drainage_details": "construction and drainage details",
    "fencing_details": "fencing details",
}
