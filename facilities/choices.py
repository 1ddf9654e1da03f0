"""The vocabularies of the rules contract, as model choices.

They must stay equal to the rules module's vocabularies; tests/facilities checks that.
"""

from django.db import models


class Species(models.TextChoices):
    HORSE = "horse", "Horse"
    PONY = "pony", "Pony"
    DONKEY = "donkey", "Donkey"
    MULE = "mule", "Mule"
    CHICKEN = "chicken", "Chicken (hen)"
    ROOSTER = "rooster", "Rooster"
    DUCK = "duck", "Duck"
    GOOSE = "goose", "Goose"
    TURKEY = "turkey", "Turkey"
    GUINEA_FOWL = "guinea_fowl", "Guinea fowl"
    QUAIL = "quail", "Quail"
    PHEASANT = "pheasant", "Pheasant"
    PIGEON = "pigeon", "Pigeon"
    GOAT = "goat", "Goat"
    SHEEP = "sheep", "Sheep"
    PIG = "pig", "Pig"
    POT_BELLIED_PIG = "pot_bellied_pig", "Pot-bellied pig"
    COW = "cow", "Cow"
    LLAMA = "llama", "Llama"
    ALPACA = "alpaca", "Alpaca"
    RABBIT = "rabbit", "Rabbit"
    OTHER_DOMESTIC = "other_domestic", "Other domesticated animal (give its name)"
    WILD = "wild", "Wild animal (other)"
    SNAKE = "snake", "Snake"
    VENOMOUS_REPTILE = "venomous_reptile", "Venomous reptile"
    LION = "lion", "Lion"
    TIGER = "tiger", "Tiger"
    CAT = "cat", "Cat (exempt)"
    DOG = "dog", "Dog (exempt)"
    HAMSTER = "hamster", "Hamster (exempt)"


# §20-14 covers every domesticated animal but cats, dogs and hamsters: one the list does not
# name (guinea pig, ferret, cage bird) is recorded under this species with its name.
NAMED_SPECIES = frozenset({Species.OTHER_DOMESTIC})

EQUINES = frozenset({Species.HORSE, Species.PONY, Species.DONKEY, Species.MULE})
POULTRY = frozenset(
    {
        Species.CHICKEN,
        Species.ROOSTER,
        Species.DUCK,
        Species.GOOSE,
        Species.TURKEY,
        Species.GUINEA_FOWL,
        Species.QUAIL,
        Species.PHEASANT,
    }
)


class StructureKind(models.TextChoices):
    STABLE = "stable", "Stable"
    COOP = "coop", "Coop"
    LOFT = "loft", "Loft"
    PEN = "pen", "Pen"
    HUTCH = "hutch", "Hutch"
    SHELTER = "shelter", "Shelter / barn"
    CORRAL = "corral", "Corral"
    MANURE_STORAGE = "manure_storage", "Manure storage (pit or receptacle)"
    MANURE_BURIAL_PIT = "manure_burial_pit", "Manure burial pit"


HOUSING_KINDS = frozenset(
    {
        StructureKind.STABLE,
        StructureKind.COOP,
        StructureKind.LOFT,
        StructureKind.PEN,
        StructureKind.HUTCH,
        StructureKind.SHELTER,
    }
)


class ManureMethod(models.TextChoices):
    RECEPTACLE = "receptacle", "Kept in a pit or receptacle"
    BURIAL = "burial", "Buried on the lot"
    COMPOST = "compost", "Composted (needs Board approval)"
    OFF_SITE = "off_site", "Removed off site"
    STOCKPILE = "stockpile", "Stockpiled in the open"


# The features a structure's distance is measured to, in the contract's words.
DISTANCE_FEATURES = (
    ("property_line", "Abutting property line"),
    ("wetland", "Wetland"),
    ("watercourse", "Watercourse"),
    ("well", "Drinking-water well"),
    ("sewage_disposal", "Sewage disposal area"),
    ("public_way", "Public way"),
    ("dwelling", "Dwelling"),
    ("abutting_dwelling", "Abutting dwelling"),
    ("lot_line", "Nearest lot line"),
)

#: Written in a structure's measured distances in place of the figures when the plan measured
#: it once and no longer draws it: once measured, a figure stays measured until the plan says
#: otherwise, so the typed figures do not come back; its distances are unknown until drawn again.
NOT_DRAWN = "not_drawn"


class ZoningDistrict(models.TextChoices):
    RA = "RA", "Residence A"
    RB = "RB", "Residence B"
    RC = "RC", "Residence C"
    NB = "NB", "Neighborhood Business"
    CB = "CB", "Central Business"
    HB = "HB", "Highway Business"
    I = "I", "Industrial"  # noqa: E741
    OS = "OS", "Open Space"


# Plural names where adding an "s" would be wrong; the rest take an "s" on the noun.
_PLURALS = {
    "chicken": "Chickens (hens)",
    "goose": "Geese",
    "sheep": "Sheep",
    "guinea_fowl": "Guinea fowl",
    "quail": "Quail",
    "pony": "Ponies",
}


def counted(count: int, species: str, *, label: str | None = None) -> str:
    """ "1 Horse", "2 Horses", "6 Chickens (hens)": a number of animals as a person writes it.

    `label` names an animal the vocabulary lists only as `other_domestic` ("Guinea pig").
    """
    name = label or (Species(species).label if species in Species.values else species)
    if count != 1:
        if species in _PLURALS and not label:
            name = _PLURALS[species]
        else:
            noun, bracket, rest = name.partition(" (")
            name = f"{noun}s{bracket}{rest}"
    return f"{count} {name}"
