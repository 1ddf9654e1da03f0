"""§20-18 pigeon husbandry by the calendar and the clock, with the ruleset's figures.

These help an agent answer the checklist questions in the field (and let the screens say
"cleaning due weekly until October 15"); the facts of an application cannot decide them.
"""

from __future__ import annotations

from datetime import date, datetime, timedelta

from .ruleset import ruleset_in_force
from .ruleset_model import Ruleset


def pigeon_cleaning_interval_days(on: date, ruleset: Ruleset | None = None) -> int:
    """§20-18(2): days allowed between cleanings of a loft on day ``on``.

    Weekly (7) from April 15 through October 15, both inclusive; every two weeks (14) otherwise.
    """
    husbandry = (ruleset or ruleset_in_force(on)).husbandry
    day = (on.month, on.day)
    if husbandry.pigeon_weekly_cleaning_from <= day <= husbandry.pigeon_weekly_cleaning_to:
        return husbandry.pigeon_cleaning_in_season_days
    return husbandry.pigeon_cleaning_off_season_days


def pigeon_training_prohibited(at: datetime, ruleset: Ruleset | None = None) -> bool:
    """§20-18(5): no training or exercise from 10:00 (inclusive) to 15:00 (exclusive), June to
    September inclusive, so that neighbours can use their yards."""
    husbandry = (ruleset or ruleset_in_force(at.date())).husbandry
    first, last = husbandry.pigeon_training_banned_months
    return (
        first <= at.month <= last
        and husbandry.pigeon_training_banned_from_hour
        <= at.hour
        < husbandry.pigeon_training_banned_to_hour
    )


def pigeon_release_allowed(
    fed_at: datetime, release_at: datetime, ruleset: Ruleset | None = None
) -> bool:
    """§20-18(7): pigeons may be released only when at least 4 hours have passed since feeding.

    ``fed_at`` is the last feeding before the release; a feeding stamped after ``release_at``
    cannot be told apart from a wrong clock, so it is treated as not allowing the release.
    """
    husbandry = (ruleset or ruleset_in_force(release_at.date())).husbandry
    return release_at - fed_at >= timedelta(hours=husbandry.pigeon_release_after_feeding_hours)
