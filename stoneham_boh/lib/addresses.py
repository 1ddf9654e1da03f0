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
        if ZIP.match(word) or (position > 1 and word in TOWN_WORDS):
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
