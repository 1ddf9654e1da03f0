"""One permit year at a time (issue 22, findings 3 and 11).

A keeping holds one permit a year, renewed for the next year only within the renewal window
(the town's renewal window, November 1), never while a revocation is pending or an order is past its
deadline unabated (the deadline passing is enough); a revocation ends every later permit.
"""

from __future__ import annotations

from datetime import date, timedelta

import pytest
import time_machine
from django.urls import reverse

from hearings import actions as hearing_actions
from inspections import actions as inspection_actions
from permits import actions
from permits.models import Permit
from stoneham_boh.accounts.roles import Role
from stoneham_boh.lib.errors import ActionRefused
from stoneham_boh.town.models import Town
from tests import factories
from tests.conftest import make_user
from tests.hearings import board_builders as rb
from tests.hearings import builders as b
from tests.inspections import builders as ib
from tests.permits.helpers import renew

pytestmark = pytest.mark.django_db

NOVEMBER_28 = date(2027, 11, 28)


def refused(call) -> str:
    with pytest.raises(ActionRefused) as caught:
        call()
    return str(caught.value)


@pytest.fixture
def board(db):
    return [make_user(f"member{n}", Role.BOARD, last_name=f"Member{n}") for n in range(3)]


def _next_year(clerk):
    """The 2027 hen permit, and the 2028 permit that renews it (issued November 28, 2027)."""
    permit = factories.issued_permit(by=clerk)
    renewal = renew(permit, by=clerk, received_on=date(2027, 11, 20))
    return permit, actions.issue_permit(application=renewal, by=clerk, on=NOVEMBER_28)


def _issue_on_screen(client, clerk, application, on) -> tuple[int, str]:
    with time_machine.travel(factories.midday(on), tick=False):
        client.force_login(clerk)
        response = client.post(
            reverse("permits:application-issue", args=[application.pk]), {"issue-conditions": ""}
        )
    return response.status_code, response.content.decode()


# --- finding 3: four years of permits in one sitting -----------------------------------------


def test_four_years_of_permits_cannot_be_issued_in_one_sitting(clerk, client):
    _, next_year = _next_year(clerk)
    assert next_year.year == 2028
    message = refused(lambda: actions.start_renewal(permit=next_year, by=clerk, today=NOVEMBER_28))
    assert (
        f"Permit {next_year.number} is for 2028: its renewal for 2029 opens on November 1, 2028"
        in (message)
    )

    with time_machine.travel(factories.midday(NOVEMBER_28), tick=False):
        client.force_login(clerk)
        response = client.post(reverse("permits:renewal-start", args=[next_year.pk]), follow=True)
    assert "its renewal for 2029 opens on November 1, 2028" in response.content.decode()
    assert not next_year.renewal_applications.exists()


def test_a_permit_is_not_renewed_for_next_year_before_the_window_opens(clerk):
    permit = factories.issued_permit(by=clerk)
    assert "its renewal for 2028 opens on November 1, 2027" in refused(
        lambda: actions.start_renewal(permit=permit, by=clerk, today=date(2027, 6, 1))
    )
    # A renewal started in the window still waits for it to be issued.
    renewal = renew(permit, by=clerk, received_on=date(2027, 11, 2))
    Town.objects.filter(is_current=True).update(renewal_window_month=12)
    assert "opens on December 1, 2027" in refused(
        lambda: actions.issue_permit(application=renewal, by=clerk, on=NOVEMBER_28)
    )
    Town.objects.filter(is_current=True).update(renewal_window_month=11)
    assert actions.issue_permit(application=renewal, by=clerk, on=NOVEMBER_28).year == 2028


def _revocation(permit, *, clerk, agent, opened=date(2027, 12, 1)):
    finding = rb.violation(permit, agent=agent, clerk=clerk, on=date(2027, 11, 24))
    proceeding = hearing_actions.open_revocation(
        permit=permit,
        meeting=rb.hearing(by=clerk, on=date(2027, 12, 14)),
        grounds="Rats under the coop (§20-16(6)), not abated.",
        findings=[finding],
        by=clerk,
        today=opened,
    )
    hearing_actions.record_holder_notice(
        proceeding=proceeding, mailed_on=opened, by=clerk, today=opened
    )
    return proceeding


