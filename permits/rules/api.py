"""The one call every caller can make: JSON-like facts in, the contract's JSON-able dict out."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date

from .engine import evaluate
from .facts import FactsError, parse_facts
from .findings import result_to_dict
from .ruleset_model import Ruleset

__all__ = ["check", "result_to_dict"]


def check(obj: object, ruleset_for: Callable[[date], Ruleset] | None = None) -> dict:
    """Parse, validate and evaluate ``obj``; never raises.

    ``ruleset_for`` gives the ruleset for the decision date (``application.date``); by default
    the adopted ruleset in force that day. The Board's amendments, which are records, reach the
    rules only this way: a caller outside this module builds the amended ruleset and passes it.

    Returns the result dict of the contract, or ``{"error": {"path": ..., "message": ...}}``
    when the facts are invalid. Any unexpected failure is reported the same way (path "") rather
    than raised, because callers such as the public pre-check must always get an answer.
    """
    try:
        facts = parse_facts(obj)
        ruleset = ruleset_for(facts.application.date) if ruleset_for is not None else None
        return evaluate(facts, ruleset).to_dict()
    except FactsError as error:
        return error.to_dict()
    except RecursionError:
        return {"error": {"path": "", "message": "the facts are nested too deeply"}}
    except Exception as error:  # the contract: never raise, report instead
        return {
            "error": {
                "path": "",
                "message": f"the facts could not be evaluated ({type(error).__name__})",
            }
        }
