"""What a permit waits for (permits.eligibility). Issue 22, finding 12 and rules contract
revision 3 (point 4): the day the term begins.

A renewal issued in December is next year's permit; a variance it rests on must still be in
effect on January 1 (`application.term_begins`), and a permit resting on a variance ends no
later than the variance (§20-21 lets the Board limit a variance in time; §20-20(5) fixes the
latest day a permit runs). A variance counts up to the day it expires, and the fee due
includes what the notice cost (§20-20(9)).
"""

from __future__ import annotations

from datetime import date, timedelta
from decimal import Decimal

import pytest
import time_machine
from django.urls import reverse

from hearings import actions as hearing_actions
from permits import actions, eligibility
from permits.facts_from_records import facts_for
from permits.models import Payment, Permit
from stoneham_boh.accounts.roles import Role
from stoneham_boh.lib.errors import ActionRefused
from stoneham_boh.town.models import Town
from tests import factories
from tests.conftest import make_user
from tests.hearings import builders as b
from tests.permits.helpers import renew
from tests.permits.test_lot_wide import refusal

pytestmark = pytest.mark.django_db

RENEWAL_RECEIVED = date(2030, 11, 20)
RENEWAL_ISSUED = date(2030, 12, 2)


def varied_permit(clerk, expires_on):
    """A coop 38 ft from the line (§20-15(4)(a) needs 50), permitted after a hearing on a
    variance of that setback until `expires_on`."""
    member = make_user("member-term", Role.BOARD)
    item = b.noticed(by=clerk, relief=["20-15.4.a"], setback_ft="38")
    b.decide(item, by=member, variance_rules=["20-15.4.a"], variance_expires_on=expires_on)
    return actions.issue_permit(application=item.application, by=clerk, on=b.HEARING)


def test_the_facts_of_a_december_renewal_name_the_first_day_of_next_years_term(clerk):
    permit = varied_permit(clerk, date(2032, 12, 31))
    renewal = renew(permit, by=clerk, received_on=RENEWAL_RECEIVED)
    assert facts_for(renewal, RENEWAL_ISSUED)["application"]["term_begins"] == "2031-01-01"
    assert facts_for(permit.application, b.HEARING)["application"]["term_begins"] is None


def test_a_permit_for_2031_is_refused_on_a_variance_expiring_december_31_2030(clerk):
    permit = varied_permit(clerk, date(2030, 12, 31))
    assert permit.expires_on == date(2030, 12, 31)
    renewal = renew(permit, by=clerk, received_on=RENEWAL_RECEIVED)
    with pytest.raises(ActionRefused) as refused:
        actions.issue_permit(application=renewal, by=clerk, on=RENEWAL_ISSUED)
    assert "§20-15(4)(a)" in str(refused.value)
    assert not Permit.objects.filter(application=renewal).exists()


def test_a_permit_for_2031_is_refused_on_a_variance_expiring_in_2030_on_the_clerks_page(
    clerk, client
):
    permit = varied_permit(clerk, date(2030, 12, 31))
    renewal = renew(permit, by=clerk, received_on=RENEWAL_RECEIVED)
    with time_machine.travel(factories.midday(RENEWAL_ISSUED), tick=False):
        client.force_login(clerk)
        page = client.get(reverse("permits:application-detail", args=[renewal.pk]))
        issued = client.post(
            reverse("permits:application-issue", args=[renewal.pk]), {"issue-conditions": ""}
        )
    assert 'data-rule="20-15.4.a" data-status="fail"' in page.content.decode()
    assert issued.status_code == 409
    assert "§20-15(4)(a)" in issued.content.decode()
    assert not Permit.objects.filter(application=renewal).exists()


def test_a_permit_for_2031_issues_on_a_variance_that_runs_into_2031(clerk):
    permit = varied_permit(clerk, date(2031, 12, 31))
    renewal = renew(permit, by=clerk, received_on=RENEWAL_RECEIVED)
    next_year = actions.issue_permit(application=renewal, by=clerk, on=RENEWAL_ISSUED)
    assert (next_year.year, next_year.expires_on) == (2031, date(2031, 12, 31))


