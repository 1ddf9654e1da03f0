"""The meetings' pages (hearings/views/meetings.py): a meeting scheduled, the past meetings,
the legal notice's page.

The legal notice page marks a newspaper day that has passed, and marking the notice sent
after the newspaper's cut-off says so (issue 34.7)."""

from __future__ import annotations

from datetime import timedelta

import pytest
import time_machine
from django.urls import reverse

from hearings import actions, clocks
from tests import factories
from tests.hearings import builders as b

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
