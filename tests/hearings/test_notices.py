"""§20-20(9) notices: 14 days at the boundaries, the last abutter mailed, the newspaper, and
every refusal of the mailing, receipt and legal-notice records."""

from datetime import date, timedelta

import pytest

from facilities import actions as facility_actions
from hearings import actions, notice_timing
from hearings.models import AbutterNotice, Decision, DocketItem, LegalNotice
from hearings.notice_timing import normalize_article_number, timing_for
from permits.facts_from_records import evaluate_application
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


# --- mailing records -----------------------------------------------------------------------------


def test_article_numbers_are_kept_without_spaces_and_malformed_ones_refused():
    assert normalize_article_number("re 123 456 789 us") == "RE123456789US"
    # A certified article's digits are not registered mail (issue 22, finding 14).
    with pytest.raises(ValueError, match="Certified Mail or Priority Mail tracking number"):
        normalize_article_number("9214 8969 0099 9790 1234 56")
    with pytest.raises(ValueError, match="not a Registered Mail article number"):
        normalize_article_number("12345")


def test_a_mailing_is_recorded_with_its_history_row(clerk):
    item = b.docketed(by=clerk)
    abutter = notice_timing.abutters_in_letter_order(item)[0]
    notice = actions.record_mailing(
        item=item,
        abutter=abutter,
        article_number="RE 123 456 789 US",
        mailed_on=TWENTY_BEFORE,
        by=clerk,
        today=TWENTY_BEFORE,
    )
    assert (notice.article_number, notice.mailed_on) == ("RE123456789US", TWENTY_BEFORE)
    assert notice.history.first().history_user == clerk


def test_a_mailing_is_refused_when_dated_ahead_after_the_hearing_or_malformed(clerk):
    item = b.docketed(by=clerk)
    abutter = notice_timing.abutters_in_letter_order(item)[0]
    message = refused(
        lambda: actions.record_mailing(
            item=item,
            abutter=abutter,
            article_number="12",
            mailed_on=b.HEARING + timedelta(1),
            by=clerk,
            today=b.HEARING,
        )
    )
    assert "cannot be in the future" in message
    assert "after the hearing" in message
    assert "not a Registered Mail article number" in message


def test_one_article_number_cannot_serve_two_abutters(clerk):
    item = b.docketed(by=clerk)
    first, second, _ = notice_timing.abutters_in_letter_order(item)
    mail(item, first, 7, TWENTY_BEFORE, clerk)
    assert "already recorded for another abutter" in refused(
        lambda: mail(item, second, 7, TWENTY_BEFORE, clerk)
    )


def test_an_abutter_of_another_application_cannot_be_noticed_here(clerk):
    item = b.docketed(by=clerk)
    other = b.docketed(by=clerk, the_meeting=item.meeting)
    stranger = notice_timing.abutters_in_letter_order(other)[0]
    assert "not on this application's certified list" in refused(
        lambda: mail(item, stranger, 1, TWENTY_BEFORE, clerk)
    )


def test_a_pasted_list_is_recorded_in_letter_order(clerk):
    item = b.docketed(by=clerk, abutters=3)
    notices = actions.record_mailing_list(
        item=item,
        article_numbers=["RE 000 000 001 US", "RE000000002US", "re000000003us"],
        mailed_on=TWENTY_BEFORE,
        by=clerk,
        today=TWENTY_BEFORE,
    )
    names = [n.abutter.owner_names for n in notices]
    assert names == ["Owner 001", "Owner 002", "Owner 003"]
    assert [n.article_number for n in notices][-1] == "RE000000003US"


def test_a_pasted_list_of_the_wrong_length_or_with_repeats_records_nothing(clerk):
    item = b.docketed(by=clerk, abutters=3)
    message = refused(
        lambda: actions.record_mailing_list(
            item=item,
            article_numbers=["RE000000001US", "RE000000001US"],
            mailed_on=TWENTY_BEFORE,
            by=clerk,
            today=TWENTY_BEFORE,
        )
    )
    assert "2 article numbers and the certified list 3 abutters" in message
    assert "Repeated article numbers: RE000000001US" in message
    assert not AbutterNotice.objects.exists()
    message = refused(
        lambda: actions.record_mailing_list(
            item=item,
            article_numbers=["RE000000001US", "bad", "RE000000003US"],
            mailed_on=TWENTY_BEFORE,
            by=clerk,
            today=TWENTY_BEFORE,
        )
    )
    assert "Line 2:" in message


def test_return_receipts_are_marked_after_their_mailing_only(clerk):
    item = b.docketed(by=clerk)
    b.mail_all(item, by=clerk, mailed_on=TWENTY_BEFORE)
    notice = AbutterNotice.objects.filter(docket_item=item).first()
    message = refused(
        lambda: actions.mark_receipt_returned(
            notice=notice, returned_on=TWENTY_BEFORE - timedelta(1), by=clerk, today=b.HEARING
        )
    )
    assert "before the mailing" in message
    assert "in the future" in refused(
        lambda: actions.mark_receipt_returned(
            notice=notice, returned_on=b.HEARING, by=clerk, today=FOURTEEN_BEFORE
        )
    )
    actions.mark_receipt_returned(
        notice=notice, returned_on=FOURTEEN_BEFORE, by=clerk, today=b.HEARING
    )
    notice.refresh_from_db()
    assert notice.receipt_returned_on == FOURTEEN_BEFORE


