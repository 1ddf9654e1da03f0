"""The machine's rule for the public records law's clock (c.66 §10; permits/audit/
public_records.py): a request received on any day, a weekend or a holiday included, answered
by the signed written response of §10(b) within its ten business days, or within an extension
the requester agreed to. An answer after the due day is refused nowhere (a late answer is
still owed), so the rule answers in time: the audit must then find nothing."""

from __future__ import annotations

from datetime import timedelta

from hypothesis import strategies as st
from hypothesis.stateful import rule

from records import actions as records_actions
from records.response import due_day
from tests.permits.audit.driven import drives


class RecordsRequests:
    @drives(
        records_actions.log_request, records_actions.draft_response, records_actions.sign_response
    )
    @rule(back=st.integers(min_value=0, max_value=6), extended=st.booleans())
    def a_records_request_answered_in_time(self, back, extended):
        received = self.today - timedelta(days=back)
        request = records_actions.log_request(
            requester="A. Reporter",
            description="The permits of the year.",
            received_on=received,
            by=self.clerk,
            today=self.today,
        )
        extension = {}
        if extended:
            extension = {
                "extension": "agreed",
                "extended_to": due_day(request) + timedelta(days=14),
            }
        records_actions.draft_response(
            request=request, by=self.clerk, provided="The permits.", pages=3, **extension
        )
        request.refresh_from_db()
        # Signed on the due day at the latest (the due day moves with the agreed extension).
        signed_on = max(self.today, min(due_day(request), self.today + timedelta(days=3)))
        records_actions.sign_response(request=request, by=self.clerk, today=signed_on)
        self.today = signed_on
