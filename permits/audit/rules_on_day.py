"""The rules on the day that counts: the facts as recorded pass on the day of issue and on the
first day of the permit's term, or each failure is waived by a variance in effect on both
days (rules contract, revision 3); and the permit ends no later than a variance it rests on.

The hearing's notice (§20-20(9)) is judged with the notices (notice.py), in its own words.
"""

from __future__ import annotations

from datetime import date, timedelta

from django.conf import settings

from hearings.ruleset_in_force import ruleset_on
from stoneham_boh.lib.dates import long_date

from .anomaly import BREACH, Anomaly, permit_ref
from .facts import blocking, evaluate, facts_for, lot_area, lot_facts
from .hearing import approving_item, hearing_facts, notices_for
from .keeping import changed, keeping_of
from .provenance import needs_hearing

NOTICE_RULE = "20-20.9"


def first_permitted(register, permit) -> date:
    first = register.chain(permit)[-1]
    return (
        first.first_permitted_on if first.legacy and first.first_permitted_on else first.issued_on
    )


def injurious(register, lot_id: int, on: date, known_by=None) -> bool:
    """§20-20(8) proviso, from the inspections of the past year: a violation not settled by an
    abated or withdrawn order, or an order past its deadline and not abated. A violation made
    by `on` counts from the later of its visit and its arrival (register.counted_from). With
    `known_by` (when the permit was recorded), an inspection recorded after it, even dated the
    same day, was not known to the permit."""
    since = on - timedelta(days=settings.INJURIOUS_CONDITIONS_LOOKBACK_DAYS)
    orders = register.orders_by_lot.get(lot_id, [])
    settled = {
        o.finding_id
        for o in orders
        if o.status in ("abated", "withdrawn") and o.closed_on and o.closed_on <= on
    }
    for finding in register.violations_by_lot.get(lot_id, []):
        performed = register.inspected_on(finding.inspection)
        recorded = register.inspection_recorded_at.get(finding.inspection_id)
        if known_by is not None and recorded is not None and recorded > known_by:
            continue
        if performed is None or performed > on or finding.pk in settled:
            continue
        if register.counted_from(finding.inspection) >= since:
            return True
    return any(overdue(o, on) for o in orders)


def overdue(order, on: date) -> bool:
    """An order past its deadline on `on` and not abated or withdrawn by then (the deadline
    that counts: register.deadline_counted)."""
    deadline = getattr(order, "deadline_counted", order.deadline)
    if order.issued_on > on or deadline >= on:
        return False
    return not (
        order.status in ("abated", "withdrawn") and order.closed_on and order.closed_on <= on
    )


def in_force_from(permit) -> date | None:
    """The day of issue; for an entry of the paper register, the day the Board accepted it
    (until then it is provisional, in force nowhere: the Board reads its findings first)."""
    return permit.register_accepted_on if permit.legacy else permit.issued_on


def days_that_count(permit) -> list[date]:
    """The day it came in force, and the first day of the term when it begins later (unless
    the permit was revoked before its term began: then it never ran)."""
    first = in_force_from(permit)
    if first is None:
        return []
    term_begins = date(permit.year, 1, 1)
    later = term_begins > first and not (
        permit.revoked_on is not None and permit.revoked_on < term_begins
    )
    return [first] + ([term_begins] if later else [])


def permit_facts(register, permit, on: date) -> dict:
    application = register.application(permit)
    keeping = register.keeping(permit)
    common = {
        "application": application,
        "keeping": keeping,
        "animals": permit.animals.all(),
        "structures": register.structures_issued(permit),
        "lot": lot_facts(permit.lot, area=lot_area(permit.lot, register.parcels)),
        "on": on,
    }
    if permit.legacy:
        # The paper permit renewed into the register: the rules of its day, as for a renewal.
        return facts_for(
            **common,
            kind="renewal",
            prior_permit_issued=permit.first_permitted_on,
            conditions_unchanged=True,
        )
    if needs_hearing(register, permit):
        item = approving_item(application, by=permit.issued_on)
        hearing = None
        if item is not None:
            hearing = hearing_facts(item, notices_for(item, application, register))
        return facts_for(**common, kind="new", hearing=hearing)
    renewed = register.by_pk.get(application.renews_id)
    unchanged = False
    if renewed is not None:
        before = keeping_of(
            renewed.animals.all(),
            register.application(renewed).structures.all(),
            register.application(renewed),
        )
        after = keeping_of(permit.animals.all(), application.structures.all(), application)
        unchanged = not changed(before, after)
    return facts_for(
        **common,
        kind="renewal",
        prior_permit_issued=first_permitted(register, permit),
        conditions_unchanged=unchanged,
        # The inspections known when it was issued: the first day of the term re-judges the
        # variances (revision 3), not findings made after the permit issued.
        injurious_conditions=injurious(
            register,
            permit.lot_id,
            min(on, permit.issued_on),
            known_by=register.permit_recorded_at.get(permit.pk),
        ),
    )


def check_rules_on_day(register) -> list[Anomaly]:
    found = []
    for permit in register.permits:
        ref = permit_ref(permit)
        waived_on_issue = set()
        for day in days_that_count(permit):
            # The figures are those in force on the day it came in force (the rules contract:
            # `application.date` is the day of issue); the first day of its term asks only
            # whether what it rests on, its variances above all, still stands then (revision
            # 3): an amendment in force between the two does not reach a permit already issued,
            # nor does one voted later on its day of issue (issue 33, 3).
            result = evaluate(
                permit_facts(register, permit, day),
                ruleset_day=in_force_from(permit),
                known=register.amendments_known_at(register.permit_recorded_at.get(permit.pk)),
            )
            which = (
                "the first day of its term"
                if day != in_force_from(permit)
                else "the day the Board accepted it"
                if permit.legacy
                else "the day of issue"
            )
            for finding in blocking(result):
                if finding["rule"] == NOTICE_RULE:
                    continue
                subject = f"{finding['subject']}: " if finding.get("subject") else ""
                found.append(
                    Anomaly(
                        "rules",
                        finding["citation"],
                        ref,
                        f"On {which} ({long_date(day)}): {subject}{finding['message']}",
                        BREACH,
                    )
                )
            if day == in_force_from(permit) and "findings" in result:
                waived_on_issue = {f["rule"] for f in result["findings"] if f["status"] == "waived"}
        found += _outlives_variance(register, permit, ref, waived_on_issue)
    return found


def _outlives_variance(register, permit, ref, waived: set[str]) -> list[Anomaly]:
    """Revision 3: a permit resting on a variance ends when the variance ends."""
    if permit.status != "active" or not waived:
        return []
    found = []
    for application in register.keeping(permit):
        for variance in application.variances.all():
            if not set(variance.rules or []) & waived or not variance.granted:
                continue
            ends = variance.rescinded_on or variance.expires_on
            if ends is not None and ends < permit.expires_on:
                rule = sorted(set(variance.rules) & waived)[0]
                spec = ruleset_on(permit.issued_on).rules.get(rule)
                cited = spec.citation if spec is not None else "§20-21"
                found.append(
                    Anomaly(
                        "rules",
                        cited,
                        ref,
                        f"It runs to {long_date(permit.expires_on)}, but the variance it rests "
                        f"on ends on {long_date(ends)}.",
                        BREACH,
                    )
                )
    return found
