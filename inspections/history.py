"""Which records make up the history of an inspection (see stoneham_boh.lib.history)."""

from __future__ import annotations

from datetime import datetime

from django.utils import dateformat, timezone

from stoneham_boh.lib.history import Entry, combined_history, history_of

# The time a checklist was recorded on a phone without a signal, shown as the agent's clock
# read it (the entry's own time is when it reached the office).
FIELD_TIME = "recorded on the phone at"


def inspection_history(inspection) -> list[Entry]:
    from inspections.models import ChecklistFinding, Inspection, Order, Photo

    entries = combined_history(
        [
            (history_of(Inspection).filter(id=inspection.pk), lambda r: "Inspection"),
            (
                history_of(ChecklistFinding).filter(inspection_id=inspection.pk),
                lambda r: f"Finding {r.citation}",
            ),
            (
                history_of(Photo).filter(finding__inspection_id=inspection.pk),
                lambda r: f"Photo {r.original_name}",
            ),
            (
                history_of(Order).filter(inspection_id=inspection.pk),
                lambda r: f"Order {r.citation}",
            ),
        ]
    )
    for entry in entries:
        entry.changes = [
            (label, old, _local(new)) if label == FIELD_TIME else (label, old, new)
            for label, old, new in entry.changes
        ]
    return entries


def _local(value: str) -> str:
    try:
        moment = datetime.fromisoformat(value)
    except ValueError:
        return value
    return dateformat.format(timezone.localtime(moment), "M j, Y g:i a") + " (in the field)"
