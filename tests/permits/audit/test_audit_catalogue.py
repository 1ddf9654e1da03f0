"""The audit's catalogue (permits/audit/catalogue.py): every provision of the regulation and
every section of the law the product keeps is stated by an invariant of the audit, or says why
none can (issue 33, item 1); an invariant deleted, or added and named nowhere, fails here."""

from __future__ import annotations

from permits.audit import CHECKS
from permits.audit.catalogue import LAW, REGULATION, STATED
from permits.rules.coverage import PROVISIONS

CHECK_NAMES = {check.__name__ for check in CHECKS}

# The law the product keeps (issue 33): each must have its line in the catalogue.
THE_LAW = (
    "M.G.L. c.30A §18",
    "M.G.L. c.30A §19",
    "M.G.L. c.30A §20",
    "M.G.L. c.30A §21",
    "M.G.L. c.30A §22",
    "M.G.L. c.111 §31",
    "M.G.L. c.249 §4",
    "M.G.L. c.66 §10",
    "M.G.L. c.4 §13",
    "notice to abutters",
    "legal notice",
    "hearing",
    "written decision",
)


def test_every_provision_of_the_regulation_is_stated_by_an_invariant_or_says_why_not():
    missing = [p.citation for p in PROVISIONS if p.citation not in REGULATION]
    assert not missing, f"Say which invariant states these, or why none can: {missing}"
    unknown = sorted(set(REGULATION) - {p.citation for p in PROVISIONS})
    assert not unknown, f"Not provisions of the coverage map: {unknown}"


def test_every_section_of_the_law_the_product_keeps_is_in_the_catalogue():
    assert not [section for section in THE_LAW if section not in LAW]


def test_each_line_names_an_invariant_or_gives_the_reason_none_can():
    empty = [citation for citation, stated in STATED.items() if not stated.how.strip()]
    assert not empty, f"No invariant and no reason: {empty}"


def test_every_invariant_named_exists_in_the_audit():
    named = {name for stated in STATED.values() for name in stated.invariants}
    assert not named - CHECK_NAMES, f"Named in the catalogue, not in CHECKS: {named - CHECK_NAMES}"


def test_every_invariant_of_the_audit_states_a_provision():
    named = {name for stated in STATED.values() for name in stated.invariants}
    assert not CHECK_NAMES - named, (
        f"Say in permits/audit/catalogue.py which provisions these state: {CHECK_NAMES - named}"
    )


def test_the_reasons_none_can_are_the_exception():
    """Most of the regulation is stated; a field condition or another office's decision is
    the reason for the rest. The count only falls."""
    unstated = [c for c, s in REGULATION.items() if not s.invariants]
    assert len(unstated) <= 24, unstated
