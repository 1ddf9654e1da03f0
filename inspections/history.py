"""Which records make up the history of an inspection (see stoneham_boh.lib.history)."""

from __future__ import annotations

from stoneham_boh.lib.history import Entry, combined_history, history_of


def inspection_history(inspection) -> list[Entry]:
    from inspections.models import ChecklistFinding, Inspection, Order, Photo

    return combined_history(
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
