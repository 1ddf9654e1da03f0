"""Due process on the Board's adverse decisions: the route and time of appeal stated, the
decision mailed and its receipt recorded as proof of service, the appeal's last day counted
from the decision (c.249 §4: "sixty days next after the proceeding complained of")."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from django.urls import reverse

from hearings import actions
from hearings.clocks import appeal_deadline
from hearings.printing import decision_pdf
from stoneham_boh.accounts.roles import Role
from stoneham_boh.lib.dates import weekday_date
from tests.conftest import make_user
from tests.hearings import builders as b
from tests.hearings.builders import at, pdf_text, refused

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


# Counted by hand from c.249 §4 (60 days, the decision's day excluded) and c.4 §9 (a last day
# on which the offices are closed moves to the next business day); Saturday holidays are not
# moved in Massachusetts (c.4 §7 cl. 18), Sunday ones are kept on the Monday.
@pytest.mark.parametrize(
    ("decided_on", "last_day"),
    [
        # + 60 is Saturday, May 25; Sunday; Monday the 27th is Memorial Day
        (date(2030, 3, 26), date(2030, 5, 28)),
        # + 60 is Saturday, June 19 (Juneteenth on a Saturday): Monday the 21st
        (date(2027, 4, 20), date(2027, 6, 21)),
        # + 60 is Saturday, February 13; Monday the 15th is Presidents' Day
        (date(2026, 12, 15), date(2027, 2, 16)),
        # + 60 is Wednesday, July 16: a business day
        (date(2027, 5, 17), date(2027, 7, 16)),
    ],
)
def test_the_appeal_runs_60_days_from_the_decision_rolled_to_a_business_day(decided_on, last_day):
    assert appeal_deadline(decided_on).when == last_day


def test_the_appeal_day_printed_never_runs_from_the_receipt(clerk, denied):
    decision = denied.decision
    before = decision.appeal_clock.when
    actions.record_decision_mailing(
        decision=decision,
        mailed_on=decision.decided_on,
        article_number="RE 123 456 789 US",
        by=clerk,
        today=decision.decided_on,
    )
    late = decision.decided_on + timedelta(days=20)
    decision = actions.record_decision_receipt(
        decision=decision, received_on=late, by=clerk, today=late
    )
    # The statute's day: 60 days after the decision, whatever day the letter arrived.
    assert decision.appeal_clock.when == before == appeal_deadline(decision.decided_on).when
    assert decision.appeal_clock.when <= decision.decided_on + timedelta(days=64)
    text = " ".join(pdf_text(decision_pdf(denied)).split())
    assert f"that is by {weekday_date(decision.appeal_clock.when)}" in text
    assert "not from the day this letter reaches you" in text


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
    decided_on = denied.decision.decided_on
    assert "RE123456789US" in page
    assert weekday_date(appeal_deadline(decided_on).when) in page
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


def _save_appeal_wording(client, text):
    return client.post(
        reverse("town:standing-text", args=["decision.appeal"]), {"text": text, "action": "save"}
    )


def test_counsels_appeal_wording_is_printed_with_the_statutes_day(client, admin_user, denied):
    """Issue 37, 7: the paragraph is counsel's to word; the last day is never typed."""
    client.force_login(admin_user)
    typed = "Appeal lies to the Superior Court (M.G.L. c.249 §4) within 60 days: 90 days."
    refused_page = _save_appeal_wording(client, typed)
    assert refused_page.status_code == 200
    assert "The wording must print {appeal_by}" in refused_page.content.decode()
    assert typed in refused_page.content.decode()  # nothing typed is lost
    saved = _save_appeal_wording(
        client, "Counsel's words: a complaint under M.G.L. c.249 §4 must be filed by {appeal_by}."
    )
    assert saved.status_code == 302
    text = " ".join(pdf_text(decision_pdf(denied)).split())
    day = weekday_date(appeal_deadline(denied.decision.decided_on).when)
    assert f"Counsel's words: a complaint under M.G.L. c.249 §4 must be filed by {day}." in text


@pytest.mark.parametrize("offset", range(0, 365, 7))
def test_the_appeal_day_printed_is_never_later_than_the_statutes(offset):
    """For a decision on any day of a year, the day printed is the 60th day after it, or the
    next day the offices are open (c.4 §9): counted here with a weekday walk, not the clock."""
    from stoneham_boh.lib.mass_calendar import MassCalendar

    decided_on = date(2027, 1, 4) + timedelta(days=offset)
    printed = appeal_deadline(decided_on).when
    sixtieth = decided_on + timedelta(days=60)
    assert sixtieth <= printed <= sixtieth + timedelta(days=4)
    calendar = MassCalendar()
    between = [sixtieth + timedelta(days=n) for n in range((printed - sixtieth).days)]
    assert all(not calendar.is_business_day(day) for day in between)
    assert calendar.is_business_day(printed)
