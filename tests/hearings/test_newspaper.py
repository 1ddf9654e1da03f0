"""The legal notice e-mailed to the newspaper: refused without an address, and recorded only
when the message went (a mail server that refuses it records nothing)."""

from __future__ import annotations

from datetime import date
from smtplib import SMTPException

import pytest
from django.core import mail

from hearings import actions
from hearings.models import LegalNotice
from hearings.newspaper import email_legal_notice
from stoneham_boh.lib.errors import ActionRefused
from stoneham_boh.town.models import Town
from tests.hearings import builders as b

pytestmark = pytest.mark.django_db
TODAY = date(2030, 3, 4)


@pytest.fixture
def drafted(clerk):
    item = b.docketed(by=clerk)
    actions.draft_legal_notice(meeting=item.meeting, by=clerk)
    return item.meeting


def test_without_the_newspapers_address_nothing_is_sent_and_the_clerk_is_told_why(
    drafted, clerk, settings
):
    Town.objects.filter(is_current=True).update(newspaper_email="")
    with pytest.raises(ActionRefused, match="settings page"):
        email_legal_notice(meeting=drafted, by=clerk, today=TODAY)
    assert mail.outbox == []
    assert LegalNotice.objects.get(meeting=drafted).sent_on is None


def test_a_refused_message_records_nothing(drafted, clerk, settings, monkeypatch):
    Town.objects.filter(is_current=True).update(newspaper_email="legals@paper.example")

    def refuse(*args, **kwargs):
        raise SMTPException("550 mailbox unavailable")

    monkeypatch.setattr("django.core.mail.EmailMessage.send", refuse)
    with pytest.raises(ActionRefused, match="550 mailbox unavailable"):
        email_legal_notice(meeting=drafted, by=clerk, today=TODAY)
    notice = LegalNotice.objects.get(meeting=drafted)
    assert (notice.sent_on, notice.emailed_to) == (None, "")


def test_a_notice_marked_sent_by_hand_records_no_address(drafted, clerk):
    notice = actions.send_legal_notice(meeting=drafted, sent_on=TODAY, by=clerk, today=TODAY)
    assert notice.emailed_to == ""
    assert notice.history.first().sent_on == TODAY
