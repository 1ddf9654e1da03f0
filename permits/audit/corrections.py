"""Corrections keep the record: what a record corrected by the clerk must still show.

Three corrections undo a clerk's mistake (issue 26, point 27), and each may change only what
was mistyped:

- a decision corrected for a clerical error keeps the Board's vote: its result, its day, its
  removal order, its quorum and every member's vote read as first recorded, the relief it
  granted (its variances' provisions) too; each correction names a field of the written
  decision's words or mailing, and says truly what it read before;
- an application taken back from receipt had nothing resting on its receipt when it was taken
  back (a hearing on the docket, a payment standing, a permit), and an application not received
  shows no day received and no fee kept at receipt (§20-20(4));
- a lot's parcel id is corrected only while no notice stands that was mailed to the abutters
  of the old parcel for an open application, and no permit in force rests on such a notice.

Read from the records and their history, never from the actions that make the corrections.
"""

from __future__ import annotations

from datetime import date

from facilities.models import ParcelIdCorrection
from hearings.models import (
    AbutterNotice,
    Decision,
    DecisionCorrection,
    DocketItem,
    Variance,
    Vote,
    VoteSettlement,
)
from permits.models import Application, Payment, Permit, ReceiptUndone
from stoneham_boh.lib.dates import long_date

from .anomaly import Anomaly, RecordRef, decision_ref, lot_ref

# What the Board's vote fixed on a decision; no correction changes it.
FIXED_BY_THE_VOTE = (
    "result",
    "decided_on",
    "removal_by",
    "docket_item_id",
    "full_membership",
    "quorum",
    "present",
    "roll_call",
)
# The written decision's words and its mailing's record: what a clerical correction may name.
CLERICAL = ("conditions", "reasons", "mailed_on", "mail_article_number", "received_on")
NOT_RECEIVED = ("draft", "submitted_online", "information_requested")
OPEN = ("draft", "submitted_online", "information_requested", "received", "awaiting_hearing")
OPEN += ("approved",)


def _application_ref(application) -> RecordRef:
    return RecordRef(
        "application",
        application.pk,
        f"Application #{application.pk}",
        "permits:application-detail",
    )


def _as_recorded(value) -> str:
    if value is None or value == "":
        return ""
    return long_date(value) if isinstance(value, date) else str(value)


def _latest_before(rows, moment):
    """id -> the last history row at or before `moment` (rows in history order)."""
    latest = {}
    for row in rows:
        if row.history_date <= moment:
            latest[row.id] = row
    return {pk: row for pk, row in latest.items() if row.history_type != "-"}


def _decision_anomalies(register) -> list[Anomaly]:
    found = []
    items = {d.pk: d for d in register.decisions}
    rows: dict[int, list] = {}
    for row in Decision.history.order_by("history_date", "history_id"):
        rows.setdefault(row.id, []).append(row)
    for pk, history in rows.items():
        decision = items.get(pk)
        if decision is None:
            continue
        first = history[0]
        changed = sorted(
            {
                name
                for row in history[1:]
                for name in FIXED_BY_THE_VOTE
                if getattr(row, name) != getattr(first, name)
            }
        )
        if changed:
            found.append(
                Anomaly(
                    "corrections",
                    "M.G.L. c.111 §31",
                    decision_ref(decision, decision.docket_item),
                    f"The Board's vote as first recorded was changed afterwards "
                    f"({', '.join(changed)}): only the Board's vote changes it.",
                )
            )
        for correction in DecisionCorrection.objects.filter(decision_id=pk):
            before = [r for r in history if r.history_date < correction.corrected_at]
            if correction.field not in CLERICAL:
                said = f"A correction named {correction.field}, which the Board's vote fixed."
            elif before and _as_recorded(getattr(before[-1], correction.field)) != (
                correction.old_value
            ):
                said = (
                    f"A correction of the {correction.field_label} says it read "
                    f"“{correction.old_value}”: the decision read otherwise."
                )
            else:
                continue
            found.append(
                Anomaly(
                    "corrections",
                    "M.G.L. c.111 §31",
                    decision_ref(decision, decision.docket_item),
                    said,
                )
            )
    # The Board's own vote settling a dispute may correct a member's vote (hearings.actions.
    # votes.settle_dispute): the vote it corrected to is the Board's, not a change after it.
    corrected = dict(
        VoteSettlement.objects.filter(outcome="corrected").values_list(
            "disputed_id", "corrected_to"
        )
    )
    found += _changed_after_the_vote(
        items,
        (
            (row.id, row.decision_id, row.vote)
            for row in Vote.history.all()
            if corrected.get(row.id) != row.vote
        ),
        "M.G.L. c.111 §31",
        "A member's vote was changed after it was recorded.",
    )
    found += _changed_after_the_vote(
        items,
        (
            (row.id, row.decision_id, tuple(row.rules or ()))
            for row in Variance.history.filter(decision__isnull=False)
        ),
        "§20-21",
        "The provisions a variance varies were changed after the Board's vote.",
    )
    return found


