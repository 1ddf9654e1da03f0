"""The Board's amendments recorded, published and voided (permits.amendments.actions): only
what could have been voted is recorded, published in time for the day it takes effect, and
voided only before it is in force. What the ruleset in force then reads is test_in_force.py's."""

from __future__ import annotations

from datetime import date

import pytest

from hearings.ruleset_in_force import check
from permits.amendments import actions
from permits.amendments.models import Amendment
from stoneham_boh.lib.errors import ActionRefused
from tests.permits.amendments.builders import (
    DECIDED,
    amend,
    board_meeting,
    goats_on,
    setback_finding,
)


@pytest.mark.django_db
def test_an_amendment_binds_only_once_published_and_never_when_void(admin_user):
    amendment = amend(admin_user, published_on=None)
    assert setback_finding(check(goats_on(DECIDED)))["required"] == 50  # voted, not yet published

    # Published after the effective day the Board voted: refused (M.G.L. c.111 §31).
    with pytest.raises(ActionRefused, match="needs a new vote setting a later effective date"):
        actions.record_publication(
            amendment=amendment,
            published_on=date(2027, 6, 10),
            by=admin_user,
            today=date(2027, 6, 10),
        )
    actions.record_publication(
        amendment=amendment,
        published_on=date(2027, 5, 20),
        by=admin_user,
        today=date(2027, 5, 20),
    )
    amendment.refresh_from_db()
    assert amendment.in_force_from == DECIDED
    assert amendment.published_in == "Stoneham Independent"
    assert setback_finding(check(goats_on(date(2027, 5, 31))))["required"] == 50
    assert setback_finding(check(goats_on(DECIDED)))["required"] == 75

    # In force, it was the regulation on its days: only a new vote changes it.
    with pytest.raises(ActionRefused, match="in force since June 1, 2027"):
        actions.void_amendment(
            amendment=amendment, reason="Typed in error.", by=admin_user, today=DECIDED
        )
    actions.void_amendment(
        amendment=amendment, reason="Typed in error.", by=admin_user, today=date(2027, 5, 31)
    )
    assert setback_finding(check(goats_on(DECIDED)))["required"] == 50
    amendment.refresh_from_db()
    assert amendment.voided_on is not None and amendment.history.count() == 3


@pytest.mark.django_db
def test_an_amendment_that_could_not_have_been_voted_is_refused_with_every_reason(admin_user):
    with pytest.raises(ActionRefused) as refused:
        amend(
            admin_user,
            figure="no_such_figure",
            choice="no",
            effective_on=date(2027, 4, 1),
        )
    reasons = refused.value.reasons
    assert "The regulation has no figure no_such_figure in rule 20-15.4.a to amend." in reasons
    assert "The motion did not carry: 0 yes and 3 no." in reasons
    assert "The effective date cannot come before the vote." in reasons
    assert not Amendment.objects.exists()
    cancelled = board_meeting(on=date(2027, 4, 20), cancelled=True)
    with pytest.raises(ActionRefused, match="cancelled"):
        amend(admin_user, adopted_at=cancelled, votes={}, recorder=admin_user)
