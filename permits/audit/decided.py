"""The permit is what the Board decided (issue 33, findings 4 and 8): a permit resting on a
hearing allows no more than the keeping as it stood when the Board's decision was recorded,
and prints the conditions the Board voted (the decision's record as first written).

A plan of record filed after the vote measured the coop at 52.1 ft where the Board heard 80 ft,
and the permit issued on it; a clerk's "clerical correction" replaced the conditions voted, and
the permit printed the clerk's words. Both leave a permit the Board never decided. Read from the
records and their history (the keeping as of the decision's recording, the decision's first
history row), apart from the actions' own reading (permits.decided).
"""

from __future__ import annotations

from hearings.models import Decision
from stoneham_boh.lib.dates import long_date

from .anomaly import BREACH, Anomaly, permit_ref
from .hearing import approving_item
from .keeping import enlargements, keeping_of


def _voted_conditions() -> dict:
    """Decision pk -> its conditions as first recorded (the Board's vote)."""
    return dict(Decision.history.filter(history_type="+").values_list("id", "conditions"))


def check_permit_is_the_decision(register) -> list[Anomaly]:
    found = []
    voted = _voted_conditions()
    for permit in register.permits:
        if permit.legacy:
            continue  # a paper-register entry rests on the Board's acceptance, not a hearing
        application = register.application(permit)
        item = approving_item(application, by=permit.issued_on)
        if item is None:
            continue
        decision = item.decision
        ref = permit_ref(permit)
        decided_at = register.decision_recorded_at.get(decision.pk)
        if decided_at is not None:
            animals, structures = register.keeping_as_of(application.pk, decided_at)
            before = keeping_of(animals, structures, application)
            after = keeping_of(
                permit.animals.all(), register.structures_issued(permit), application
            )
            more = enlargements(before, after)
            # A renewal declaring construction asks more than its permit; here the Board heard
            # the construction itself, so only a construction other than the one heard counts.
            heard, issued = before.get("keeping"), after.get("keeping")
            if heard and issued and heard["construction"] == issued["construction"]:
                more = [line for line in more if not line.startswith("construction declared")]
            if more:
                found.append(
                    Anomaly(
                        "decided",
                        "§20-20(9)",
                        ref,
                        f"It allows what the Board did not decide on "
                        f"{long_date(decision.decided_on)}: {'; '.join(more)}.",
                        BREACH,
                    )
                )
        of_record = "\n".join(
            voted.get(i.decision.pk, i.decision.conditions) or ""
            for i in application.docket_items.all()
            if getattr(i, "decision", None) is not None
            and (voted.get(i.decision.pk, i.decision.conditions) or "")
        )
        if of_record and (permit.conditions or "").strip() != of_record.strip():
            found.append(
                Anomaly(
                    "decided",
                    "§20-21",
                    ref,
                    f"It prints the conditions “{permit.conditions}”; the Board voted "
                    f"“{of_record}” on {long_date(decision.decided_on)}.",
                    BREACH,
                )
            )
    return found
