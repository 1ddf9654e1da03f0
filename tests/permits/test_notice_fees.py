"""What the applicant pays for notice (§20-20(9): "at the applicant's expense") is part of the
fee due: the registered letters to the abutters at the rate in force and the newspaper's
charge as entered, once the letters went out. The permit waits for it; the pages show it."""

from datetime import timedelta
from decimal import Decimal

import pytest
from django.urls import reverse

from hearings import actions as hearing_actions
from permits import actions, eligibility
from permits.models import Payment
from stoneham_boh.lib.errors import ActionRefused
from stoneham_boh.town.models import Town
from tests.hearings import builders as b

pytestmark = pytest.mark.django_db

AFTER = b.HEARING + timedelta(days=1)


def approved_unpaid(clerk, board_member, *, abutters=3):
    item = b.noticed(by=clerk, abutters=abutters)
    b.decide(item, by=board_member, pay_notice=False)
    return item


def test_the_fee_due_adds_the_letters_and_the_newspaper_once_they_went_out(clerk):
    Town.objects.filter(is_current=True).update(registered_mail_postage=Decimal("10.10"))
    item = b.docketed(by=clerk, abutters=3)
    application = item.application
    schedule = eligibility.schedule_fee(application)
    # Before any letter is mailed the applicant owes the application fee only.
    assert eligibility.fee_due(application) == schedule
    b.mail_all(item, by=clerk)
    assert eligibility.fee_due(application) == schedule + Decimal("30.30")
    hearing_actions.record_newspaper_charge(item=item, amount="84.50", by=clerk)
    statement = eligibility.fee_statement(application)
    assert statement.notice_total == Decimal("114.80")
    assert eligibility.fee_due(application) == schedule + Decimal("114.80")


def test_the_permit_waits_for_the_notice_cost_and_issues_once_it_is_paid(clerk, board_member):
    item = approved_unpaid(clerk, board_member)
    application = item.application
    with pytest.raises(ActionRefused) as refused:
        actions.issue_permit(application=application, by=clerk, on=AFTER)
    assert "for the notice of the hearing, §20-20(9)) are not paid in full" in str(refused.value)
    actions.record_payment(
        application=application,
        amount=eligibility.fee_due(application) - eligibility.amount_paid(application),
        received_on=AFTER,
        method=Payment.Method.CHECK,
        by=clerk,
    )
    permit = actions.issue_permit(application=application, by=clerk, on=AFTER)
    assert permit.number


def test_the_application_page_shows_what_the_fee_is_made_of(clerk_client, clerk, board_member):
    item = approved_unpaid(clerk, board_member)
    page = clerk_client.get(
        reverse("permits:application-detail", args=[item.application.pk])
    ).content.decode()
    statement = eligibility.fee_statement(item.application)
    assert 'id="fee-statement"' in page
    assert "Notice of the hearing of March 26, 2030" in page
    assert f"${statement.notice_total:,.2f} outstanding" in page


def test_the_permit_page_shows_the_notice_share_of_the_fees(clerk_client, clerk, board_member):
    item = b.noticed(by=clerk)
    b.decide(item, by=board_member)
    permit = actions.issue_permit(application=item.application, by=clerk, on=AFTER)
    statement = eligibility.fee_statement(item.application)
    page = clerk_client.get(reverse("permits:permit-detail", args=[permit.pk])).content.decode()
    assert (
        f"${statement.total:,.2f} paid of ${statement.total:,.2f}: the application fee of "
        f"${statement.schedule:,.2f} and ${statement.notice_total:,.2f} for the notice"
    ) in page
