"""The fee a written response may estimate (M.G.L. c.66 §10(d)), item by item.

Only reads: the figures are the law's (stoneham_boh.lib.law), the population the town's.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal

from stoneham_boh.lib import law

CENT = Decimal("0.01")


@dataclass(frozen=True)
class FeeLine:
    what: str
    amount: Decimal


@dataclass(frozen=True)
class FeeEstimate:
    lines: tuple[FeeLine, ...]
    note: str = ""

    @property
    def total(self) -> Decimal:
        return sum((line.amount for line in self.lines), Decimal("0.00"))


def estimate(
    *, pages: int, staff_minutes: int, hourly_rate: Decimal, population: int | None, late: bool
) -> FeeEstimate:
    """The itemised estimate. `late`: the response was not given within the ten business days,
    so nothing may be charged at all."""
    if late:
        return FeeEstimate(
            (),
            "No fee: the Board did not respond within ten business days "
            f"({law.RECORDS_LATE_CITATION}).",
        )
    per_page = Decimal(law.RECORDS_COPY_CENTS_PER_PAGE) / 100
    lines = []
    if pages:
        lines.append(
            FeeLine(
                f"{pages} page{'s' if pages != 1 else ''} of copies at ${per_page:.2f}",
                _money(per_page * pages),
            )
        )
    rate = min(Decimal(hourly_rate), Decimal(law.RECORDS_MAX_HOURLY_RATE))
    free_minutes = (
        law.RECORDS_FREE_HOURS * 60
        if population is not None and population > law.RECORDS_FREE_HOURS_POPULATION
        else 0
    )
    charged = max(0, staff_minutes - free_minutes)
    if staff_minutes:
        what = f"{_hours(staff_minutes)} of staff time"
        if free_minutes:
            what += f", the first {law.RECORDS_FREE_HOURS} hours without charge"
        what += f": {_hours(charged)} at ${rate:.2f} an hour"
        lines.append(FeeLine(what, _money(rate * charged / 60)))
    if not any(line.amount for line in lines):
        return FeeEstimate((), "No fee is charged for this response.")
    return FeeEstimate(tuple(lines), f"Fees as {law.RECORDS_FEES_CITATION} allows them.")


def _money(amount: Decimal) -> Decimal:
    return Decimal(amount).quantize(CENT, rounding=ROUND_HALF_UP)


def _hours(minutes: int) -> str:
    hours, rest = divmod(minutes, 60)
    parts = []
    if hours:
        parts.append(f"{hours} hour{'s' if hours != 1 else ''}")
    if rest or not hours:
        parts.append(f"{rest} minute{'s' if rest != 1 else ''}")
    return " ".join(parts)
