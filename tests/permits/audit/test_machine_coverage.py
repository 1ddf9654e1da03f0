"""Coverage by construction (issue 33, item 1): every action that writes a record the register
depends on is driven by a rule of the stateful machine, or named in driven.UNDRIVEN with the
reason; deleting a rule of the machine makes a test here fail.

The actions are those tests/watched_actions.py finds by introspection, as the history proof
(tests/trust/test_history.py) does: an action added to the product and to no rule fails here.
"""

from __future__ import annotations

from tests.permits.audit import driven
from tests.permits.audit.test_stateful import Register
from tests.watched_actions import ACTIONS

# Rules that drive no action of their own (each of their actions has another rule too), named
# so that deleting one still fails a test; each says what it adds to the search.
SHARED_RULES: dict[str, str] = {
    "time_passes": "moves the day on: orders fall overdue, variances and permits expire",
    "a_register_loaded_from_a_spreadsheet": "the register's import, through the entry action",
    # Issue 33's findings, each a sequence of actions other rules drive too, in the order that
    # once got past the regulation (tests/permits/audit/stateful_permits.py).
    "a_violation_sent_from_a_phone_whose_clock_is_behind": "finding 1: a field time typed back",
    "a_lot_typed_without_its_streets_suffix": "finding 2: an address without its suffix",
    "a_paper_permit_of_the_year_beside_the_keepings_own": "finding 11: two permits, one keeping",
    "the_board_rescinds_a_variance": "finding 12: the permit resting on a rescinded variance",
    "a_variance_put_before_the_board_to_be_rescinded": "a rescission heard, granted or dismissed",
    "an_order_extended_after_its_deadline": "finding 15: an order's passed deadline extended",
    # The field reports' actions live in inspections/field_reports.py, which the watched
    # actions (tests/watched_actions.py, the actions modules) do not reach.
    "a_refused_checklist_kept_or_carried": "a refused checklist kept or carried (issue 34)",
    # The Open Meeting Law's findings (tests/permits/audit/stateful_meetings.py).
    "a_vote_at_a_meeting": "finding 5: a vote at a meeting posted late, never, or not for it",
    "a_posting_typed_before_its_meeting_existed": "issue 38 L3: a posting typed back",
    "a_legal_notice_of_two_hearings": "findings 9 and 13: counts swapped, relief edited out",
    "an_emergency_meeting": "c.30A §§18, 20(b): an emergency meeting noticed two hours ahead",
}


def test_every_action_on_the_register_is_driven_by_a_rule_of_the_machine():
    declared = driven.declared(Register)
    undriven = sorted(driven.register_actions() - set(declared) - set(driven.UNDRIVEN))
    assert not undriven, (
        "No rule of the stateful machine drives these actions: add a rule that does "
        f"(@drives above its @rule), or say in driven.UNDRIVEN why none can: {undriven}"
    )


def test_the_list_of_undriven_actions_only_shrinks():
    declared = driven.declared(Register)
    now_driven = sorted(set(driven.UNDRIVEN) & set(declared))
    assert not now_driven, f"Driven now: take them off driven.UNDRIVEN: {now_driven}"
    # Lower this figure as actions leave the list; never raise it.
    assert len(driven.UNDRIVEN) <= 1, "driven.UNDRIVEN is to shrink, not grow"


def test_every_action_named_in_the_lists_exists():
    named = [*driven.UNDRIVEN, *driven.NOT_THE_REGISTER, *driven.declared(Register)]
    assert not [name for name in named if name not in ACTIONS]
    assert not set(driven.UNDRIVEN) & set(driven.NOT_THE_REGISTER)


def test_every_rule_declares_what_it_drives():
    silent = [
        name
        for name, rule in driven.rules_of(Register).items()
        if not getattr(rule, "drives", ()) and name not in SHARED_RULES
    ]
    assert not silent, f"Declare the actions these rules drive with @drives: {silent}"


def test_deleting_any_rule_leaves_an_action_undriven_or_a_shared_rule_missing():
    """Each rule drives an action no other rule drives, or is named in SHARED_RULES: so a rule
    deleted fails either the coverage test above or this one."""
    rules = driven.rules_of(Register)
    declared = driven.declared(Register)
    alone = {next(iter(names)) for names in declared.values() if len(names) == 1}
    redundant = sorted(set(rules) - alone - set(SHARED_RULES))
    assert not redundant, (
        "These rules drive no action of their own: declare the one they alone drive, or name "
        f"them in SHARED_RULES with what they add: {redundant}"
    )
    assert not [name for name in SHARED_RULES if name not in rules]
