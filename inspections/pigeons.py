"""The §20-18 calendar in words an agent can use in the field or with a neighbour.

The figures and the date arithmetic are the ruleset's (`permits.rules.pigeon_calendar`);
this module only phrases them for a given day, visit or sighting.
"""

from __future__ import annotations

from datetime import date, datetime

from django.utils import timezone

from hearings.ruleset_in_force import ruleset_on
from permits.rules.pigeon_calendar import (
    pigeon_cleaning_interval_days,
    pigeon_release_allowed,
    pigeon_training_prohibited,
)
from stoneham_boh.lib.dates import month_day, time_of_day

CLEANING_ITEM = "20-18.2.cleaning"
TRAINING_ITEM = "20-18.5.no-training-hours"
RELEASE_ITEM = "20-18.7.no-release-after-feeding"


def cleaning_hint(on: date) -> str:
    days = pigeon_cleaning_interval_days(on)
    every = "week" if days == 7 else f"{days} days"
    return f"On {month_day(on)} droppings must be cleaned at least once every {every} (§20-18(2))."


def training_prohibited_at(moment: datetime) -> bool:
    """Whether `moment`, read on the town's clock, falls in the §20-18(5) quiet hours."""
    return pigeon_training_prohibited(timezone.localtime(moment).replace(tzinfo=None))


def training_hint(moment: datetime) -> str:
    local = timezone.localtime(moment)
    when = f"{month_day(local)}, {time_of_day(local)}"
    if training_prohibited_at(moment):
        return f"Now ({when}) training and exercise are prohibited (§20-18(5))."
    return f"Now ({when}) is outside the hours when training is prohibited (§20-18(5))."


def release_allowed(fed_at: datetime, release_at: datetime) -> bool:
    """§20-18(7) on the town's clock: no release within the ruleset's hours of a feeding."""
    return pigeon_release_allowed(
        timezone.localtime(fed_at).replace(tzinfo=None),
        timezone.localtime(release_at).replace(tzinfo=None),
    )


def hints_for(day: date, moment: datetime) -> dict[str, str]:
    """Item id -> a line of help shown under that checklist question on `day`."""
    hours = ruleset_on(day).husbandry.pigeon_release_after_feeding_hours
    return {
        CLEANING_ITEM: cleaning_hint(day),
        TRAINING_ITEM: training_hint(moment),
        RELEASE_ITEM: f"Ask when the birds were last fed: none may be released within {hours} "
        "hours of a feeding (§20-18(7)).",
    }
