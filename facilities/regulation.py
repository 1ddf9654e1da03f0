"""The regulation's readings that the parcel map and the site plan use (§20-14's reach for
abutters to abutters; the contract's "none within" distance), from the ruleset in force.

"""

from __future__ import annotations

from django.utils import timezone

from hearings.ruleset_in_force import ruleset_on


def _ruleset(today=None):
    return ruleset_on(today or timezone.localdate())


def interpretations(today=None):
    return _ruleset(today).interpretations


def manure_from_dwelling_ft(today=None) -> float:
    """§20-16(2): how far manure storage stays from any dwelling."""
    return _ruleset(today).rules["20-16.2"].value("minimum_ft")


def abutter_reach_ft(today=None) -> int:
    return interpretations(today).abutter_reach_ft


def beyond_ft(today=None) -> int:
    return interpretations(today).absent_distance_beyond_ft