def test_a_permit_resting_on_a_variance_ends_when_the_variance_ends(clerk):
    permit = varied_permit(clerk, date(2030, 6, 30))
    assert permit.expires_on == date(2030, 6, 30)
    assert "until June 30, 2030" in permit.variances_text


def test_a_next_years_permit_ends_with_a_variance_that_ends_in_its_year(clerk):
    permit = varied_permit(clerk, date(2031, 5, 31))
    renewal = renew(permit, by=clerk, received_on=RENEWAL_RECEIVED)
    next_year = actions.issue_permit(application=renewal, by=clerk, on=RENEWAL_ISSUED)
    assert (next_year.year, next_year.expires_on) == (2031, date(2031, 5, 31))


def test_a_permit_not_resting_on_its_variance_runs_to_december_31(clerk):
    # The coop is moved back to 60 ft before the hearing: the variance is on file, unused.
    member = make_user("member-term", Role.BOARD)
    item = b.noticed(by=clerk, relief=["20-15.4.a"], setback_ft="60")
    b.decide(item, by=member, variance_rules=["20-15.4.a"], variance_expires_on=date(2030, 6, 30))
    permit = actions.issue_permit(application=item.application, by=clerk, on=b.HEARING)
    assert permit.expires_on == date(2030, 12, 31)


def test_the_clerk_is_told_the_permit_ends_with_its_variance(clerk, client):
    member = make_user("member-term", Role.BOARD)
    item = b.noticed(by=clerk, relief=["20-15.4.a"], setback_ft="38")
    b.decide(item, by=member, variance_rules=["20-15.4.a"], variance_expires_on=date(2030, 6, 30))
    with time_machine.travel(factories.midday(b.HEARING), tick=False):
        client.force_login(clerk)
        issued = client.post(
            reverse("permits:application-issue", args=[item.application.pk]),
            {"issue-conditions": ""},
            follow=True,
        )
    assert "valid to June 30, 2030" in issued.content.decode()
    assert Permit.objects.get(application=item.application).expires_on == date(2030, 6, 30)


def test_the_structure_distance_of_the_varied_permit_is_what_the_variance_covers(clerk):
    permit = varied_permit(clerk, date(2032, 12, 31))
    structure = permit.application.structures.get(kind="coop")
    assert structure.distance_property_line_ft == Decimal("38")


# --- revision 3 on the clerk's page: the §20-15(4)(b) floor no variance lowers ----------------


def wetland_application(clerk, distance_ft: str):
    """A new application whose coop stands `distance_ft` from a wetland, heard and granted a
    variance of §20-15(4)(b)."""
    from tests.permits.helpers import ALL_DOCUMENTS

    application = factories.hen_renewal(
        by=clerk,
        kind="new",
        received_on=date(2030, 2, 1),
        structure={"distance_wetland_ft": Decimal(distance_ft)},
        **ALL_DOCUMENTS,
    )
    item = b.docketed(by=clerk, application=application, relief=["20-15.4.b"])
    b.mail_all(item, by=clerk)
    b.publish(item.meeting, by=clerk)
    member = make_user("member-term", Role.BOARD)
    b.decide(item, by=member, variance_rules=["20-15.4.b"], variance_expires_on=date(2031, 12, 31))
    return application


@pytest.mark.parametrize(
    ("distance", "status"), [("40", "fail"), ("49.9", "fail"), ("50", "waived"), ("70", "waived")]
)
def test_the_clerk_sees_no_wetland_variance_go_under_fifty_feet(clerk, client, distance, status):
    application = wetland_application(clerk, distance)
    with time_machine.travel(factories.midday(b.HEARING), tick=False):
        client.force_login(clerk)
        page = client.get(reverse("permits:application-detail", args=[application.pk]))
    text = page.content.decode()
    assert f'data-rule="20-15.4.b" data-status="{status}"' in text
    assert "§20-15(4)(b)" in text
    assert ("No variance allows less than 50 ft" in text) is (status == "fail")
    if status == "fail":
        with pytest.raises(ActionRefused):
            actions.issue_permit(application=application, by=clerk, on=b.HEARING)