def _receipt_anomalies() -> list[Anomaly]:
    found = []
    for application in Application.objects.filter(status__in=NOT_RECEIVED).exclude(
        received_on__isnull=True, fee_at_receipt__isnull=True
    ):
        found.append(
            Anomaly(
                "corrections",
                "§20-20(4)",
                _application_ref(application),
                "It is not received, yet shows a day received or a fee kept at receipt.",
            )
        )
    for undone in ReceiptUndone.objects.select_related("application"):
        application, moment = undone.application, undone.corrected_at
        resting = []
        items = _latest_before(
            DocketItem.history.filter(application_id=application.pk).order_by("history_date"),
            moment,
        )
        if any(row.status != "withdrawn" for row in items.values()):
            resting.append("a hearing on the docket")
        payments = _latest_before(
            Payment.history.filter(application_id=application.pk).order_by("history_date"),
            moment,
        )
        if any(not row.voided for row in payments.values()):
            resting.append("a payment standing")
        if Permit.history.filter(application_id=application.pk, history_date__lt=moment).exists():
            resting.append("a permit")
        if resting:
            found.append(
                Anomaly(
                    "corrections",
                    "§20-20(4)",
                    _application_ref(application),
                    f"Its receipt of {long_date(undone.received_on)} was taken back while "
                    f"{' and '.join(resting)} rested on it.",
                )
            )
    return found


def _parcel_anomalies(register) -> list[Anomaly]:
    found = []
    for correction in ParcelIdCorrection.objects.select_related("lot"):
        lot, moment = correction.lot, correction.corrected_at
        applications = _latest_before(
            Application.history.filter(lot_id=lot.pk).order_by("history_date"), moment
        )
        open_ids = {pk for pk, row in applications.items() if row.status in OPEN}
        items = _latest_before(
            DocketItem.history.filter(application_id__in=list(applications)).order_by(
                "history_date"
            ),
            moment,
        )
        noticed = {
            notice.docket_item_id
            for notice in AbutterNotice.objects.filter(docket_item_id__in=list(items))
            if register.letter_recorded_at.get(notice.pk, moment) < moment
        }
        standing = [
            row
            for pk, row in items.items()
            if pk in noticed and row.status != "withdrawn" and row.application_id in open_ids
        ]
        permits = _latest_before(
            Permit.history.filter(lot_id=lot.pk).order_by("history_date"), moment
        )
        in_force = [
            row
            for row in permits.values()
            if row.status == "active"
            and any(
                i.application_id == row.application_id for pk, i in items.items() if pk in noticed
            )
        ]
        if standing or in_force:
            found.append(
                Anomaly(
                    "corrections",
                    "§20-20(9)",
                    lot_ref(lot),
                    f"Its parcel id was corrected from {correction.old_parcel_id} to "
                    f"{correction.new_parcel_id} while "
                    + ("a hearing noticed" if standing else "a permit in force issued")
                    + " on the abutters of the old parcel stood.",
                )
            )
    return found


def check_corrections(register) -> list[Anomaly]:
    return _decision_anomalies(register) + _receipt_anomalies() + _parcel_anomalies(register)


def _changed_after_the_vote(items, rows, citation: str, sentence: str) -> list[Anomaly]:
    """One anomaly for each record whose history rows (record id, decision id, what the vote
    fixed) read more than one way: what the Board voted was changed afterwards."""
    seen: dict[int, set] = {}
    for record_id, decision_id, fixed in rows:
        seen.setdefault(record_id, set()).add((decision_id, fixed))
    found = []
    for pairs in seen.values():
        decision = items.get(next(iter(pairs))[0]) if len(pairs) > 1 else None
        if decision is not None:
            found.append(
                Anomaly(
                    "corrections", citation, decision_ref(decision, decision.docket_item), sentence
                )
            )
    return found
