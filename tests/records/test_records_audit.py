"""The register's audit holds the public records law's clock (c.66 §10): a request unanswered
past its ten business days, answered late, or answered without the written response of §10(b)
is reported, with its section; one answered in time by the signed response, or within the
extension the response records, is not."""

from __future__ import annotations

from datetime import date

import pytest

from permits.audit import audit_register
from records import actions

pytestmark = pytest.mark.django_db

RECEIVED = date(2026, 11, 25)  # due December 10, 2026


def _logged(clerk):
    return actions.log_request(
        requester="A. Reporter",
        description="The hen permits of 2026.",
        received_on=RECEIVED,
        by=clerk,
        today=RECEIVED,
    )


def _records_lines(today):
    return [
        a.line()
        for a in audit_register(today=today).anomalies
        if a.record.kind == "records request"
    ]


def test_an_unanswered_request_is_reported_the_day_after_it_was_due(clerk):
    _logged(clerk)
    assert _records_lines(date(2026, 12, 10)) == []
    (line,) = _records_lines(date(2026, 12, 11))
    assert line.startswith("M.G.L. c.66 §10(a)") and "due December 10, 2026" in line


def test_a_request_answered_in_time_by_the_signed_response_is_clean(clerk):
    request = _logged(clerk)
    actions.draft_response(request=request, by=clerk, provided="The permits.")
    actions.sign_response(request=request, by=clerk, today=date(2026, 12, 10))
    assert _records_lines(date(2027, 3, 1)) == []


def test_a_late_answer_is_a_breach(clerk):
    request = _logged(clerk)
    actions.draft_response(request=request, by=clerk, provided="The permits.")
    actions.sign_response(request=request, by=clerk, today=date(2026, 12, 14))
    (line,) = _records_lines(date(2027, 3, 1))
    assert "Answered December 14, 2026, after the response was due December 10" in line


def test_an_extension_the_response_records_moves_the_clock(clerk):
    request = _logged(clerk)
    actions.draft_response(
        request=request, by=clerk, extension="agreed", extended_to=date(2027, 1, 8)
    )
    actions.sign_response(request=request, by=clerk, today=date(2027, 1, 8))
    assert _records_lines(date(2027, 3, 1)) == []


def test_an_answer_without_the_written_response_cannot_show_its_items(clerk):
    request = _logged(clerk)
    actions.record_response(
        request=request,
        responded_on=date(2026, 12, 1),
        response="Sent the permits by e-mail.",
        by=clerk,
        today=date(2026, 12, 1),
    )
    (line,) = _records_lines(date(2027, 3, 1))
    assert line.startswith("M.G.L. c.66 §10(b)") and "[cannot be shown]" in line
