"""The records officer's clock, counted on the town's calendar (stoneham_boh/town/calendar.py):
the written response to a public records request (c.66 §10(b)). Called by the request's
actions, letter and pages, the register's audit and `manage.py clocks records-request`.
"""

from __future__ import annotations

from datetime import date

from stoneham_boh.lib import law
from stoneham_boh.lib.dates import weekday_date
from stoneham_boh.lib.mass_calendar import Clock
from stoneham_boh.town.calendar import calendar_or_town


def records_response_deadline(received: date, *, calendar=None) -> Clock:
    """The tenth business day after the request was received. A request that arrives on a
    Saturday, a Sunday, a legal holiday or a day the offices are closed is received on the next
    business day (950 CMR 32.06(2)(e)), and the ten days count from the day after that."""
    calendar = calendar_or_town(calendar)
    what = f"Response to a public records request ({law.RECORDS_CITATION})"
    counted_from = calendar.next_business_day(received)
    clock = calendar.business_days_after(
        counted_from, law.RECORDS_RESPONSE_BUSINESS_DAYS, what=what
    )
    if counted_from == received:
        return clock
    return Clock(
        clock.when,
        f"{clock.rule}; sent on {weekday_date(received)}, {calendar.why_closed(received)}, it "
        f"counts as received on {weekday_date(counted_from)} ({law.RECORDS_RECEIPT_CITATION})",
    )
