"""Found by the stateful machine (STATEFUL_SEED=4169095335, 60 examples of 20 steps): a permit
renewed in the renewal window for next year, then the Board's amendment of §20-15(4)(a) (50 ft
to 65 ft) in force that same day, or before the new term begins.

The issue followed the figure in force when it was made; the audit once judged the permit, on its
day of issue and on the first day of its term, against the amended figure, and reported a coop
60 ft from the line. The reading taken is the rules contract's: the figures are those in force on
the day of issue (`application.date`), the first day of the term re-judging only what the permit
rests on (its variances, revision 3); and an amendment voted that evening, in force from that
day, did not bind a permit issued at noon (issue 33's amendments, finding 3).
"""

from __future__ import annotations

from datetime import date, time, timedelta
from decimal import Decimal

import pytest
import time_machine

from hearings.models import Meeting
from permits import actions, eligibility
from permits.amendments import actions as amendment_actions
from permits.audit import audit_register
from permits.facts_from_records import evaluate_application
from tests import factories
from tests.hearings.roll_call import roll_call
from tests.permits.audit import sequences

pytestmark = pytest.mark.django_db

ON = date(2030, 1, 7)
WINDOW = date(2030, 12, 5)


@pytest.mark.parametrize("in_force_after", [0, 15])
def test_a_permit_renewed_for_next_year_audits_clean_after_an_amendment_of_its_setback(
    in_force_after, clerk, board_member, admin_user
):
    with time_machine.travel(factories.midday(ON), tick=True):
        application = factories.new_hen_application(by=clerk, received_on=ON, paid=True)
        permit = sequences.heard_and_issued(application, clerk=clerk, on=ON)
    with time_machine.travel(factories.midday(WINDOW), tick=True):
        renewal = actions.start_renewal(permit=permit, by=clerk, today=WINDOW)
        actions.submit_application(application=renewal, received_on=WINDOW, by=clerk)
        actions.record_payment(
            application=renewal,
            amount=eligibility.fee_due(renewal),
            received_on=WINDOW,
            method="cash",
            by=clerk,
        )
        renewed = actions.issue_permit(application=renewal, by=clerk, on=WINDOW)
        assert renewed.year == 2031
        meeting = Meeting.objects.create(date=WINDOW, time=time(19), place="Town Hall")
        votes, chair = roll_call(meeting)
        amendment_actions.record_amendment(
            rule="20-15.4.a",
            figure="minimum_ft",
            value=Decimal(65),
            adopted_at=meeting,
            votes=votes,
            effective_on=WINDOW + timedelta(days=in_force_after),
            published_on=WINDOW,
            by=chair,
            today=WINDOW,
        )
    anomalies = [a.line() for a in audit_register(today=date(2031, 1, 2)).anomalies]
    assert not anomalies, anomalies
    # The amendment governs what is judged once it is in force: the same coop, 60 ft from the
    # line, fails the amended 65 ft from that day.
    result = evaluate_application(renewal, as_of=WINDOW + timedelta(days=in_force_after))
    setback = [f for f in result["findings"] if f["rule"] == "20-15.4.a"]
    assert [f["status"] for f in setback] == ["fail"]
    assert "at least 65 ft" in setback[0]["message"]
