"""Evaluate the facts of one application against a ruleset.

Order of work: decide whether a permit is needed at all; run every catalogue check (a rule
that yields nothing is reported ``not_applicable``, so every rule appears in the result);
then §20-20(8) grandfathering, or else the variances (§20-21).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from datetime import date

from .checks import CHECKS
from .context import Context
from .facts import Facts
from .findings import (
    BLOCKING,
    GRANDFATHERED,
    NOT_APPLICABLE,
    WAIVABLE,
    WAIVED,
    Finding,
    Result,
)
from .ruleset import ruleset_in_force
from .ruleset_model import Ruleset
from .wording import num

Plan = tuple[tuple[Callable[[Context], Iterable[Finding]], Finding], ...]

# Ruleset -> its plan; keyed by identity, holding the ruleset alive.
_PLANS: dict[int, tuple[Ruleset, Plan]] = {}


def _plan(ruleset: Ruleset) -> Plan:
    """Each rule's check with the ``not_applicable`` finding reported when it yields nothing.

    Findings are immutable, so the ``not_applicable`` ones are built once per ruleset.
    """
    cached = _PLANS.get(id(ruleset))
    if cached is not None and cached[0] is ruleset:
        return cached[1]
    plan = tuple(
        (
            CHECKS[rule],
            Finding(
                rule,
                spec.citation,
                NOT_APPLICABLE,
                None,
                f"Applies only to {spec.applies_to}.",
            ),
        )
        for rule, spec in ruleset.rules.items()
    )
    _PLANS[id(ruleset)] = (ruleset, plan)
    return plan


def grandfathered(facts: Facts, ruleset: Ruleset) -> bool:
    """§20-20(8): a renewal of keeping first permitted before the regulation, unchanged since.

    The proviso: no conditions injurious to public health or to the enjoyment of contiguous
    property have been found.
    """
    application = facts.application
    first = application.prior_permit_issued
    return (
        application.kind == "renewal"
        and application.conditions_unchanged
        and not application.injurious_conditions
        and first is not None
        and first < ruleset.interpretations.grandfathering_cutoff
    )


def _grandfather(findings: list[Finding], first: date) -> list[Finding]:
    prefix = (
        f"Grandfathered under §20-20(8) (first permitted {first.isoformat()}, conditions "
        "unchanged): "
    )
    return [
        f
        if f.status == NOT_APPLICABLE
        else f._replace(status=GRANDFATHERED, message=prefix + f.message)
        for f in findings
    ]


def _waive(findings: list[Finding], facts: Facts, ruleset: Ruleset) -> list[Finding]:
    """Turn ``fail`` into ``waived`` where a granted, unexpired variance covers it.

    Expiry is judged on ``application.date``, the day the rules are applied (the day of issue
    when issuing), and on ``application.term_begins`` where the permit's term begins later
    (revision 3: a renewal issued in December rests on the variance only if it still stands on
    January 1): a variance expiring on the later of the two still covers it, one that expires
    before waives nothing. ``missing`` stays ``missing``: a variance relieves a requirement,
    not an unknown fact. §20-20(9) is never waived: a variance request itself needs the hearing.
    A finding the check marked ``unwaivable`` (a floor "in no event" to be lowered) stays.
    """
    application = facts.application
    on = application.date
    if application.term_begins is not None and application.term_begins > on:
        on = application.term_begins
    unwaivable = ruleset.interpretations.unwaivable_rules
    # rule -> expiry of the longest-lived variance covering it (None: no expiry).
    granted: dict[str, date | None] = {}
    for variance in facts.variances:
        rule, expires = variance.rule, variance.expires
        if not variance.granted or rule in unwaivable or (expires is not None and expires < on):
            continue
        if rule in granted:
            current = granted[rule]
            if current is None or (expires is not None and expires <= current):
                continue
        granted[rule] = expires
    if not granted:
        return findings
    floors = ruleset.interpretations.variance_floors
    out = []
    for finding in findings:
        if finding.status in WAIVABLE and finding.rule in granted:
            floor_name = floors.get(finding.rule)
            if floor_name is not None and finding.actual is not None:
                floor = ruleset.rules[finding.rule].value(floor_name)
                if finding.actual < floor:
                    out.append(
                        finding._replace(
                            message=f"{finding.message} No variance allows less than "
                            f'{num(floor)} ft ({finding.citation}: "in no event").'
                        )
                    )
                    continue
            expires = granted[finding.rule]
            until = f" until {expires.isoformat()}" if expires is not None else ""
            finding = finding._replace(
                status=WAIVED, message=f"Waived by variance{until}: {finding.message}"
            )
        out.append(finding)
    return out


def evaluate(facts: Facts, ruleset: Ruleset | None = None) -> Result:
    """Decide every catalogue rule for ``facts``.

    ``ruleset`` defaults to the one in force on the decision date (``application.date``).
    """
    if ruleset is None:
        ruleset = ruleset_in_force(facts.application.date)
    ctx = Context(facts, ruleset)
    if not ctx.permit_required:
        return Result(permit_required=False, eligible=True, findings=(), ruleset_id=ruleset.id)
    findings: list[Finding] = []
    extend, append = findings.extend, findings.append
    for check, not_applicable in _plan(ruleset):
        before = len(findings)
        extend(check(ctx))
        if len(findings) == before:
            append(not_applicable)
    if grandfathered(facts, ruleset):
        findings = _grandfather(findings, facts.application.prior_permit_issued)
    elif facts.variances:
        findings = _waive(findings, facts, ruleset)
    eligible = True
    for finding in findings:
        if finding.status in BLOCKING:
            eligible = False
            break
    return Result(
        permit_required=True, eligible=eligible, findings=tuple(findings), ruleset_id=ruleset.id
    )
