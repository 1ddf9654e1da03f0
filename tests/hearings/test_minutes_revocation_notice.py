"""A revocation hearing's minutes say the notice that counts for it, the holder's written
notice (§20-20(5)), not "Abutters notified by registered mail: 0" (issue 34.7)."""

from __future__ import annotations

from datetime import date

import pytest

from hearings.minutes import minutes_text, record_of
from hearings.models import DocketItem
from tests import factories

pytestmark = pytest.mark.django_db


def test_a_revocation_hearings_minutes_say_the_holders_notice(clerk):
    permit = factories.issued_permit(by=clerk, on=date(2027, 1, 14))
    factories.revoke_by_the_board(
        permit, by=clerk, revoked_on=date(2027, 6, 15), remove_by=date(2027, 7, 15)
    )
    item = DocketItem.objects.get(kind=DocketItem.Kind.REVOCATION)
    text = minutes_text(record_of(item.meeting))
    assert "Abutters notified by registered mail" not in text
    assert "The holder was sent written notice of the hearing on" in text
