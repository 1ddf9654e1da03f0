"""What the rules decide: one :class:`Finding` per check, gathered in a :class:`Result`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

PASS = "pass"  # noqa: S105 - a status, not a password
FAIL = "fail"
MISSING = "missing"
PENDING = "pending"
WAIVED = "waived"
GRANDFATHERED = "grandfathered"
NOT_APPLICABLE = "not_applicable"

#: Every status a finding may carry (``permits/rules/CONTRACT.md``, Result).
STATUSES = (PASS, FAIL, MISSING, PENDING, WAIVED, GRANDFATHERED, NOT_APPLICABLE)

#: Statuses that stand between the application and a permit.
BLOCKING = frozenset({FAIL, MISSING, PENDING})

#: Statuses a granted, unexpired variance turns into ``waived``.
WAIVABLE = frozenset({FAIL, MISSING})


class Finding(NamedTuple):
    """One decision about one rule, for one subject (a structure id, a species, or ``None``).

    A named tuple rather than a dataclass: the engine makes thousands a second, and a tuple is
    immutable and cheap to build. ``unit`` is set exactly when the finding compares quantities;
    then ``required`` and ``actual`` are meaningful (``actual`` ``None`` means unknown or absent).
    """

    rule: str
    citation: str
    status: str
    subject: str | None
    message: str
    required: int | float | None = None
    actual: int | float | None = None
    unit: str | None = None

    @property
    def blocking(self) -> bool:
        return self.status in BLOCKING

    def to_dict(self) -> dict:
        """The contract's JSON shape; quantity keys only where the rule compares quantities."""
        if self.unit is None:
            return {
                "rule": self.rule,
                "citation": self.citation,
                "status": self.status,
                "subject": self.subject,
                "message": self.message,
            }
        return {
            "rule": self.rule,
            "citation": self.citation,
            "status": self.status,
            "subject": self.subject,
            "required": self.required,
            "actual": self.actual,
            "unit": self.unit,
            "message": self.message,
        }


@dataclass(frozen=True, slots=True)
class Result:
    """The outcome for one application under one ruleset."""

    permit_required: bool
    eligible: bool
    findings: tuple[Finding, ...]
    ruleset_id: str

    @property
    def blocking(self) -> tuple[Finding, ...]:
        """The findings that stand between the application and a permit."""
        return tuple(f for f in self.findings if f.status in BLOCKING)

    def for_rule(self, rule: str) -> tuple[Finding, ...]:
        """The findings about ``rule``, in order."""
        return tuple(f for f in self.findings if f.rule == rule)

    def statuses(self, rule: str) -> list[str]:
        """The statuses of the findings about ``rule``, in order."""
        return [f.status for f in self.findings if f.rule == rule]

    def to_dict(self) -> dict:
        """The contract's JSON shape (the ruleset id is not part of it)."""
        return {
            "permit_required": self.permit_required,
            "eligible": self.eligible,
            "findings": [finding.to_dict() for finding in self.findings],
        }


def result_to_dict(result: Result) -> dict:
    """``result`` as the contract's JSON-able dict."""
    return result.to_dict()