def test_a_receipt_cannot_be_marked_for_a_letter_never_mailed(clerk):
    item = b.docketed(by=clerk)
    abutter = notice_timing.abutters_in_letter_order(item)[0]
    unmailed = AbutterNotice.objects.create(docket_item=item, abutter=abutter)
    assert "Record the mailing" in refused(
        lambda: actions.mark_receipt_returned(
            notice=unmailed, returned_on=b.HEARING, by=clerk, today=b.HEARING
        )
    )


def test_no_mailing_is_recorded_once_the_item_is_decided(clerk, board_member):
    item = b.noticed(by=clerk)
    b.decide(item, by=board_member)
    abutter = notice_timing.abutters_in_letter_order(item)[0]
    assert "record of its hearing is closed" in refused(
        lambda: mail(item, abutter, 99, FOURTEEN_BEFORE, clerk)
    )


# --- the legal notice ----------------------------------------------------------------------------


def test_the_legal_notice_is_drafted_from_the_docket(clerk):
    item = b.docketed(by=clerk, relief=["20-15.4.a"])
    notice = actions.draft_legal_notice(meeting=item.meeting, by=clerk)
    application = item.application
    assert "Tuesday, March 26, 2030 at 7:00 p.m." in notice.text
    assert f"Application of {application.applicant.name}" in notice.text
    assert f"6 chickens at {application.lot.street_address}" in notice.text
    assert "a variance of §20-15(4)(a) (setback from the abutting property line)" in notice.text


def test_an_empty_docket_has_no_legal_notice(clerk):
    meeting = b.meeting(by=clerk)
    assert "nothing to notice" in refused(
        lambda: actions.draft_legal_notice(meeting=meeting, by=clerk)
    )


def test_the_legal_notice_is_edited_until_sent_and_then_kept_as_sent(clerk):
    item = b.docketed(by=clerk)
    actions.draft_legal_notice(meeting=item.meeting, by=clerk)
    actions.edit_legal_notice(
        meeting=item.meeting, text="Edited text.", newspaper="Stoneham Sun", by=clerk
    )
    actions.send_legal_notice(
        meeting=item.meeting, sent_on=TWENTY_BEFORE, by=clerk, today=TWENTY_BEFORE
    )
    message = refused(
        lambda: actions.edit_legal_notice(
            meeting=item.meeting, text="Changed after.", newspaper="Stoneham Sun", by=clerk
        )
    )
    assert "no longer edited" in message
    assert "went to Stoneham Sun" in refused(
        lambda: actions.draft_legal_notice(meeting=item.meeting, by=clerk)
    )
    assert LegalNotice.objects.get().text == "Edited text."


def test_an_empty_text_or_newspaper_is_refused(clerk):
    item = b.docketed(by=clerk)
    message = refused(
        lambda: actions.edit_legal_notice(meeting=item.meeting, text=" ", newspaper="", by=clerk)
    )
    assert "no text" in message and "Name the local newspaper" in message


def test_sending_needs_a_draft_and_a_day_not_ahead_nor_after_the_hearing(clerk):
    meeting = b.meeting(by=clerk)
    message = refused(
        lambda: actions.send_legal_notice(
            meeting=meeting, sent_on=b.HEARING + timedelta(1), by=clerk, today=b.HEARING
        )
    )
    assert "Draft the legal notice first" in message
    assert "cannot be in the future" in message
    assert "after the hearing" in message


def test_publication_is_refused_before_sending_before_the_sent_day_or_ahead(clerk):
    item = b.docketed(by=clerk)
    assert "as sent to the newspaper first" in refused(
        lambda: actions.record_publication(
            meeting=item.meeting, published_on=TWENTY_BEFORE, by=clerk, today=TWENTY_BEFORE
        )
    )
    actions.draft_legal_notice(meeting=item.meeting, by=clerk)
    actions.send_legal_notice(
        meeting=item.meeting, sent_on=TWENTY_BEFORE, by=clerk, today=TWENTY_BEFORE
    )
    message = refused(
        lambda: actions.record_publication(
            meeting=item.meeting,
            published_on=TWENTY_BEFORE - timedelta(1),
            by=clerk,
            today=TWENTY_BEFORE,
            newspaper=" ",
        )
    )
    assert "before it was sent" in message
    assert "Name the newspaper" in message
    assert "in the future" in refused(
        lambda: actions.record_publication(
            meeting=item.meeting, published_on=FOURTEEN_BEFORE, by=clerk, today=TWENTY_BEFORE
        )
    )
    assert "after the hearing" in refused(
        lambda: actions.record_publication(
            meeting=item.meeting,
            published_on=b.HEARING + timedelta(1),
            by=clerk,
            today=b.HEARING + timedelta(1),
        )
    )


def test_publication_is_on_record_once_an_item_is_decided(clerk, board_member):
    item = b.noticed(by=clerk)
    b.decide(item, by=board_member)
    assert "its notice is on record" in refused(
        lambda: actions.record_publication(
            meeting=item.meeting, published_on=TWENTY_BEFORE, by=clerk, today=b.HEARING
        )
    )
