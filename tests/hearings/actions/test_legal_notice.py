"""The legal notice (hearings.actions.legal_notice): drafted from the docket, edited until sent,
sent and published, and every refusal of those records."""

from datetime import timedelta

import pytest

from hearings import actions
from hearings.models import LegalNotice
from stoneham_boh.lib.errors import ActionRefused
from tests.hearings import builders as b

pytestmark = pytest.mark.django_db


FOURTEEN_BEFORE = b.HEARING - timedelta(days=14)


TWENTY_BEFORE = b.HEARING - timedelta(days=20)


def refused(call) -> str:
    with pytest.raises(ActionRefused) as caught:
        call()
    return str(caught.value)


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
