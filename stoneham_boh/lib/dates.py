"""A day in words, as the Town's letters and pages write it: "July 5, 2027" (settings'
DATE_FORMAT), or "Monday, July 5, 2027" where the weekday matters (a hearing, a deadline), and a
moment as "July 5, 2027, 3:04 p.m." in the Town's time zone, never as the database keeps it
(UTC, ISO 8601).

The one helper for Python text (messages, refusals, letters built in code); templates use
Django's `date` filter with the same format.
"""

from __future__ import annotations

from datetime import date, datetime, time

from django.utils import dateformat, timezone
from django.utils.formats import date_format, get_format


def long_date(day: date) -> str:
    return date_format(day, "DATE_FORMAT")


def month_day(day: date) -> str:
    """ "July 5": a day of a year that goes without saying (the pigeon loft's cleaning day)."""
    return date_format(day, "F j")


def weekday_date(day: date) -> str:
    return date_format(day, f"l, {get_format('DATE_FORMAT')}")


def moment(when: datetime) -> str:
    """A moment on Stoneham's clock: "July 5, 2027, 3:04 p.m."."""
    if timezone.is_aware(when):
        when = timezone.localtime(when)
    return f"{long_date(when)}, {time_of_day(when)}"


def time_of_day(when: time | datetime) -> str:
    """ "3:04 p.m.", "9:00 a.m."."""
    return dateformat.time_format(when, "g:i a")


def clock_time(when: time | datetime) -> str:
    """ "14:05": a moment's time on the 24-hour clock, as the posting records write it."""
    return dateformat.time_format(when, "H:i")


def day_at(when: datetime) -> str:
    """ "July 5, 2027 at 14:05": a posting's moment as the Open Meeting Law audit states it (the
    caller gives the moment on the Town's clock)."""
    return f"{long_date(when)} at {clock_time(when)}"
