"""Results as JSON text, fast: what ``manage.py check_rules`` prints for thousands of items.

The text is exactly ``json.dumps(result.to_dict())`` (default separators, ASCII), built
without the intermediate dicts: the fixed head of each finding is cached per rule and status,
and each ``not_applicable`` finding (shared, immutable) is encoded once. A batch spends most of
its time writing findings, so this halves the cost of output.
"""

from __future__ import annotations

import json
from json.encoder import encode_basestring_ascii as _string

from .api import check
from .engine import evaluate
from .facts import FactsError, parse_facts
from .findings import NOT_APPLICABLE, Finding, Result

_int_repr = int.__repr__
_float_repr = float.__repr__

_HEADS: dict[tuple[str, str, str], str] = {}
_WHOLE: dict[Finding, str] = {}


def _number(value: object) -> str:
    kind = value.__class__
    if kind is int:
        return _int_repr(value)
    if kind is float:
        return _float_repr(value)
    return json.dumps(value)  # None, and anything unusual, exactly as json would


def _head(rule: str, citation: str, status: str) -> str:
    key = (rule, citation, status)
    head = _HEADS.get(key)
    if head is None:
        head = _HEADS[key] = (
            f'{{"rule": {_string(rule)}, "citation": {_string(citation)}, '
            f'"status": {_string(status)}, "subject": '
        )
    return head


def finding_json(finding: Finding) -> str:
    """``json.dumps(finding.to_dict())``."""
    if finding.status == NOT_APPLICABLE:
        whole = _WHOLE.get(finding)
        if whole is not None:
            return whole
    rule, citation, status, subject, message, required, actual, unit = finding
    text = _head(rule, citation, status) + ("null" if subject is None else _string(subject))
    if unit is None:
        text = f'{text}, "message": {_string(message)}}}'
    else:
        text = (
            f'{text}, "required": {_number(required)}, "actual": {_number(actual)}, '
            f'"unit": {_string(unit)}, "message": {_string(message)}}}'
        )
    if status == NOT_APPLICABLE and len(_WHOLE) < 10_000:
        _WHOLE[finding] = text
    return text


def result_json(result: Result) -> str:
    """``json.dumps(result.to_dict())``."""
    return (
        f'{{"permit_required": {"true" if result.permit_required else "false"}, '
        f'"eligible": {"true" if result.eligible else "false"}, '
        f'"findings": [{", ".join([finding_json(f) for f in result.findings])}]}}'
    )


def check_json(obj: object) -> tuple[str, bool]:
    """``check(obj)`` as JSON text, and whether the facts were valid. Never raises."""
    try:
        return result_json(evaluate(parse_facts(obj))), True
    except FactsError as error:
        return json.dumps(error.to_dict()), False
    except Exception:  # the same safety net as check(), with its wording
        return json.dumps(check(obj)), False
