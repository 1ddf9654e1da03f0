"""One street address, however it is typed: "12 Main St." and "12 MAIN STREET, Unit 2" are
the same lot (§20-14, Lot: the lot is the parcel, and a unit of a house is on its parcel).

Pure text: the lots' look-up (facilities.addresses) and the audit (permits.audit.parcel) both
compare addresses by `address_key`.
"""

from __future__ import annotations

import re

# The USPS street suffixes and directions a clerk or a resident abbreviates.
SUFFIXES = {
    "st": "street",
    "str": "street",
    "rd": "road",
    "ave": "avenue",
    "av": "avenue",
    "ln": "lane",
    "dr": "drive",
    "ct": "court",
    "pl": "place",
    "ter": "terrace",
    "terr": "terrace",
    "cir": "circle",
    "blvd": "boulevard",
    "hwy": "highway",
    "pkwy": "parkway",
    "sq": "square",
    "hts": "heights",
    "pk": "park",
    "wy": "way",
}
DIRECTIONS = {"n": "north", "s": "south", "e": "east", "w": "west"}
# A unit of a building, and what names it: "Unit 2", "Apt. 3B", "#4", "Suite 100", "Fl 2".
UNIT_WORDS = frozenset({"unit", "apt", "apartment", "suite", "ste", "fl", "floor", "rear"})
# The town and state a resident may add after the street.
TOWN_WORDS = frozenset({"stoneham", "ma", "mass", "massachusetts", "usa"})
ZIP = re.compile(r"^\d{5}(?:-\d{4})?$")


def address_key(street_address: str) -> str:
    """The street address in one spelling, to compare two lots by."""
    text = (street_address or "").lower().replace("#", " unit ")
    words = re.sub(r"[^\w\s-]", " ", text).split()
    kept: list[str] = []
    skip_next = False
    for position, word in enumerate(words):
        if skip_next:
            skip_next = False
            continue
        if word in UNIT_WORDS:
            # The unit's own name follows ("Unit 2"), unless the word ends the address.
            skip_next = word != "rear"
            continue
        # A ZIP code follows the street: five digits before any word of the street are the
        # house number ("20105 Pond Street" is not "Pond Street").
        street_begun = any(not each.isdigit() for each in kept)
        if (street_begun and ZIP.match(word)) or (position > 1 and word in TOWN_WORDS):
            continue
        if word.endswith("-") or word.startswith("-"):
            word = word.strip("-")
            if not word:
                continue
        kept.append(word)
    return " ".join(
        SUFFIXES.get(word, DIRECTIONS.get(word, word)) if index > 0 else word
        for index, word in enumerate(kept)
    )


# The suffixes in their full spelling, as `address_key` writes them.
STREET_SUFFIXES = frozenset(SUFFIXES.values())


def street_of(key: str) -> str:
    """The street of an address key: the words after the house number ("204 marble street"
    -> "marble street"); the whole key when it starts with no number."""
    words = key.split()
    return " ".join(words[1:]) if words and words[0][:1].isdigit() else key


# The stored look-up words are cut to this length (the columns' own), on both sides.
LOOKUP_WORD_LENGTH = 100


def lead_word(key: str) -> str:
    """The first word of an address key: its house number, or its first word where it has
    none. Two addresses that are one lot share it, whatever suffix either was typed with."""
    words = key.split()
    return words[0][:LOOKUP_WORD_LENGTH] if words else ""


def street_word(key: str) -> str:
    """The first word of an address key's street ("204 marble street" -> "marble")."""
    words = street_of(key).split()
    return words[0][:LOOKUP_WORD_LENGTH] if words else ""


def lookup_words(street_address: str) -> tuple[str, str]:
    """The two words a lot or a parcel is found by, stored beside its address and indexed, so
    that a look-up reads the few records that share them instead of every address on file
    (issue 39: the register's import scanned the whole table once a row)."""
    key = address_key(street_address)
    return lead_word(key), street_word(key)


def needs_resolving(key: str) -> bool:
    """Whether `key` names a house on a street typed without its suffix ("204 marble"): only
    such a key is completed from the streets the town knows (resolve_key)."""
    street = street_of(key)
    return bool(street) and street != key and street.split()[-1] not in STREET_SUFFIXES


def resolve_key(key: str, streets) -> str:
    """`key` with its street's suffix, when it was typed without one ("204 marble") and the
    town knows exactly one street of that name among `streets` (street keys, `street_of`):
    "204 Marble" is 204 Marble Street where Marble Street is the only Marble. Unchanged when
    it has a suffix, or when two streets share the name (Marble Street, Marble Road)."""
    if not needs_resolving(key):
        return key
    street = street_of(key)
    completions = {
        known
        for known in streets
        if known.startswith(street + " ")
        and len(known.split()) == len(street.split()) + 1
        and known.split()[-1] in STREET_SUFFIXES
    }
    if len(completions) != 1:
        return key
    return f"{key.split()[0]} {completions.pop()}"
