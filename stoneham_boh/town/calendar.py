"""The town's calendar: the Massachusetts calendar (stoneham_boh/lib/mass_calendar.py: legal
holidays, weekends) with the days the town's offices close (`TownClosure`). Every app's clock
counts on it: the Board's (hearings/clocks.py), the records officer's (records/clocks.py), the
inspector's orders (inspections/clocks.py), the permits' renewals.

The closures are read once per request (the request scope, stoneham_boh/lib/request_scope.py)
and read afresh after one is recorded, changed or deleted; outside a scope, on every call.
"""

from __future__ import annotations

from datetime import date

from django.db.models.signals import post_delete, post_save

from stoneham_boh.lib.mass_calendar import Clock, MassCalendar, days_before
from stoneham_boh.lib.request_scope import forget, remembered
from stoneham_boh.town.models import TownClosure

__all__ = [
    "Clock",
    "MassCalendar",
    "calendar_or_town",
    "days_before",
    "is_business_day",
    "next_business_day",
    "previous_business_day",
    "town_calendar",
]

_KEY = "town.calendar"


def town_calendar() -> MassCalendar:
    """The calendar with the town closures the administrator recorded (one query per request,
    so a page showing many meetings' clocks reads the closures once)."""
    return remembered(_KEY, _read_calendar)


def _read_calendar() -> MassCalendar:
    return MassCalendar(dict(TownClosure.objects.values_list("date", "reason")))


def calendar_or_town(calendar: MassCalendar | None) -> MassCalendar:
    """The calendar a clock was given (a test's, a batch's), or the town's."""
    return calendar if calendar is not None else town_calendar()


def is_business_day(day: date) -> bool:
    return town_calendar().is_business_day(day)


def next_business_day(day: date) -> date:
    """`day`, or the next day the town's offices are open."""
    return town_calendar().next_business_day(day)


def previous_business_day(day: date) -> date:
    """`day`, or the last day before it the town's offices were open."""
    return town_calendar().previous_business_day(day)


def _closure_changed(**_signal) -> None:
    forget(_KEY)


post_save.connect(_closure_changed, sender=TownClosure, dispatch_uid="town.calendar.saved")
post_delete.connect(_closure_changed, sender=TownClosure, dispatch_uid="town.calendar.deleted")
