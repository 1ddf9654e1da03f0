"""The meetings' pages (hearings/views/meetings.py): a meeting scheduled, the past meetings,
the legal notice's page.

The legal notice page marks a newspaper day that has passed, and marking the notice sent
after the newspaper's cut-off says so (issue 34.7)."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
import time_machine
from django.urls import reverse

from hearings import actions, clocks
from hearings.models import LegalNotice
from tests import factories
from tests.hearings import builders as b
from tests.hearings.builders import at

pytestmark = pytest.mark.django_db


def test_a_passed_cut_off_is_marked_and_a_late_sending_is_said(clerk_client, clerk):
    item = b.docketed(by=clerk)
    meeting = item.meeting
    cutoff = clocks.newspaper_copy_deadline(meeting.date).when
    late = cutoff + timedelta(days=1)
    with time_machine.travel(factories.midday(late), tick=False):
        actions.draft_legal_notice(meeting=meeting, by=clerk)
        clerk_client.force_login(clerk)  # a session of that day
        page = clerk_client.get(reverse("hearings:legal-notice", args=[meeting.pk]))
        assert (
            "Passed: the newspaper&#x27;s cut-off for that issue is over" in (page.content.decode())
            or "Passed: the newspaper's cut-off for that issue is over" in page.content.decode()
        )
        sent = clerk_client.post(
            reverse("hearings:legal-notice-sent", args=[meeting.pk]),
            {"sent_on": late.isoformat()},
            follow=True,
        )
    said = sent.content.decode()
    assert "after its cut-off of" in said
    assert "ask the newspaper whether" in said


def test_a_legal_notice_cannot_be_sent_or_published_before_it_was_drafted(clerk, client):
    with at(date(2030, 3, 5), client, clerk):
        item = b.docketed(by=clerk)
        meeting = item.meeting
        client.post(reverse("hearings:legal-notice-draft", args=[meeting.pk]))
        early = client.post(
            reverse("hearings:legal-notice-sent", args=[meeting.pk]), {"sent_on": "2030-03-03"}
        )
        assert early.status_code == 400
        assert "drafted on March 5, 2030" in early.content.decode()
        assert LegalNotice.objects.get().sent_on is None
        client.post(
            reverse("hearings:legal-notice-sent", args=[meeting.pk]), {"sent_on": "2030-03-05"}
        )
        future = client.post(
            reverse("hearings:legal-notice-published", args=[meeting.pk]),
            {"published_on": "2030-03-07", "newspaper": "Stoneham Sun"},
        )
    assert future.status_code == 400
    assert "in the future" in future.content.decode()
    assert LegalNotice.objects.get().published_on is None
