"""§20-20(9): whether a hearing's notice was given in time. One reading, pure (no Django), for
the rules' findings and for the hearings' notice pages, letters and refusals.

"Notice ... at least N days before the hearing": calendar days, the hearing's own day
excluded, so a notice given on day D counts when D <= hearing - N (N is the ruleset's
`notice_days` of rule 20-20.9). Moving a last day off a closed office day is the calendar's
business (stoneham_boh.lib.mass_calendar), not the regulation's reading.
"""

from __future__ import annotations

from datetime import date, timedelta


def last_day_to_give(hearing: date, days: int) -> date:
    """The last day a notice can be given and still be `days` days before `hearing`."""
    return hearing - timedelta(days=days)


def given_in_time(given: date | None, hearing: date, days: int) -> bool:
    """The notice was given, at least `days` days before `hearing`."""
    return given is not None and given <= last_day_to_give(hearing, days)


def given_late(given: date | None, hearing: date, days: int) -> bool:
    """The notice was given, but fewer than `days` days before `hearing` (or after it)."""
    return given is not None and not given_in_time(given, hearing, days)
