"""§20-20(9) notice timing (hearings.notice_timing): 14 days at the boundaries, the last
abutter mailed, the newspaper, the online postings, the days the office and the regulation name,
and the article numbers a letter is recorded by. The records themselves: tests/hearings/actions/."""

from datetime import date, timedelta

import pytest

from facilities import actions as facility_actions
from hearings import actions, notice_timing
from hearings.models import Decision, DocketItem
from hearings.notice_timing import (
    NoticeTiming,
    normalize_article_number,
    pending_schedule,
    timing_for,
)
from permits.facts_from_records import evaluate_application
from permits.rules.checks.process import _notice
from permits.rules.ruleset import ruleset_in_force
from stoneham_boh.lib.errors import ActionRefused
from tests.hearings import builders as b

pytestmark = pytest.mark.django_db

FOURTEEN_BEFORE = b.HEARING - timedelta(days=14)
THIRTEEN_BEFORE = b.HEARING - timedelta(days=13)
TWENTY_BEFORE = b.HEARING - timedelta(days=20)


def refused(call) -> str:
    with pytest.raises(ActionRefused) as caught:
        call()
    return str(caught.value)


def mail(item, abutter, n, on, by):
    return actions.record_mailing(
        item=item, abutter=abutter, article_number=b.article(n), mailed_on=on, by=by, today=on
    )


def hearing_findings(application):
    # Judged on the hearing day: the rules are applied on the day of the check (revision 2).
    result = evaluate_application(b.refresh(application), as_of=b.HEARING)
    return [f for f in result["findings"] if f["rule"] == "20-20.9"]


# --- the 14-day arithmetic -----------------------------------------------------------------------


def test_the_last_notice_day_is_fourteen_days_before_the_hearing(clerk):
    item = b.docketed(by=clerk)
    assert timing_for(item).deadline == FOURTEEN_BEFORE == date(2030, 3, 12)


@pytest.mark.parametrize(
    ("mailed_on", "allowed"),
    [(FOURTEEN_BEFORE, True), (THIRTEEN_BEFORE, False)],
    ids=["exactly-14-days", "13-days"],
)
def test_abutter_notice_counts_only_when_mailed_at_least_14_days_before(
    clerk, board_member, mailed_on, allowed
):
    item = b.docketed(by=clerk)
    b.mail_all(item, by=clerk, mailed_on=mailed_on)
    b.publish(item.meeting, by=clerk, published_on=TWENTY_BEFORE)
    if allowed:
        b.decide(item, by=board_member)
        statuses = {f["status"] for f in hearing_findings(item.application)}
        assert statuses == {"pass"}
    else:
        message = refused(lambda: b.decide(item, by=board_member))
        assert "mailed on March 13, 2030, 13 days before the hearing" in message
        assert "at least 14 days are required" in message
        assert not Decision.objects.exists()


def test_the_last_abutter_mailed_is_the_one_that_counts(clerk, board_member):
    item = b.docketed(by=clerk, abutters=3)
    first, second, last = notice_timing.abutters_in_letter_order(item)
    mail(item, first, 1, TWENTY_BEFORE, clerk)
    mail(item, second, 2, FOURTEEN_BEFORE, clerk)
    mail(item, last, 3, THIRTEEN_BEFORE, clerk)
    b.publish(item.meeting, by=clerk, published_on=TWENTY_BEFORE)
    assert timing_for(item).abutters_given_on == THIRTEEN_BEFORE
    assert "13 days before" in refused(lambda: b.decide(item, by=board_member))
    # Mailed again in time (a correction), the notice is given 14 days before.
    mail(item, last, 3, FOURTEEN_BEFORE, clerk)
    b.decide(item, by=board_member)


@pytest.mark.parametrize(
    ("published_on", "allowed"),
    [(FOURTEEN_BEFORE, True), (THIRTEEN_BEFORE, False)],
    ids=["exactly-14-days", "13-days"],
)
def test_newspaper_notice_counts_only_when_published_at_least_14_days_before(
    clerk, board_member, published_on, allowed
):
    item = b.docketed(by=clerk)
    b.mail_all(item, by=clerk, mailed_on=TWENTY_BEFORE)
    b.publish(item.meeting, by=clerk, published_on=published_on, sent_on=TWENTY_BEFORE)
    if allowed:
        b.decide(item, by=board_member)
        assert {f["status"] for f in hearing_findings(item.application)} == {"pass"}
    else:
        message = refused(lambda: b.decide(item, by=board_member))
        assert "legal notice was published on March 13, 2030, 13 days before" in message


def test_an_abutter_not_yet_mailed_or_an_unpublished_notice_blocks_the_decision(
    clerk, board_member
):
    item = b.docketed(by=clerk, abutters=3)
    mail(item, notice_timing.abutters_in_letter_order(item)[0], 1, TWENTY_BEFORE, clerk)
    message = refused(lambda: b.decide(item, by=board_member, result="denied"))
    assert "2 of 3 abutters have no registered-mail notice" in message
    assert "has not been published" in message
    assert "only continue" in message


