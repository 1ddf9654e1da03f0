"""The Board's amendments built through their action, shared by the tests of the action
(test_actions.py) and of the ruleset in force they make (test_in_force.py)."""

from __future__ import annotations

import copy
import json
from datetime import date, time
from decimal import Decimal
from pathlib import Path

from hearings.models import Meeting
from permits.amendments import actions
from tests.hearings.roll_call import roll_call

EXAMPLES = json.loads(Path("/work/shared/rules-examples.json").read_text(encoding="utf-8"))
# The first public example: goats in a shelter 61 ft from the abutting line, decided 2027-06-01.
GOATS = EXAMPLES[0]["facts"]
DECIDED = date(2027, 6, 1)
VOTED = date(2027, 4, 6)


def board_meeting(on=VOTED, **fields) -> Meeting:
    """A meeting of the Board on `on` (the vote's day by default), written on file."""
    return Meeting.objects.create(date=on, time=time(19), place="Hearing Room", **fields)


def amend(by, *, effective_on=DECIDED, published_on=date(2027, 4, 15), value="75", **fields):
    """The Board's vote at a meeting attended by its three members (tests.hearings.roll_call),
    recorded by the member presiding; `by` (the administrator) no longer records it."""
    meeting = fields.pop("adopted_at", None) or board_meeting()
    votes, recorder = roll_call(meeting, choice=fields.pop("choice", "yes"))
    return actions.record_amendment(
        rule=fields.pop("rule", "20-15.4.a"),
        figure=fields.pop("figure", "minimum_ft"),
        value=Decimal(value),
        adopted_at=meeting,
        votes=fields.pop("votes", votes),
        effective_on=effective_on,
        published_on=published_on,
        deposited_on=fields.pop("deposited_on", date(2027, 4, 16)),
        by=fields.pop("recorder", recorder),
        today=date(2027, 5, 1),
        **fields,
    )


def setback_finding(result: dict) -> dict:
    """The finding of the setback rule (20-15.4.a) in a check's result."""
    (finding,) = [f for f in result["findings"] if f["rule"] == "20-15.4.a"]
    return finding


def goats_on(day: date) -> dict:
    """The goats' facts (GOATS) as of an application dated `day`."""
    facts = copy.deepcopy(GOATS)
    facts["application"]["date"] = day.isoformat()
    return facts
