"""The reasons a hearing cannot be decided name what is wrong, and only that (issue 34.7): a
legal notice printed in time whose online postings are not recorded is not also said to have
been published too late."""

from __future__ import annotations

import pytest

from hearings.models import DocketItem
from hearings.notice_timing import timing_for
from tests.hearings import builders as b
from tests.hearings.test_notices import FOURTEEN_BEFORE, TWENTY_BEFORE

pytestmark = pytest.mark.django_db


def test_a_notice_printed_in_time_without_its_online_postings_is_refused_for_those_alone(clerk):
    item = b.docketed(by=clerk)
    b.mail_all(item, by=clerk, mailed_on=FOURTEEN_BEFORE)
    b.publish(item.meeting, by=clerk, published_on=TWENTY_BEFORE, online=False)
    reasons = timing_for(DocketItem.objects.get(pk=item.pk)).refusals()
    assert len(reasons) == 1, reasons
    assert "is not recorded" in reasons[0]
    assert not any("days are required" in reason for reason in reasons)
