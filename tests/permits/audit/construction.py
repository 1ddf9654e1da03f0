"""The construction of a keeping's facility after the Board approved its plans (§20-20(2)(a)),
as the machine's rules record it: the building inspector's approval (its day typed, and its
document), and the agent's final inspection of the work.
"""

from __future__ import annotations

from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo

import time_machine
from django.core.files.uploadedfile import SimpleUploadedFile

from inspections import actions as inspection_actions
from inspections.models import ChecklistFinding, Inspection
from permits import actions
from tests import factories

# How the work is recorded before the permit: in full; with no building inspector's approval;
# with its approval typed as given before the Board approved the plans; never inspected.
HOW = {"complete", "no_inspector", "inspector_dated_back", "not_inspected"}


def built(application, *, clerk, agent, decided: date, how: str) -> None:
    """The approvals and the final inspection recorded after the Board's approval on `decided`,
    as `how` says."""
    if how != "no_inspector":
        approved_on = decided - timedelta(days=5) if how == "inspector_dated_back" else decided
        actions.record_building_inspector_approval(
            application=application,
            approved_on=approved_on,
            upload=SimpleUploadedFile("approval.pdf", b"%PDF-1.4\n%%EOF\n"),
            by=clerk,
            today=decided,
        )
    if how != "not_inspected":
        final_inspection(application, clerk=clerk, agent=agent, on=decided)


def final_inspection(application, *, clerk, agent, on: date) -> Inspection:
    """The agent's final inspection of construction on `on`, finding every item complies."""
    from inspections.actions import Answer
    from inspections.checklist import items_for
    from inspections.keeping import keeping_for

    inspection = inspection_actions.schedule_inspection(
        lot=application.lot,
        kind=Inspection.Kind.FINAL_CONSTRUCTION,
        scheduled_for=on,
        by=clerk,
        agent=agent,
        application=application,
        today=on,
    )
    keeping = keeping_for(inspection.lot, inspection.scheduled_for, inspection.application)
    answers = {
        item.id: Answer(ChecklistFinding.Result.COMPLIES) for item in items_for(inspection, keeping)
    }
    performed = datetime.combine(on, time(10), tzinfo=ZoneInfo("America/New_York"))
    with time_machine.travel(factories.midday(on), tick=False):
        inspection_actions.record_inspection(
            inspection=inspection, by=agent, answers=answers, performed_at=performed
        )
    return inspection
