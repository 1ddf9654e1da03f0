"""What several hearing records share: the first day a record was kept (its history's first
entry)."""

from __future__ import annotations

from datetime import date

from django.utils import timezone


def _first_recorded_day(record) -> date | None:
    first = record.history.order_by("history_date").values_list("history_date", flat=True)[:1]
    return timezone.localdate(first[0]) if first else None
