"""What the audit states, provision by provision (issue 33, "coverage by construction").

Every provision of the regulation in the ruleset's coverage map (permits.rules.coverage), and
every section of the law the product keeps, is mapped here to the invariants (the check
functions of CHECKS, by name) that state it, or to the reason none can. tests/permits/audit/
test_audit_catalogue.py fails when a provision has neither, when an invariant named here is
not in CHECKS, and when a check of CHECKS is named nowhere: so an invariant deleted, or one
added without saying what it states, fails a test.

The sentences say what the records let the audit see; a provision stated only in part says
which part.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Stated:
    """The invariants stating a provision (names of CHECKS functions), and how; with no
    invariant, `how` is the reason none can."""

    invariants: tuple[str, ...]
    how: str


def by(*invariants: str, how: str) -> Stated:
    return Stated(invariants, how)


def none(reason: str) -> Stated:
    return Stated((), reason)


# The checks that read the ruleset on the day: a provision the rules decide from the facts on
# file is re-derived for every permit on each day that counts (permits/audit/rules_on_day.py).
_RULES = by(
    "check_rules_on_day",
    how="The ruleset in force on each day that counts, re-run on the permit's facts on file.",
)
_VARIANCE_RULES = by(
    "check_rules_on_day",
    "check_corrections",
    how="Waived only by a variance the Board granted; the permit ends with it; the provisions "
    "varied are not changed after the vote.",
)
# A condition of the premises seen in the field: not a fact on file, so no invariant can
# state it; the inspection's checklist records it, and what the audit reads of a violation
# (grandfathering lost, a renewal over an order past its deadline) is stated under §20-20(8)
# and §20-16(6).
_FIELD = none(
    "A condition of the premises seen in the field, not a fact on file: the inspection's "
    "checklist records it; the audit reads a violation only as §20-20(8) and §20-16(6) say."
)

REGULATION: dict[str, Stated] = {
    "§20-13": none("States the purpose of the regulation; it imposes no duty of its own."),
    "§20-14": by(
        "check_parcels",
        "check_lots_off_the_map",
        "check_rules_on_day",
        how="One lot per parcel, the Assessor's area where mapped, and none kept off the map "
        "while the map holds its address; the definitions the rules apply (animals, "
        "impervious soil, wild animals).",
    ),
    "§20-15(1)": by(
        "check_permit_years",
        "check_renewals_together",
        how="One permit a year per keeping, issued in its year or the renewal window; a renewal "
        "chosen and not renewed says why.",
    ),
    "§20-15(2)": none(
        "Zoning is the Building Commissioner's, decided outside the Board's records."
    ),
    "§20-15(3)": none("Zoning and the building code are the Building Commissioner's to decide."),
    "§20-15(4)": _RULES,
    "§20-15(4)(a)": _RULES,
    "§20-15(4)(b)": _RULES,
    "§20-15(4)(d)": _RULES,
    "§20-15(4)(e)": _RULES,
    "§20-15(4)(f)": _RULES,
    "§20-15(5)": by(
        "check_rules_on_day",
        "check_construction",
        how="The facility's plans approved by the Board before a permit for construction.",
    ),
    "§20-15(6)": _FIELD,
    "§20-15(7)": _RULES,
    "§20-15(8)": _FIELD,
    "§20-15(9)": _RULES,
    "§20-15(10)": _RULES,
    "§20-15(11)": _RULES,
    "§20-16(1)(a)": _FIELD,
    "§20-16(1)(b)": _FIELD,
    "§20-16(2)": _RULES,
    "§20-16(3)(a)": _RULES,
    "§20-16(3)(b)": _RULES,
    "§20-16(3)(c)": _FIELD,
    "§20-16(3)(d)": _FIELD,
    "§20-16(3)(e)": _RULES,
    "§20-16(4)": _FIELD,
    "§20-16(5)": _FIELD,
    "§20-16(6)": by(
        "check_permit_years",
        "check_rules_on_day",
        how="No renewal over an order past its deadline unabated; a violation of the past year "
        "ends grandfathering.",
    ),
    "§20-16(7)": _FIELD,
    "§20-16(8)": _FIELD,
    "§20-17(1)": by(
        "check_rules_on_day",
        "check_parcels",
        how="Acres per horse on the Assessor's area, counted over every permit on the lot.",
    ),
    "§20-17(2)": _RULES,
    "§20-17(3)": _RULES,
    "§20-17(4)": _RULES,
    "§20-17(4)(a)": _FIELD,
    "§20-17(4)(b)": _RULES,
    "§20-17(4)(c)": _FIELD,
    "§20-17(5)": _FIELD,
    "§20-18(1)": _FIELD,
    "§20-18(2)": _FIELD,
    "§20-18(3)": _RULES,
    "§20-18(4)": _FIELD,
    "§20-18(5)": _FIELD,
    "§20-18(6)": _FIELD,
    "§20-18(7)": _FIELD,
    "§20-19": _RULES,
    "§20-20(1)": by(
        "check_provenance",
        "check_documents",
        "check_rules_on_day",
        how="Issued on an application received by then, its papers accepted by the clerk.",
    ),
    "§20-20(2)": by("check_construction", how="Plans approved before construction."),
    "§20-20(2)(a)": by(
        "check_construction",
        how="The building inspector's approval and a completion inspection before the permit.",
    ),
    "§20-20(2)(b)": none(
        "A preliminary approval for a building permit is a letter, not a record the audit reads."
    ),
    "§20-20(3)": by(
        "check_provenance",
        "check_renewals_together",
        "check_wordings",
        how="The permit rests on its issued application and names the animals it asked for; "
        "its sentence on animals in excess is the ruleset's, and no saved wording cites it.",
    ),
    "§20-20(4)": by(
        "check_corrections",
        "check_renewals_together",
        how="A receipt taken back with nothing resting on it; a renewal together received and "
        "paid by its issue.",
    ),
    "§20-20(5)": by(
        "check_permit_years",
        "check_decisions",
        "check_wordings",
        how="Expiry on December 31, one permit a year, none while revocation is pending; the "
        "holder noticed before a revocation hearing, in the ruleset's words of the section.",
    ),
    "§20-20(6)": by(
        "check_permit_years",
        "check_renewals_together",
        "check_wordings",
        how="No permit after its keeping's revocation, and none renewing a revoked one; the "
        "notice states the order to remove the animals in the ruleset's words.",
    ),
    "§20-20(7)": by("check_provenance", how="The permit's lot and holder are its application's."),
    "§20-20(8)": by(
        "check_provenance",
        "check_rules_on_day",
        how="Grandfathered only where first permitted before the cutoff and accepted by the "
        "Board, and lost on a violation; a renewal renews a permit not void.",
    ),
    "§20-20(9)": by(
        "check_notices",
        "check_provenance",
        "check_corrections",
        how="Approved at a public hearing, every certified abutter lettered and the legal "
        "notice published in time, for no more than was noticed.",
    ),
    "§20-21": _VARIANCE_RULES,
    "§20-22": none("The agent's entry onto the premises leaves no record the audit can judge."),
    "§20-23": by(
        "check_rules_on_day",
        how="The ruleset (and the Board's amendments) in force on the day, never today's.",
    ),
}

# The sections of the law the product keeps, and the records of due process.
LAW: dict[str, Stated] = {
    "M.G.L. c.30A §18": by(
        "check_decisions",
        "check_votes",
        how="A quorum of the Board's seats present, votes only by members on the roll that "
        "day and present, and a majority for the motion; every vote the member's own, a "
        "disputed one settled before anything rests on it.",
    ),
    "M.G.L. c.30A §19": none(
        "Not stated yet: the Board's adjudicatory hearings are stated through §20-20(9) and "
        "the holder's notice (c.30A §19's reach over a local board is the lead's to settle)."
    ),
    "M.G.L. c.30A §20": by(
        "check_open_meetings",
        "check_votes",
        how="Every vote at a meeting whose notice was posted 48 hours ahead (weekends and "
        "holidays not counted), listing the item, recorded no earlier than it could be, on the "
        "day the Board met: decisions, approvals of minutes, amendments and settlements alike. "
        "An emergency meeting (§18), declared when it was put on the calendar, is excused the "
        "48 hours for a revocation or a rescission only, its notice posted before it began.",
    ),
    "M.G.L. c.30A §21": by(
        "check_executive_sessions",
        how="Every executive session entered by the Board's own roll-call vote in open "
        "session, at a meeting held and noticed in time, a quorum present, for a purpose of "
        "§21(a) stated there; its minutes released only by the Board's determination at a "
        "later meeting (§22(g)).",
    ),
    "M.G.L. c.30A §22": by(
        "check_minutes",
        "check_votes",
        how="Every meeting held has its minutes approved within the next three meetings held "
        "or 30 days, whichever is later (940 CMR 29.11), by a lawful vote of the Board.",
    ),
    "M.G.L. c.111 §31": by(
        "check_corrections",
        "check_rules_on_day",
        "check_votes",
        how="The Board's vote is changed only by the Board; its regulation (and amendments, "
        "each a lawful vote published before it is in force, voided only before it binds) read "
        "as in force on the day.",
    ),
    "M.G.L. c.249 §4": none(
        "An appeal to the courts runs 60 days from the decision (hearings.clocks."
        "appeal_deadline); the court's judgment is not a record the product keeps."
    ),
    "M.G.L. c.66 §10": by(
        "check_records_requests",
        how="Every request answered within ten business days of receipt (or the extension "
        "recorded) by the signed written response of §10(b).",
    ),
    "M.G.L. c.4 §13": by(
        "check_notices", how="The legal notice in print, on the newspaper's website and statewide."
    ),
    "notice to abutters": by(
        "check_notices",
        "check_corrections",
        how="A registered letter to every certified abutter in time; the parcel's abutters "
        "not changed after the notice.",
    ),
    "legal notice": by(
        "check_notices",
        how="Published in time, naming the applicant, address, animals, structures.",
    ),
    "hearing": by(
        "check_provenance",
        "check_decisions",
        "check_permit_is_the_decision",
        how="A new keeping, or a renewal asking more, approved at a public hearing by a lawful "
        "vote; the permit issued is the keeping and conditions the Board decided.",
    ),
    "written decision": by(
        "check_corrections",
        how="The decision as voted, corrected only clerically, with the record of each correction.",
    ),
}

STATED: dict[str, Stated] = {**REGULATION, **LAW}
