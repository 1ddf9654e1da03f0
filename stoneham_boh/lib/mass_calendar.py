"""The Massachusetts calendar the Board's clocks count on: legal holidays, business days, and
the counting rules.

Legal holidays are those of M.G.L. c.4 §7, cl. Eighteenth, exactly: New Year's Day; Martin
Luther King Jr. Day, Washington's Birthday and Patriots' Day (third Mondays of January, February
and April); Memorial Day (last Monday of May); Juneteenth; Independence Day; Labor Day (first
Monday of September); Columbus Day (second Monday of October); Veterans Day; Thanksgiving (fourth
Thursday of November); Christmas. A holiday falling on a Sunday is kept on the Monday after; one
falling on a Saturday is not moved (the federal Friday observance is not Massachusetts law).
Suffolk County's Evacuation Day and Bunker Hill Day are not Stoneham's.

Written here rather than taken from the `holidays` package: the list is twelve lines of fixed
rules, and that package's US/MA calendar adds Suffolk County days and observance rules of its
own that would have to be overridden one by one, for a dependency the product does not need.

The counting rules (c.4 §9 and the usual reading of "days before"):

- the day of the event is excluded: "10 days after the 1st" is the 11th; "7 days before the
  15th" is the 8th;
- a deadline the law lets roll forward (c.4 §9: the last day falls on a Saturday, Sunday or
  legal holiday) moves to the next business day;
- a notice that must be given "at least N days before" an event never rolls forward: when its
  last day is not a business day it moves earlier, to the business day before.

Town closures (a snow day, an extra holiday the Town gives) are not law: they are passed in as
data (`MassCalendar(closures=...)`); this module imports no app. Every clock answers with the
rule it applied (`Clock.rule`), so a screen can say how a date was reached.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta

from stoneham_boh.lib.dates import time_of_day, weekday_date

MONDAY, THURSDAY, SATURDAY, SUNDAY = 0, 3, 5, 6

CITATION_HOLIDAYS = "M.G.L. c.4 §7"
CITATION_ROLL_FORWARD = "M.G.L. c.4 §9"


def _nth_weekday(year: int, month: int, weekday: int, n: int) -> date:
    first = date(year, month, 1)
    return first + timedelta(days=(weekday - first.weekday()) % 7 + 7 * (n - 1))


def _last_weekday(year: int, month: int, weekday: int) -> date:
    following = date(year + (month == 12), month % 12 + 1, 1)
    last = following - timedelta(days=1)
    return last - timedelta(days=(last.weekday() - weekday) % 7)


def _kept_on(day: date) -> date:
    """c.4 §7: a Sunday holiday is kept on the Monday; a Saturday one stays where it falls."""
    return day + timedelta(days=1) if day.weekday() == SUNDAY else day


def legal_holidays(year: int) -> list[tuple[date, str]]:
    """The legal holidays of `year` as they are kept (a Sunday's on the Monday), in date order."""
    fixed = [
        (date(year, 1, 1), "New Year's Day"),
        (_nth_weekday(year, 1, MONDAY, 3), "Martin Luther King Jr. Day"),
        (_nth_weekday(year, 2, MONDAY, 3), "Washington's Birthday"),
        (_nth_weekday(year, 4, MONDAY, 3), "Patriots' Day"),
        (_last_weekday(year, 5, MONDAY), "Memorial Day"),
        (date(year, 6, 19), "Juneteenth"),
        (date(year, 7, 4), "Independence Day"),
        (_nth_weekday(year, 9, MONDAY, 1), "Labor Day"),
        (_nth_weekday(year, 10, MONDAY, 2), "Columbus Day"),
        (date(year, 11, 11), "Veterans Day"),
        (_nth_weekday(year, 11, THURSDAY, 4), "Thanksgiving Day"),
        (date(year, 12, 25), "Christmas Day"),
    ]
    kept = []
    for day, name in fixed:
        observed = _kept_on(day)
        kept.append((observed, name if observed == day else f"{name} (observed)"))
    return sorted(kept)


def days_before(day: date, days: int) -> date:
    """The day `days` calendar days before `day` (the last day of a notice due "at least `days`
    days before" it, before any business-day rule moves it): the one subtraction the notices'
    clocks share (the regulation's own, pure reading is permits.rules.notice_timing)."""
    return day - timedelta(days=days)


@dataclass(frozen=True)
class Clock:
    """A date (or moment) a clock gives, and the rule that gave it, in words for the screen."""

    when: date | datetime
    rule: str

    def iso(self) -> str:
        if isinstance(self.when, datetime):
            return self.when.strftime("%Y-%m-%dT%H:%M")
        return self.when.isoformat()


class MassCalendar:
    """Business days in Stoneham: not a Saturday, a Sunday, a legal holiday or a town closure."""

    def __init__(self, closures: Mapping[date, str] | Iterable[date] = ()):
        if isinstance(closures, Mapping):
            self._closures = dict(closures)
        else:
            self._closures = dict.fromkeys(closures, "Town offices closed")
        self._years: dict[int, dict[date, str]] = {}

    # -- what a day is ----------------------------------------------------------------

    def _holidays_of(self, year: int) -> dict[date, str]:
        if year not in self._years:
            self._years[year] = dict(legal_holidays(year))
        return self._years[year]

    def holiday_name(self, day: date) -> str | None:
        """The legal holiday kept on `day`, or None."""
        return self._holidays_of(day.year).get(day)

    def is_legal_holiday(self, day: date) -> bool:
        return self.holiday_name(day) is not None

    def is_weekend(self, day: date) -> bool:
        return day.weekday() in (SATURDAY, SUNDAY)

    def is_business_day(self, day: date, *, closures: bool = True) -> bool:
        """A weekday that is no legal holiday (and, unless `closures=False`, no town closure)."""
        if self.is_weekend(day) or self.is_legal_holiday(day):
            return False
        return not (closures and day in self._closures)

    def why_closed(self, day: date, *, closures: bool = True) -> str | None:
        """Why `day` is no business day, in words ("a Sunday", "Christmas Day"), or None."""
        name = self.holiday_name(day)
        if name:
            return f"{name}, a legal holiday ({CITATION_HOLIDAYS})"
        if self.is_weekend(day):
            return f"a {day:%A}"
        if closures and day in self._closures:
            return f"a town closure ({self._closures[day]})"
        return None

    # -- moving to a business day -------------------------------------------------------

    def next_business_day(self, day: date) -> date:
        """`day` itself when it is a business day, else the first business day after it."""
        while not self.is_business_day(day):
            day += timedelta(days=1)
        return day

    def previous_business_day(self, day: date) -> date:
        """`day` itself when it is a business day, else the last business day before it."""
        while not self.is_business_day(day):
            day -= timedelta(days=1)
        return day

    # -- the clocks ---------------------------------------------------------------------

    def deadline_after(self, start: date, days: int, *, what: str = "") -> Clock:
        """`days` calendar days after `start` (start excluded), rolled forward under c.4 §9
        to the next business day when the last day is not one."""
        last = start + timedelta(days=days)
        rule = f"{days} days after {weekday_date(start)}, that day excluded"
        rolled = self.next_business_day(last)
        if rolled != last:
            rule += (
                f"; {weekday_date(last)} is {self.why_closed(last)}, so the deadline moves to "
                f"the next business day ({CITATION_ROLL_FORWARD})"
            )
        return Clock(rolled, _with_what(what, rule))

    def business_days_after(self, start: date, days: int, *, what: str = "") -> Clock:
        """The `days`-th business day after `start` (start excluded)."""
        day, counted = start, 0
        while counted < days:
            day += timedelta(days=1)
            if self.is_business_day(day):
                counted += 1
        rule = (
            f"{days} business days after {weekday_date(start)}, that day excluded, not counting "
            f"Saturdays, Sundays, legal holidays ({CITATION_HOLIDAYS}) or town closures"
        )
        return Clock(day, _with_what(what, rule))

    def notice_before(self, event: date, days: int, *, what: str = "") -> Clock:
        """The last day to give a notice due "at least `days` days before" `event` (the event's
        day excluded); it never rolls forward: a last day that is not a business day moves
        earlier, to the business day before."""
        last = days_before(event, days)
        rule = f"at least {days} days before {weekday_date(event)}, that day excluded"
        earlier = self.previous_business_day(last)
        if earlier != last:
            rule += (
                f"; {weekday_date(last)} is {self.why_closed(last)}, and a notice given "
                "\u201cat least\u201d so many days before never moves later, so it is due "
                "the business day before"
            )
        return Clock(earlier, _with_what(what, rule))

    def hours_before_excluding_closed_days(
        self, moment: datetime, hours: int, *, what: str = ""
    ) -> Clock:
        """The moment `hours` hours before `moment`, not counting the hours of Saturdays,
        Sundays and legal holidays (the Open Meeting Law's reading; town closures are not
        in the statute and are not skipped)."""
        remaining = timedelta(hours=hours)
        day, end = moment.date(), moment
        skipped: list[date] = []
        while True:
            start = datetime.combine(day, time.min, tzinfo=moment.tzinfo)
            if self.is_business_day(day, closures=False):
                if end - start >= remaining:
                    found = end - remaining
                    break
                remaining -= end - start
            else:
                skipped.append(day)
            # midnight that starts `day` is the end of the day before
            day, end = day - timedelta(days=1), start
        rule = (
            f"{hours} hours before {_moment_text(moment)}, not counting Saturdays, Sundays "
            "or legal holidays"
        )
        named = [
            f"{weekday_date(d)} ({self.holiday_name(d)})"
            for d in skipped
            if self.is_legal_holiday(d)
        ]
        if named:
            rule += "; skipped " + ", ".join(reversed(named))
        return Clock(found, _with_what(what, rule))


def _moment_text(moment: datetime) -> str:
    return f"{weekday_date(moment.date())} at {time_of_day(moment)}"


def _with_what(what: str, rule: str) -> str:
    return f"{what}: {rule}" if what else rule
