"""The written decision mailed by registered mail, and its receipt: the receipt is the proof
of service kept on file (the appeal's time runs from the decision itself, c.249 §4).
"""

from __future__ import annotations

from datetime import date

from django.db import transaction
from django.utils import timezone

from hearings.actions._common import refuse_if
from hearings.models import Decision
from hearings.notice_timing import normalize_article_number
from stoneham_boh.lib.history import save_as


@transaction.atomic
def record_decision_mailing(
    *, decision: Decision, mailed_on: date, article_number: str, by, today: date | None = None
) -> Decision:
    """The written decision went out by registered mail, return receipt requested."""
    today = today or timezone.localdate()
    decision = Decision.objects.select_for_update().get(pk=decision.pk)
    reasons = []
    if mailed_on > today:
        reasons.append("The mailing date cannot be in the future.")
    if mailed_on < decision.decided_on:
        reasons.append("The decision cannot be mailed before the Board decided it.")
    try:
        number = normalize_article_number(article_number)
    except ValueError as error:
        reasons.append(str(error))
        number = ""
    if decision.received_on is not None:
        reasons.append("The receipt is recorded already: the mailing stands as recorded.")
    refuse_if(reasons, "The mailing of the decision cannot be recorded.")
    decision.mailed_on, decision.mail_article_number = mailed_on, number
    return save_as(decision, by)


@transaction.atomic
def record_decision_receipt(
    *, decision: Decision, received_on: date, by, today: date | None = None
) -> Decision:
    """The return receipt says the decision was received on `received_on`: kept as the proof
    that the holder was served."""
    today = today or timezone.localdate()
    decision = Decision.objects.select_for_update().get(pk=decision.pk)
    reasons = []
    if decision.mailed_on is None:
        reasons.append("Record the mailing of the decision first.")
    elif received_on < decision.mailed_on:
        reasons.append("The decision cannot be received before it was mailed.")
    if received_on > today:
        reasons.append("The receipt date cannot be in the future.")
    refuse_if(reasons, "The receipt cannot be recorded.")
    decision.received_on = received_on
    return save_as(decision, by)
