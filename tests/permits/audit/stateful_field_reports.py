"""The stateful machine's rule for a checklist the office refused (issue 34, point 2): a mixin of
tests/permits/audit/test_stateful.py's Register, kept apart so that other branches' rules merge
beside it.

The agent's phone recorded a violation without a signal while the inspection was recorded at
the office; the checklist is kept as the agent's field report, then carried into a
re-inspection (a new inspection on the register's lot, which the audit then reads with the
rest) or kept on the record. Neither changes what was recorded on the inspection itself.

The machine provides: `today`, `clerk`, `agent`, `permits`.
"""

from __future__ import annotations

from datetime import timedelta

import time_machine
from hypothesis import strategies as st
from hypothesis.stateful import precondition, rule

from inspections import field_reports
from inspections.actions import Answer
from inspections.checklist import items_for
from inspections.keeping import keeping_for
from inspections.models import ChecklistFinding, FieldReport, Inspection
from stoneham_boh.lib.errors import ActionRefused
from tests import factories
from tests.hearings.board_builders import violation


class FieldReports:
    @precondition(lambda self: self.permits)
    @rule(data=st.data(), carried=st.booleans())
    def a_refused_checklist_kept_or_carried(self, data, carried):
        permit = data.draw(st.sampled_from(self.permits))
        on = self.today
        inspection = violation(permit, agent=self.agent, clerk=self.clerk, on=on).inspection
        recorded = {f.item_id: f.result for f in inspection.findings.all()}
        items = items_for(inspection, keeping_for(inspection.lot, inspection.scheduled_for))
        seen = {item.id: Answer(ChecklistFinding.Result.COMPLIES) for item in items}
        seen[items[-1].id] = Answer(ChecklistFinding.Result.VIOLATION, "Manure piled by the fence.")
        with time_machine.travel(factories.midday(on) + timedelta(hours=2), tick=False):
            report = field_reports.file_field_report(
                inspection=inspection,
                by=self.agent,
                items=items,
                answers=seen,
                refusal=ActionRefused("This inspection is already completed."),
            )
            if carried:
                reinspection = field_reports.carry_into_reinspection(report=report, by=self.agent)
                assert reinspection.lot_id == inspection.lot_id
                assert reinspection.kind == Inspection.Kind.REINSPECTION
                assert reinspection.scheduled_for == on
            else:
                field_reports.keep_as_observation(report=report, by=self.agent)
        report.refresh_from_db()
        assert report.status != FieldReport.Status.UNRESOLVED
        # What the office recorded stays as it was: the report sits beside it.
        assert {f.item_id: f.result for f in inspection.findings.all()} == recorded
