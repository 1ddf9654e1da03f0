"""The open requests and their clocks, for the clerk's home and the list."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from records.clocks import records_response_deadline
from records.models import RecordsRequest
from stoneham_boh.lib import law
from stoneham_boh.lib.dates import long_date
from stoneham_boh.lib.mass_calendar import Clock
from stoneham_boh.town.calendar import town_calendar


@dataclass(frozen=True)
class OpenRequest:
    request: RecordsRequest
    due: Clock

    def overdue_on(self, today: date) -> bool:
        return self.due.when < today


def open_requests(limit: int | None = None) -> list[OpenRequest]:
    """Open requests, the soonest due first, each with its c.66 §10 clock."""
    calendar = town_calendar()
    requests = (
        RecordsRequest.objects.filter(responded_on__isnull=True)
        .select_related("written_response")
        .order_by("received_on", "pk")
    )
    rows = [OpenRequest(r, _due(r, calendar)) for r in (requests[:limit] if limit else requests)]
    return sorted(rows, key=lambda row: (row.due.when, row.request.pk))


def _due(request: RecordsRequest, calendar) -> Clock:
    clock = records_response_deadline(request.received_on, calendar=calendar)
    response = getattr(request, "written_response", None)
    if response is None or response.extended_to is None:
        return clock
    return Clock(
        response.extended_to,
        f"Extended ({response.get_extension_display().lower()}, {law.RECORDS_EXTENSION_CITATION})"
        f" from {long_date(clock.when)}",
    )