def test_before_issue_the_clerk_reads_the_day_the_permit_will_end_with_its_variance(clerk, client):
    member = make_user("member-term", Role.BOARD)
    item = b.noticed(by=clerk, relief=["20-15.4.a"], setback_ft="38")
    b.decide(item, by=member, variance_rules=["20-15.4.a"], variance_expires_on=date(2030, 6, 30))
    with time_machine.travel(factories.midday(b.HEARING), tick=False):
        client.force_login(clerk)
        page = client.get(reverse("permits:application-detail", args=[item.application.pk]))
    assert "It will expire on June 30, 2030 (§20-20(5)), the day the variance it rests on ends" in (
        page.content.decode()
    )


def test_the_permit_printed_says_it_ends_with_its_variance(clerk):
    from permits.printing import render_permit_pdf
    from tests.permits.test_printing import pdf_text

    permit = varied_permit(clerk, date(2030, 6, 30))
    text = " ".join(pdf_text(render_permit_pdf(permit)).split())
    assert "Expires June 30, 2030" in text
    assert "This permit ends on June 30, 2030, with the variance it rests on (§20-21)." in text


# What the applicant pays for notice (§20-20(9): "at the applicant's
# expense") is part of the fee due: the registered letters to the abutters at the rate in force and
# the newspaper's charge as entered, once the letters went out. The permit waits for it; the pages
# show it.
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


# The rules are applied on the day of issue: a variance counts until it expires (issue 12, point
# 6).
def new_application_with_a_variance(clerk, expires_on):
    """A coop 40 ft from the line (§20-15(4)(a) needs 50), varied by the Board until
    `expires_on`, at a hearing noticed and decided through the hearings actions."""
    from django.contrib.auth import get_user_model

    from stoneham_boh.accounts.roles import Role
    from tests.conftest import make_user

    member = get_user_model().objects.filter(username="board-v").first() or make_user(
        "board-v", Role.BOARD
    )
    item = b.noticed(by=clerk, relief=["20-15.4.a"], setback_ft="40")
    b.decide(item, by=member, variance_rules=["20-15.4.a"], variance_expires_on=expires_on)
    return item.application


@pytest.mark.django_db
def test_permit_is_not_issued_after_its_variance_expired(clerk):
    application = new_application_with_a_variance(clerk, date(2030, 3, 31))
    assert "§20-15(4)(a)" in refusal(application, date(2030, 4, 1))


@pytest.mark.django_db
def test_permit_is_issued_on_the_last_day_of_its_variance(clerk):
    application = new_application_with_a_variance(clerk, date(2030, 3, 31))
    permit = actions.issue_permit(application=application, by=clerk, on=date(2030, 3, 31))
    assert "§20-15(4)(a)" in permit.variances_text
    assert "until March 31, 2030" in permit.variances_text


@pytest.mark.django_db
def test_permit_is_not_issued_after_its_variance_expired_on_the_page(clerk, clerk_client):
    application = new_application_with_a_variance(clerk, date(2030, 3, 31))
    with time_machine.travel(factories.midday(date(2030, 4, 2)), tick=False):
        clerk_client.force_login(clerk)
        detail = clerk_client.get(reverse("permits:application-detail", args=[application.pk]))
        issued = clerk_client.post(
            reverse("permits:application-issue", args=[application.pk]),
            {"issue-conditions": ""},
        )
    assert 'data-rule="20-15.4.a" data-status="fail"' in detail.content.decode()
    assert issued.status_code == 409
    assert "§20-15(4)(a)" in issued.content.decode()
    assert not Permit.objects.filter(application=application).exists()