def test_an_application_without_a_certified_abutter_list_cannot_be_decided(clerk, board_member):
    item = b.docketed(by=clerk, abutters=0)
    b.publish(item.meeting, by=clerk)
    assert "No certified abutter list" in refused(lambda: b.decide(item, by=board_member))


def test_an_abutter_struck_from_the_list_needs_no_notice(clerk, board_member):
    item = b.docketed(by=clerk, abutters=3)
    first, second, struck = notice_timing.abutters_in_letter_order(item)
    # Struck before the letters (issue 22, finding 13), on a ground the records support.
    facility_actions.void_abutter(
        abutter=struck, ground="sold", reason="Sold the parcel.", by=clerk, today=TWENTY_BEFORE
    )
    mail(item, first, 1, TWENTY_BEFORE, clerk)
    mail(item, second, 2, TWENTY_BEFORE, clerk)
    b.publish(item.meeting, by=clerk)
    assert timing_for(item).abutters_complete
    b.decide(item, by=board_member)


def test_the_notice_status_reads_pending_then_given_or_short(clerk):
    item = b.docketed(by=clerk)
    assert timing_for(item).status(FOURTEEN_BEFORE) == "pending"
    assert timing_for(item).status(THIRTEEN_BEFORE) == "fail"
    b.mail_all(item, by=clerk)
    b.publish(item.meeting, by=clerk)
    item = DocketItem.objects.get(pk=item.pk)
    assert timing_for(item).status(b.HEARING) == "pass"


# --- article numbers -----------------------------------------------------------------------------


def test_article_numbers_are_kept_without_spaces_and_malformed_ones_refused():
    assert normalize_article_number("re 123 456 789 us") == "RE123456789US"
    # A certified article's digits are not registered mail (issue 22, finding 14).
    with pytest.raises(ValueError, match="Certified Mail or Priority Mail tracking number"):
        normalize_article_number("9214 8969 0099 9790 1234 56")
    with pytest.raises(ValueError, match="not a Registered Mail article number"):
        normalize_article_number("12345")


# Fourteen days before is July 4, 2030 (a legal holiday): the office sends them by July 3.
JULY_FOURTH_HEARING = date(2030, 7, 18)


def test_the_office_day_and_the_regulations_last_day_are_each_named(clerk):
    item = b.docketed(by=clerk, on=JULY_FOURTH_HEARING)
    schedule = pending_schedule(item.application)
    assert schedule["deadline"] == "Wednesday, July 3, 2030"
    assert schedule["legal_last_day"] == "Thursday, July 4, 2030"
    said = " ".join(f["message"] for f in evaluate_application(item.application)["findings"])
    assert "the regulation's last day to give it is 2030-07-04" in said


def test_the_application_page_says_which_day_is_which(clerk_client, clerk):
    item = b.docketed(by=clerk, on=JULY_FOURTH_HEARING)
    page = clerk_client.get(f"/permits/applications/{item.application_id}/").content.decode()
    assert (
        "Notices are due by Wednesday, July 3, 2030, the office&#x27;s last business day" in page
        or "Notices are due by Wednesday, July 3, 2030, the office's last business day" in page
    )
    assert "the regulation's last day, Thursday, July 4, 2030, falls when the office" in page


def test_a_notice_printed_in_time_without_its_online_postings_is_refused_for_those_alone(clerk):
    item = b.docketed(by=clerk)
    b.mail_all(item, by=clerk, mailed_on=FOURTEEN_BEFORE)
    b.publish(item.meeting, by=clerk, published_on=TWENTY_BEFORE, online=False)
    reasons = timing_for(DocketItem.objects.get(pk=item.pk)).refusals()
    assert len(reasons) == 1, reasons
    assert "is not recorded" in reasons[0]
    assert not any("days are required" in reason for reason in reasons)


BOUNDARY_HEARING = date(2027, 7, 13)


LAST = date(2027, 6, 29)  # the ruleset's fourteen days before, the hearing's day excluded


@pytest.mark.parametrize(("given", "in_time"), [(LAST, True), (LAST + timedelta(days=1), False)])
def test_the_hearings_timing_and_the_rules_finding_agree_on_the_boundary(given, in_time):
    spec = ruleset_in_force(BOUNDARY_HEARING).rules["20-20.9"]
    days = spec.value("notice_days")
    finding = _notice(spec, "The notice", given, BOUNDARY_HEARING, BOUNDARY_HEARING, days)
    timing = NoticeTiming(
        hearing_date=BOUNDARY_HEARING,
        notice_days=days,
        abutter_total=1,
        abutters_mailed=1,
        last_mailed=given,
        newspaper="Stoneham Independent",
        legal_notice_sent=given,
        published_on=given,
        # In print, on the newspaper's website and statewide the same day (c.4 §13).
        website_posted_on=given,
        statewide_posted_on=given,
    )
    assert timing.deadline == LAST
    assert finding.status == ("pass" if in_time else "fail")
    assert timing.abutters_in_time is in_time and timing.newspaper_in_time is in_time
    assert timing.status(today=given) == ("pass" if in_time else "fail")
