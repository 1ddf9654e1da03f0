"""The one call every caller can make: JSON-like facts in, the contract's JSON-able dict out."""

from __future__ import annotations

from .engine import evaluate
from .facts import FactsError, parse_facts
from .findings import result_to_dict

__all__ = ["check", "result_to_dict"]


def check(obj: object) -> dict:
    """Parse, validate and evaluate ``obj``; never raises.

    Returns the result dict of the contract, or ``{"error": {"path": ..., "message": ...}}``
    when the facts are invalid. Any unexpected failure is reported the same way (path "") rather
    than raised, because callers such as the public pre-check must always get an answer.
    """
    try:
        return evaluate(parse_facts(obj)).to_dict()
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
