"""Which records make up the history of an inspection (see stoneham_boh.lib.history), and how
each is named: here for the inspection's page, and for the day's changes across the records.

Recording the checklist is one action: the inspection's change leads ("Recorded the
inspection"), its answers are counted by result, its photos and orders listed under it.
"""

from __future__ import annotations

from inspections.models import ChecklistFinding, FieldReport, Inspection, Order, Photo
from stoneham_boh.lib.history import Entry, Source, combined_history, history_of


def inspections_source(records, describe=lambda r: "the inspection") -> Source:
    return Source(
        records,
        describe,
        verbs={"+": "Scheduled", "completed": "Recorded", "cancelled": "Cancelled"},
    )


def answers_source(records) -> Source:
    return Source(
        records,
        lambda r: f"checklist answer {r.citation}: {r.get_result_display().lower()}",
        counted=("checklist answer", "checklist answers"),
        tally=lambda r: r.get_result_display().lower(),
        plurals={"violation": "violations"},
        verbs={"+": "Answered"},
    )


def photos_source(records) -> Source:
    return Source(
        records,
        lambda r: f"photo {r.original_name}",
        counted=("photo", "photos"),
        verbs={"+": "Added"},
    )


def orders_source(records, describe=lambda r: f"order to correct {r.citation}") -> Source:
    return Source(
        records,
        describe,
        counted=("order to correct", "orders to correct"),
        verbs={"+": "Issued"},
    )


def field_reports_source(records) -> Source:
    """A checklist the office could not record here, kept as the agent's field report."""
    return Source(
        records,
        lambda r: "the field report of what the agent saw",
        verbs={
            "+": "Kept at the office",
            "carried": "Carried into a re-inspection",
            "observation": "Kept on the record as the agent's observation",
        },
    )


def inspection_history(inspection) -> list[Entry]:
    return combined_history(
        [
            inspections_source(history_of(Inspection).filter(id=inspection.pk)),
            answers_source(history_of(ChecklistFinding).filter(inspection_id=inspection.pk)),
            photos_source(history_of(Photo).filter(finding__inspection_id=inspection.pk)),
            orders_source(history_of(Order).filter(inspection_id=inspection.pk)),
            field_reports_source(history_of(FieldReport).filter(inspection_id=inspection.pk)),
        ]
    )
