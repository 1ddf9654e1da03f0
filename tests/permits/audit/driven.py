"""What the stateful machine drives (issue 33, "coverage by construction").

Each rule of the machine (tests/permits/audit/test_stateful.py and its mixins) declares the
actions it drives with `@drives(...)`, written above its `@rule`. The actions are those that
tests/watched_actions.py finds by introspection (every atomic function of every actions
module), so an action added to the product is seen here the day it is written:

- tests/permits/audit/test_machine_coverage.py fails when an action that writes a record the
  register depends on is declared by no rule and is not among the exceptions below;
- the machine's run watches the actions (tests/watched_actions.py) and, at a long budget,
  fails when an action a rule declares was never carried out across the run (a declaration
  that lies).
"""

from __future__ import annotations

import inspect
from collections import Counter
from functools import wraps

from hypothesis.stateful import RULE_MARKER

from tests.watched_actions import ACTIONS

# Actions that write nothing the register's audit reads (permits/audit/register.py loads it):
# the public-records log, the accounts and the portal's messages. The machine has no business
# with them; the history proof (tests/trust/test_history.py) still covers each.
NOT_THE_REGISTER: dict[str, str] = {
    "records.actions.release_complainant": "a complainant's name released in a public copy",
    "records.actions.withhold_complainant_again": "a complainant's name withheld again",
    "records.actions.redact": "a redaction of a public copy, not of the record",
    "records.actions.redact_passage": "words withheld from a public copy, not from the record",
    "records.actions.withdraw_redaction": "a redaction of a public copy",
    "stoneham_boh.actions.reset_two_factor": "a user's second factor",
    "permits.portal.actions.accept_invitation": "a resident's account, not a record",
    "permits.portal.actions.invite_applicant": "an invitation to an account",
    "permits.portal.actions.open_applicant_account": "a resident's account",
    "permits.portal.actions.confirm_account_link": "the link of an account to an applicant",
    "permits.portal.actions.decline_account_link": "the link of an account to an applicant",
    "permits.portal.actions.propose_details_change": "a resident's request, not yet a record",
    "permits.portal.actions.decline_details_change": "a resident's request, declined",
    "permits.portal.actions.request_renewal": "a resident's request, taken up by the clerk",
    "permits.online.actions.request_information": "a message to a resident",
    "hearings.actions.release_draft_minutes": "a copy of draft minutes given out (c.30A §22)",
}

# Actions that write a record the register depends on and that no rule drives yet, each with
# the reason. This list only shrinks: test_machine_coverage.py holds its length down.
UNDRIVEN: dict[str, str] = {
    # A response sent outside the product: the audit reports it as "cannot be shown" by design
    # (no §10(b) letter on file), so a machine whose every step must audit clean cannot take it.
    "records.actions.record_response": "answered outside the product: not shown, by design",
}


def action_name(function) -> str:
    """The watched name of an action (`module.function`), from the function itself."""
    original = inspect.unwrap(function)
    for name, (module, attribute) in ACTIONS.items():
        if inspect.unwrap(getattr(module, attribute)) is original:
            return name
    raise ValueError(f"{function!r} is not an action of tests/watched_actions.py")


# How many times each rule ran in this process (a rule marked with @drives counts its runs), so
# that a long run judges a declaration only once its rule ran often enough.
RUNS: Counter = Counter()


def drives(*functions):
    """Declare the actions a machine rule drives; written above `@rule` (and `@precondition`),
    so that it marks the rule as the machine sees it, and counts its runs."""
    names = tuple(action_name(f) for f in functions)

    def mark(rule_function):
        if not hasattr(rule_function, RULE_MARKER):
            raise TypeError(f"@drives goes above @rule on {rule_function.__name__}")
        rule_function.drives = names
        the_rule = getattr(rule_function, RULE_MARKER)
        run = the_rule.function

        @wraps(run)
        def counted(*args, **kwargs):
            RUNS[run.__name__] += 1
            return run(*args, **kwargs)

        the_rule.function = counted
        return rule_function

    return mark


def rules_of(machine) -> dict[str, object]:
    """The machine's rules by name, as its class (and its mixins) define them."""
    return {
        name: member for name, member in inspect.getmembers(machine) if hasattr(member, RULE_MARKER)
    }


def declared(machine) -> dict[str, set[str]]:
    """Each action the machine's rules declare, with the rules that declare it."""
    found: dict[str, set[str]] = {}
    for name, rule_function in rules_of(machine).items():
        for action in getattr(rule_function, "drives", ()):
            found.setdefault(action, set()).add(name)
    return found


def never_carried_out(machine, carried_out: set[str], *, runs: int) -> dict[str, int]:
    """The actions the machine's rules declare and the run never carried out, each with how
    many times the rules declaring it ran; only those whose rules ran at least `runs` times."""
    missed = {}
    for action, rules in declared(machine).items():
        ran = sum(RUNS[name] for name in rules)
        if action not in carried_out and ran >= runs:
            missed[action] = ran
    return missed


def register_actions() -> set[str]:
    """Every action that writes a record the register depends on."""
    return set(ACTIONS) - set(NOT_THE_REGISTER)
