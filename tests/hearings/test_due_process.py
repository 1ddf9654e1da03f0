"""Due process on the Board's adverse decisions: the route and time of appeal stated, the
decision mailed and its receipt recorded, the appeal's last day counted from the receipt."""

from __future__ import annotations

from datetime import date

import pytest
from django.urls import reverse

from hearings import actions
from hearings.printing import decision_pdf
from stoneham_boh.accounts.roles import Role
from tests.conftest import make_user
from tests.hearings import builders as b
from tests.hearings.test_board_authority import pdf_text, refused
from tests.hearings.test_views import at

pytestmark = pytest.mark.django_db


@pytest.fixture
def denied(clerk):
    member = make_user("member1", Role.BOARD)
    item = b.noticed(by=clerk)
    b.decide(item, by=member, result="denied", reasons="The coop is too close to the well.")
    item.refresh_from_db()
    return item


def test_a_denial_states_the_certiorari_appeal_and_its_60_days(denied):
    text = " ".join(pdf_text(decision_pdf(denied)).split())
    assert "certiorari under M.G.L. c.249 §4" in text
    assert "within 60 days" in text


def test_the_appeal_runs_60_days_from_the_receipt_rolled_to_a_business_day(clerk, denied):
    decision = denied.decision
    actions.record_decision_mailing(
        decision=decision,
        mailed_on=date(2030, 3, 27),
        article_number="RE 123 456 789 US",
        by=clerk,
        today=date(2030, 3, 27),
    )
    decision = actions.record_decision_receipt(
        decision=decision, received_on=date(2030, 3, 30), by=clerk, today=date(2030, 4, 1)
    )
    # March 30 + 60 days is Wednesday, May 29, 2030: a business day
    assert decision.appeal_clock.when == date(2030, 5, 29)
    decision = actions.record_decision_receipt(
        decision=decision, received_on=date(2030, 3, 27), by=clerk, today=date(2030, 4, 1)
    )
    # March 27 + 60 is Sunday, May 26; Monday the 27th is Memorial Day: Tuesday, May 28
    assert decision.appeal_clock.when == date(2030, 5, 28)
    assert "c.4 §9" in decision.appeal_clock.rule


def test_a_receipt_before_the_mailing_or_without_one_is_refused(clerk, denied):
    assert "Record the mailing" in refused(
        lambda: actions.record_decision_receipt(
            decision=denied.decision,
            received_on=date(2030, 3, 28),
            by=clerk,
            today=date(2030, 4, 1),
        )
    )
    assert "before the Board decided" in refused(
        lambda: actions.record_decision_mailing(
            decision=denied.decision,
            mailed_on=date(2030, 3, 1),
            article_number="RE123456789US",
            by=clerk,
            today=date(2030, 4, 1),
        )
    )


def test_the_clerk_records_the_mailing_and_receipt_and_reads_the_appeal_deadline(
    clerk, denied, client
):
    url = reverse("hearings:decision-sent", args=[denied.pk])
    with at(date(2030, 4, 2), client, clerk):
        client.post(
            reverse("hearings:decision-mailing", args=[denied.pk]),
            {"mailed_on": "2030-03-27", "article_number": "RE 123 456 789 US"},
        )
        response = client.post(
            reverse("hearings:decision-receipt", args=[denied.pk]),
            {"received_on": "2030-03-30"},
            follow=True,
        )
        bad = client.post(
            reverse("hearings:decision-mailing", args=[denied.pk]),
            {"mailed_on": "2030-03-27", "article_number": "not a number"},
        )
    page = response.content.decode()
    assert response.redirect_chain[-1][0] == url
    assert "RE123456789US" in page and "Wednesday, May 29, 2030" in page
    assert bad.status_code == 400


def test_an_application_undecided_60_days_after_receipt_is_flagged_on_the_clerks_home(
    clerk, client
):
    application = b.new_hen_application(by=clerk, received_on=date(2030, 2, 1))
    with at(date(2030, 4, 2), client, clerk):  # 60 days after: not yet
        assert "Undecided" not in client.get(reverse("home")).content.decode()
    with at(date(2030, 4, 3), client, clerk):
        page = client.get(reverse("home")).content.decode()
    assert "Undecided 61 days after receipt" in page
    assert application.applicant.name in page


def test_the_notice_statement_is_postage_per_abutter_and_the_newspapers_charge(clerk, client):
    item = b.docketed(by=clerk, abutters=3)
    url = reverse("hearings:item-notices", args=[item.pk])
    with at(date(2030, 3, 5), client, clerk):
        page = client.get(url).content.decode()
        assert "3 abutters at $20.55" in page and "$61.65" in page
        assert "not yet entered" in page
        response = client.post(
            reverse("hearings:item-newspaper-charge", args=[item.pk]),
            {"amount": "84.50"},
            follow=True,
        )
        bad = client.post(
            reverse("hearings:item-newspaper-charge", args=[item.pk]), {"amount": "-3"}
        )
    assert "$146.15" in response.content.decode()
    assert bad.status_code == 400
    assert item.notice_charge.history.first().history_user == clerk
