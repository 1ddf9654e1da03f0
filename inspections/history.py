"""Which records make up the history of an inspection (see stoneham_boh.history)."""

from __future__ import annotations

from stoneham_boh.history import Entry, combined_history


def inspection_history(inspection) -> list[Entry]:
    from inspections.models import ChecklistFinding, Inspection, Order, Photo

    return combined_history(
        [
            (Inspection.history.filter(id=inspection.pk), lambda r: "Inspection"),
            (
                ChecklistFinding.history.filter(inspection_id=inspection.pk),
                lambda r: f"Finding {r.citation}",
            ),
            (
                Photo.history.filter(finding__inspection_id=inspection.pk),
                lambda r: f"Photo {r.original_name}",
            ),
            (Order.history.filter(inspection_id=inspection.pk), lambda r: f"Order {r.citation}"),
        ]
    )
