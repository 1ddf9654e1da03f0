"""The permit is what the Board decided (issue 33, finding 4): a plan of record filed after
the vote that measures the coop nearer the line than the Board heard it issues no permit."""

from __future__ import annotations

from datetime import date, timedelta
from unittest import mock

import pytest

from permits import actions
from permits import decided as permit_decided
from permits.audit import audit_register
from permits.models import Permit
from stoneham_boh.lib.errors import ActionRefused
from stoneham_boh.lib.history import save_as
from tests import factories
from tests.permits.audit import sequences

pytestmark = pytest.mark.django_db
ON = date(2030, 1, 7)


def _decided_at_80_ft(clerk):
    """Heard and approved with the coop 80 ft from the line; not yet issued."""
    factories.board(ON)
    application = factories.new_hen_application(
        by=clerk, received_on=ON, paid=True, setback_ft="80"
    )
    with mock.patch.object(sequences.actions, "issue_permit", return_value=None):
        sequences.heard_and_issued(application, clerk=clerk, on=ON)
    return application


def _plan_of_record_measures(application, clerk, feet: str):
    """What facilities.actions.file_plan_of_record writes on the coop: the distance measured
    on the plan transcribed after the vote."""
    coop = application.structures.get(label="C1")
    coop.measured_distances_ft = {"property_line": float(feet)}
    save_as(coop, clerk)


def test_issue_is_refused_when_a_plan_of_record_filed_after_the_vote_moves_the_coop_nearer(
    clerk, board_member
):
    application = _decided_at_80_ft(clerk)
    _plan_of_record_measures(application, clerk, "52.1")
    day = sequences.hearing_day(ON, sequences.Hearing()) + timedelta(days=1)
    with pytest.raises(ActionRefused) as refused:
        actions.issue_permit(application=application, by=clerk, on=day)
    said = " ".join(refused.value.reasons)
    assert "a permit issues only for what the Board decided" in said
    assert "52.1" in said
    assert not Permit.objects.exists()


def test_the_audit_reports_a_permit_for_a_keeping_the_board_never_decided(clerk, board_member):
    application = _decided_at_80_ft(clerk)
    _plan_of_record_measures(application, clerk, "52.1")
    day = sequences.hearing_day(ON, sequences.Hearing()) + timedelta(days=1)
    with mock.patch.object(permit_decided, "changes_since_notice", return_value=None):
        permit = actions.issue_permit(application=application, by=clerk, on=day)
    found = [a.line() for a in audit_register(today=day).anomalies]
    assert any(
        permit.number in line and "did not decide" in line and "52.1 ft" in line for line in found
    ), found
