"""The inspector's clocks, counted on the town's calendar (stoneham_boh/town/calendar.py): the
deadline of an order to correct a violation, set or proposed (c.4 §9 rolls a deadline that
falls on a closed day forward). Called by the order's model, its form's page and the demo.
"""

from __future__ import annotations

from datetime import date

from stoneham_boh.lib.dates import weekday_date
from stoneham_boh.lib.mass_calendar import CITATION_ROLL_FORWARD as ROLL_FORWARD_CITATION
from stoneham_boh.lib.mass_calendar import Clock
from stoneham_boh.town.calendar import calendar_or_town


def order_deadline(set_for: date, *, calendar=None) -> Clock:
    """The last day the owner has under an order whose deadline the Board set for `set_for`:
    that day, or the next business day when the Town's offices are closed on it (c.4 §9)."""
    calendar = calendar_or_town(calendar)
    rolled = calendar.next_business_day(set_for)
    rule = f"Order to correct a violation: the deadline set, {weekday_date(set_for)}"
    if rolled != set_for:
        rule += (
            f", is {calendar.why_closed(set_for)}, so it moves to the next business day, "
            f"{weekday_date(rolled)} ({ROLL_FORWARD_CITATION})"
        )
    return Clock(rolled, rule)


def default_order_deadline(issued_on: date, days: int, *, calendar=None) -> Clock:
    """The deadline an order proposes: `days` after it is issued, rolled forward to a
    business day (c.4 §9)."""
    return calendar_or_town(calendar).deadline_after(
        issued_on, days, what="Order to correct a violation (proposed deadline)"
    )
