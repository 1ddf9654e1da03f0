"""One permit year at a time (§20-20(5), (6); §20-16(6)): a keeping holds one permit a year,
renewed for the next year only from the opening of the renewal window, never while a
revocation is pending or an order stands past its deadline unabated (unless the Board decided
the renewal at a hearing); and a revocation ends every later permit of the keeping.
"""

from __future__ import annotations

import re
from datetime import date, datetime, time

from django.utils import timezone

from stoneham_boh.lib.dates import long_date

from .anomaly import BREACH, Anomaly, permit_ref
from .hearing import approving_item
from .rules_on_day import in_force_from, overdue


def window_opens(register, permit) -> date:
    """The first day a permit expiring December 31 of its issue year could be renewed for the
    next: the renewal window of the town's settings as they stood when the permit was issued
    (their history), as the renewal action read it then. A window moved later does not
    rewrite the verdict on a renewal issued under the old one (issue 33, audit defect b)."""
    moment = register.permit_recorded_at.get(permit.pk) or datetime.combine(
        permit.issued_on, time.max, tzinfo=timezone.get_current_timezone()
    )
    return register.town_as_of(moment).renewal_window_opens(permit.issued_on.year)


def _pending(proceeding, on: date) -> bool:
    """A revocation opened by `on` and not yet decided (other than continued) by then."""
    if proceeding.opened_on > on:
        return False
    item = proceeding.docket_item
    decision = getattr(item, "decision", None)
    if item.status == "withdrawn":
        return False
    return decision is None or decision.decided_on > on


def _holder(permit) -> str:
    """The holder as the permit names them, in one spelling (a paper-register entry was typed
    from paper, perhaps under another applicant record of the same name)."""
    return " ".join(re.sub(r"[^\w\s]", " ", permit.issued_to or "").casefold().split())


def _in_force_together(earlier, later) -> bool:
    """`earlier` was still in force when `later` came in force (a permit revoked before the
    other was issued, or an entry the Board never accepted, held nothing beside it)."""
    started, began = in_force_from(earlier), in_force_from(later)
    if started is None or began is None:
        return False
    return earlier.revoked_on is None or earlier.revoked_on > began


def check_one_permit_a_year(register) -> list[Anomaly]:
    """§20-20(5): one permit a year per keeping, the keeping being the lot and its holder,
    whatever chain of renewals each permit belongs to (issue 33, finding 11)."""
    found = []
    by_year: dict[tuple, list] = {}
    for permit in register.permits:
        by_year.setdefault((permit.lot_id, _holder(permit), permit.year), []).append(permit)
    for (_lot, _name, year), permits in by_year.items():
        if len(permits) < 2:
            continue
        permits.sort(key=lambda p: (in_force_from(p) or date.max, p.pk))
        for n, permit in enumerate(permits):
            beside = [p for p in permits[:n] if _in_force_together(p, permit)]
            if beside:
                numbers = ", ".join(p.number for p in [*beside, permit])
                found.append(
                    Anomaly(
                        "year",
                        "§20-20(5)",
                        permit_ref(permit),
                        f"The keeping (the lot and its holder) holds {len(beside) + 1} permits "
                        f"in force for {year} ({numbers}).",
                        BREACH,
                    )
                )
    return found


def check_permit_years(register) -> list[Anomaly]:
    found = check_one_permit_a_year(register)
    for permit in register.permits:
        ref = permit_ref(permit)

        def add(provision, sentence, ref=ref, found=found):
            found.append(Anomaly("year", provision, ref, sentence, BREACH))

        if permit.legacy:
            pass  # a paper-register entry carries the date of its original permit
        elif permit.year > permit.issued_on.year + 1:
            add(
                "§20-20(5)",
                f"Issued on {long_date(permit.issued_on)} for {permit.year}: "
                "a permit is issued for the year under way or, in the renewal window, the next.",
            )
        elif permit.year == permit.issued_on.year + 1:
            opens = window_opens(register, permit)
            if permit.issued_on < opens:
                add(
                    "§20-20(5)",
                    f"Issued on {long_date(permit.issued_on)} for {permit.year}, "
                    f"before the renewal window opened on {long_date(opens)}.",
                )
        application = register.application(permit)
        renewed = register.by_pk.get(application.renews_id) if application.renews_id else None
        if renewed is not None:
            found += _renewal(register, permit, renewed, application, add)
        if permit.status == "revoked":
            for later in register.later(permit):
                if later.status == "active":
                    found.append(
                        Anomaly(
                            "year",
                            "§20-20(6)",
                            permit_ref(later),
                            f"Permit {permit.number} of its keeping was revoked on "
                            f"{long_date(permit.revoked_on)}, yet this later permit is active.",
                            BREACH,
                        )
                    )
    return found


def _renewal(register, permit, renewed, application, add) -> list:
    on = permit.issued_on
    if permit.year <= renewed.year:
        add(
            "§20-20(5)",
            f"It renews permit {renewed.number} of {renewed.year} for the same or an earlier year.",
        )
    if renewed.status == "revoked" and renewed.revoked_on and renewed.revoked_on <= on:
        add(
            "§20-20(6)",
            f"It renews permit {renewed.number}, revoked on {long_date(renewed.revoked_on)}.",
        )
    for earlier in register.chain(permit)[1:]:
        for proceeding in register.proceedings_by_permit.get(earlier.pk, []):
            if _pending(proceeding, on):
                add(
                    "§20-20(5)",
                    f"It was issued while the Board's revocation proceeding on permit "
                    f"{earlier.number}, opened {long_date(proceeding.opened_on)}, was pending.",
                )
    if approving_item(application, by=on) is None:
        for order in register.orders_by_lot.get(permit.lot_id, []):
            if overdue(order, on):
                add(
                    "§20-16(6)",
                    f"It was renewed while order {order.pk} ({order.citation}), due "
                    f"{long_date(order.deadline_counted)}, stood past its deadline unabated.",
                )
    return []
