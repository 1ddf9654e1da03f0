"""§20-19 vermin control and the §20-20 application process: documents, construction, hearing."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date

from ..context import Context
from ..findings import FAIL, MISSING, PASS, PENDING, Finding
from ..notice_timing import given_in_time, last_day_to_give
from ..ruleset_model import RuleSpec
from ..vocabulary import DOCUMENT_FIELDS, DOCUMENT_LABELS
from ..wording import listing, num
from ._common import verdict


def vermin_control(ctx: Context) -> Iterator[Finding]:
    """§20-19: a vermin control plan approved by the Board, run by a licensed pest operator."""
    spec = ctx.rules["20-19"]
    plan = ctx.facts.vermin_control
    lacking = []
    if not plan.plan_approved:
        lacking.append("a vermin control plan approved by the Board")
    if not plan.licensed_operator:
        lacking.append("a licensed pest control operator to carry it out")
    if lacking:
        yield verdict(spec, False, None, f"The application lacks {listing(lacking)}.")
    else:
        yield verdict(
            spec, True, None, "An approved vermin control plan is run by a licensed operator."
        )


def application_documents(ctx: Context) -> Iterator[Finding]:
    """§20-20(1): a new application comes with its six documents (renewals need not).

    The plan must show the proposed accessory structure: a new application that describes no
    housing structure is ``missing``, so that no setback passes for want of a structure.
    """
    if ctx.facts.application.kind != "new":
        return
    spec = ctx.rules["20-20.1"]
    documents = ctx.facts.documents
    lacking = [DOCUMENT_LABELS[name] for name in DOCUMENT_FIELDS if not getattr(documents, name)]
    if lacking:
        yield verdict(spec, False, None, f"The application lacks the {listing(lacking)}.")
    else:
        yield verdict(spec, True, None, "The application has all six required documents.")
    if not ctx.housing:
        yield Finding(
            spec.rule,
            spec.citation,
            MISSING,
            None,
            "The plan shows no structure that houses the animals (a stable, coop, loft, pen, "
            "hutch or shelter).",
        )


def construction_approval(ctx: Context) -> Iterator[Finding]:
    """§20-20(2): new or remodelled facilities approved by the Board and the building inspector.

    An approval not yet recorded is ``pending``: it is a step of the process, and the permit
    issues only after it (§20-20(2)(a)); being pending, no variance waives it.
    """
    application = ctx.facts.application
    if application.construction == "none":
        return
    spec = ctx.rules["20-20.2"]
    approved = application.construction_approved
    awaited = [
        who
        for who, given in (
            ("the Board of Health", approved.board),
            ("the building inspector", approved.building_inspector),
        )
        if not given
    ]
    work = "new construction" if application.construction == "new" else "the remodelling"
    if awaited:
        yield Finding(
            spec.rule,
            spec.citation,
            PENDING,
            None,
            f"Approval of {work} by {listing(awaited)} is awaited.",
        )
    else:
        yield Finding(
            spec.rule,
            spec.citation,
            PASS,
            None,
            f"The Board and the building inspector approved {work}.",
        )


def public_hearing(ctx: Context) -> Iterator[Finding]:
    """§20-20(9): a public hearing, properly noticed, and an approving decision.

    Applies to new applications and to any application listing a variance not yet granted (a
    variance request needs the hearing too); a renewal carrying only granted variances needs
    no new hearing. Four findings: the hearing itself, each notice, the decision.
    A hearing not held by the decision date (``application.date``) is ``pending``, and so is
    the decision. A notice is judged by its date against the hearing date: at least 14 days
    before passes, fewer fails. A notice not yet given is ``pending`` while it can still be
    given in time, and fails once it no longer can (or the hearing already took place).
    """
    facts = ctx.facts
    if facts.application.kind != "new" and all(v.granted for v in facts.variances):
        return
    spec = ctx.rules["20-20.9"]
    hearing = facts.hearing
    held, on = hearing.held_on, ctx.on
    if held is None:
        yield Finding(
            spec.rule, spec.citation, PENDING, None, "No public hearing has been held yet."
        )
    elif held > on:
        yield Finding(
            spec.rule,
            spec.citation,
            PENDING,
            None,
            f"The public hearing is set for {held.isoformat()}, after the decision date "
            f"{on.isoformat()}.",
        )
    else:
        yield Finding(
            spec.rule,
            spec.citation,
            PASS,
            None,
            f"A public hearing was held on {held.isoformat()}.",
        )
    days = spec.value("notice_days")
    yield _notice(
        spec,
        "The notice to abutters by registered mail",
        hearing.abutter_notice_mailed,
        held,
        on,
        days,
    )
    yield _notice(
        spec,
        "The legal notice in a local newspaper",
        hearing.newspaper_notice_published,
        held,
        on,
        days,
    )
    if held is None or held > on:
        yield Finding(
            spec.rule, spec.citation, PENDING, None, "The Board decides after the public hearing."
        )
    elif hearing.decision is None:
        yield Finding(
            spec.rule, spec.citation, PENDING, None, "The Board has not yet recorded its decision."
        )
    elif hearing.decision == "denied":
        yield Finding(
            spec.rule,
            spec.citation,
            FAIL,
            None,
            "The Board denied the application after the hearing.",
        )
    else:
        yield Finding(
            spec.rule,
            spec.citation,
            PASS,
            None,
            "The Board approved the application after the hearing.",
        )


def _notice(
    spec: RuleSpec, what: str, given: date | None, held: date | None, on: date, days: int
) -> Finding:
    need = f"at least {num(days)} days before the hearing"
    if held is None:
        when = "was given on " + given.isoformat() if given is not None else "has not been given"
        return Finding(
            spec.rule,
            spec.citation,
            PENDING,
            None,
            f"{what} {when}; it must be given {need}, whose date is not yet set.",
            days,
            None,
            "days",
        )
    if given is None:
        latest = last_day_to_give(held, days)
        if held > on and latest >= on:
            return Finding(
                spec.rule,
                spec.citation,
                PENDING,
                None,
                f"{what} has not been given; the regulation's last day to give it is "
                f"{latest.isoformat()}, {need} on {held.isoformat()}.",
                days,
                None,
                "days",
            )
        return Finding(
            spec.rule,
            spec.citation,
            FAIL,
            None,
            f"{what} was not given {need} on {held.isoformat()}.",
            days,
            None,
            "days",
        )
    gap = (held - given).days
    timing = f"{num(gap)} days before" if gap >= 0 else f"{num(-gap)} days after"
    return Finding(
        spec.rule,
        spec.citation,
        PASS if given_in_time(given, held, days) else FAIL,
        None,
        f"{what} was given {timing} the hearing; at least {num(days)} days is required.",
        days,
        gap,
        "days",
    )