def test_a_permit_before_the_board_for_revocation_is_not_renewed(clerk, agent, client):
    permit = factories.issued_permit(by=clerk)
    renewal = renew(permit, by=clerk, received_on=date(2027, 11, 20))
    _revocation(permit, clerk=clerk, agent=agent)
    message = refused(
        lambda: actions.issue_permit(application=renewal, by=clerk, on=date(2027, 12, 5))
    )
    assert f"Permit {permit.number} is before the Board for revocation" in message
    status, page = _issue_on_screen(client, clerk, renewal, date(2027, 12, 5))
    assert status == 409 and "is before the Board for revocation" in page
    assert not Permit.objects.filter(application=renewal).exists()


def test_a_keeping_before_the_board_is_not_renewed_from_a_later_permit_of_it(clerk, agent):
    """CI's seed 1943562288: the proceeding was opened on last year's permit after it was
    renewed; next year's renewal of the renewing permit waits for the Board all the same."""
    permit = factories.issued_permit(by=clerk)
    renewal = renew(permit, by=clerk, received_on=date(2027, 11, 20))
    next_year = actions.issue_permit(application=renewal, by=clerk, on=date(2027, 11, 28))
    _revocation(permit, clerk=clerk, agent=agent)
    message = refused(lambda: renew(next_year, by=clerk, received_on=date(2028, 11, 20)))
    assert f"Permit {permit.number}, of this keeping, is before the Board for revocation" in message
    assert not Permit.objects.filter(year=2029).exists()


def test_revoking_a_permit_ends_next_years_permit_too(clerk, agent, board, client):
    permit, next_year = _next_year(clerk)
    proceeding = _revocation(permit, clerk=clerk, agent=agent)
    b.decide(
        proceeding.docket_item,
        by=board[0],
        result="revoked",
        votes=dict.fromkeys(board, "yes"),
        removal_by=date(2028, 1, 14),
        today=date(2027, 12, 14),
    )
    next_year.refresh_from_db()
    assert next_year.status == Permit.Status.REVOKED
    assert next_year.revoked_on == date(2027, 12, 14)
    assert f"Permit {permit.number}, which this permit renews, was revoked" in (
        next_year.revocation_reason
    )
    assert next_year.history.first().history_user == board[0]
    client.force_login(clerk)
    page = client.get(reverse("permits:permit-detail", args=[next_year.pk])).content.decode()
    assert "Revoked" in page


# --- finding 11: an order past its deadline blocks by itself --------------------------------


def test_an_order_past_its_deadline_blocks_the_renewal_before_the_agent_marks_it(
    clerk, agent, client
):
    permit = ib.hen_permit(by=clerk)
    with time_machine.travel(factories.midday(ib.TODAY), tick=False):
        inspection = ib.inspected_with_vermin(permit, agent)
        order = inspection_actions.issue_order(
            finding=inspection.findings.get(item_id=ib.VERMIN),
            by=agent,
            requirement="Abate the rats.",
            deadline=ib.TODAY + timedelta(days=14),
        )
    assert order.status == "open"  # the agent never came back to mark it
    renewal = renew(permit, by=clerk, received_on=date(2027, 11, 20))
    message = refused(lambda: actions.issue_permit(application=renewal, by=clerk, on=NOVEMBER_28))
    assert f"Order {order.pk}" in message and "was not abated by June 29, 2027" in message
    status, page = _issue_on_screen(client, clerk, renewal, NOVEMBER_28)
    assert status == 409 and f"Order {order.pk}" in page

    inspection_actions.abate_order(order=order, by=agent, note="No rats seen.")
    assert actions.issue_permit(application=renewal, by=clerk, on=NOVEMBER_28)


# --- the online renewal request ---------------------------------------------------------------


def test_a_holder_cannot_ask_online_to_renew_a_permit_before_the_board_or_under_an_overdue_order(
    clerk, agent, client
):
    from permits.portal import actions as portal_actions

    karen = factories.applicant_account(by=clerk)
    permit = factories.issued_permit(by=clerk, applicant=karen, on=date(2027, 1, 14))
    proceeding = _revocation(permit, clerk=clerk, agent=agent)
    rb.order(proceeding.findings.get(), agent=agent)  # to be abated by December 1
    with time_machine.travel(factories.midday(date(2027, 12, 2)), tick=False):
        message = refused(
            lambda: portal_actions.request_renewal(permit=permit, by=karen.user, unchanged=True)
        )
        assert "before the Board for revocation" in message
        client.force_login(karen.user)
        response = client.post(
            reverse("permits:my-renewal", args=[permit.pk]), {"unchanged": "yes"}
        )
    assert "before the Board for revocation" in response.content.decode()
    # The order the violation led to is past its deadline, though nobody marked it so.
    assert "was not abated by December 1, 2027" in message
