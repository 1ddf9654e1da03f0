"""The renewal notices as letters, for the holders who gave no e-mail address: one letter to
each holder, naming every permit of theirs that expires this year, on the Board's paper and
addressed for a window envelope. Every date it prints is read: the expiry from the permits
(§20-20(5)), the renewal window from the town's settings, the last day to renew a lapsed
permit from the one lapse clock (permits.renewals)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from types import SimpleNamespace

from django.utils import timezone

from permits import renewals
from permits.models import FeeSchedule, Permit, permit_expiry
from stoneham_boh.lib.dates import long_date
from stoneham_boh.lib.pdf import render_pdf


@dataclass(frozen=True)
class NoticeLetter:
    holder: object
    permits: list

    @property
    def expires_on(self) -> date:
        return self.permits[0].expires_on


def holders_without_email(today: date | None = None) -> tuple[list[NoticeLetter], int]:
    """A letter for each holder without e-mail of a permit due this year; and the year."""
    today = today or timezone.localdate()
    year_end = permit_expiry(today.year)
    permits = (
        Permit.objects.expiring_on(year_end)
        .filter(holder__email="")
        .select_related("holder", "lot")
        .prefetch_related("animals")
        .order_by("holder__name", "holder_id", "number")
    )
    letters: dict[int, NoticeLetter] = {}
    for permit in permits:
        letters.setdefault(permit.holder_id, NoticeLetter(permit.holder, [])).permits.append(permit)
    return list(letters.values()), year_end.year


def notice_letters_pdf(today: date | None = None) -> tuple[bytes, int]:
    """The letters in one PDF (a page for a holder without any, saying so); and the year."""
    today = today or timezone.localdate()
    letters, year = holders_without_email(today)
    schedule = FeeSchedule.in_force_on(today)
    year_end = permit_expiry(year)
    context = {
        "letters": letters,
        "today": today,
        "next_year": year + 1,
        "fee": None if schedule is None else schedule.renewal_fee,
        "dates": {
            "expires_on": long_date(year_end),
            "window_opens": long_date(renewals.renewal_window_opens(year)),
            # The lapse clock of a permit expiring at the year's end (every one of these).
            "last_day": long_date(renewals.lapse_clock(_expiring(year_end)).when),
        },
    }
    return render_pdf("pdf/renewal_notice_letters.html", context), year


def _expiring(day: date) -> SimpleNamespace:
    """A stand-in for a permit expiring on `day`: the lapse clock reads only its expiry."""
    return SimpleNamespace(expires_on=day)
