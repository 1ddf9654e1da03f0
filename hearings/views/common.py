"""What the hearings pages share: the roles that see them, form submission, PDF responses."""

from __future__ import annotations

from hearings.models import DocketItem


def _long(day) -> str:
    return f"{day:%B} {day.day}, {day.year}"


def _scheduled(meeting):
    return list(meeting.items.filter(status=DocketItem.Status.SCHEDULED))
