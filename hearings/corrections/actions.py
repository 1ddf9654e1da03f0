"""Correcting a clerical error in a recorded decision: a correction, never a new vote.

Only the written decision's findings and the record of its mailing can be corrected
(CORRECTABLE): a finding misspelled or citing the wrong section, the mailing's date or its
article number typed wrong, the date on the return receipt misread. The result, the votes,
the day of the vote, the conditions and what the decision grants (a variance, an approval, an
enlarged setback, a removal order) are not correctable fields at all: they change only by the
Board's vote. The conditions are what the Board voted the permit must keep (issue 33, finding
8): a clerk's "clerical correction" of them replaced "As shown on the plan" with the clerk's
own words on the permit. Each corrected field is kept as a DecisionCorrection (as it read, as
it reads now, who, when, why) beside the decision's own history, and is printed on the
decision.
"""

from __future__ import annotations

from datetime import date

from django.db import transaction
from django.utils import timezone

from hearings.models import Decision, DecisionCorrection
from hearings.notice_timing import normalize_article_number
from stoneham_boh.lib.dates import long_date
from stoneham_boh.lib.errors import ActionRefused
from stoneham_boh.lib.history import save_as

# The decision's fields a correction may name: its findings and the record of its mailing.
TEXTS = ("reasons",)
MAILING = ("mailed_on", "mail_article_number", "received_on")
CORRECTABLE = TEXTS + MAILING


def _label(field: str) -> str:
    return DecisionCorrection.LABELS[field]


def shown(field: str, value) -> str:
    """A value as a correction keeps it and the decision prints it."""
    if value is None or value == "":
        return ""
    if isinstance(value, date):
        return long_date(value)
    return str(value)


def _text_refusals(decision: Decision, field: str, new: str) -> list[str]:
    label = _label(field)
    old = getattr(decision, field)
    if old and not new:
        return [f"A correction cannot strike the {label} out: that is for the Board's vote."]
    if new and not old:
        return [f"The Board recorded no {label}: adding some is for the Board's vote."]
    return []


def _mailing_refusals(decision: Decision, new: dict, today: date) -> list[str]:
    reasons = []
    mailed, received = new["mailed_on"], new["received_on"]
    for field in MAILING:
        if getattr(decision, field) in (None, "") and new[field] not in (None, ""):
            label = _label(field)
            reasons.append(f"The {label} was never recorded: record it with its own step.")
        if getattr(decision, field) not in (None, "") and new[field] in (None, ""):
            label = _label(field)
            reasons.append(f"The {label} cannot be taken off the record, only corrected.")
    if mailed is not None:
        if mailed > today:
            reasons.append("The mailing date cannot be in the future.")
        if mailed < decision.decided_on:
            reasons.append("The decision cannot be mailed before the Board decided it.")
    if received is not None:
        if received > today:
            reasons.append("The receipt date cannot be in the future.")
        if mailed is not None and received < mailed:
            reasons.append("The decision cannot be received before it was mailed.")
    return reasons


@transaction.atomic
def correct_decision(
    *, decision: Decision, reason: str, by, today: date | None = None, **corrected
) -> list[DecisionCorrection]:
    """Correct the fields of `corrected` (names of CORRECTABLE) that differ from the decision
    as recorded, each kept as a correction with `reason`. Any other field is refused."""
    today = today or timezone.localdate()
    decision = (
        Decision.objects.select_for_update(of=("self",))
        .select_related("docket_item__application")
        .get(pk=decision.pk)
    )
    reasons = []
    if "conditions" in corrected and (corrected["conditions"] or "").strip() != (
        decision.conditions or ""
    ):
        reasons.append(
            "The conditions are the Board's vote, printed on the permit as voted: a clerical "
            "correction cannot change them. The Board changes its conditions by a vote."
        )
    corrected.pop("conditions", None)
    unknown = sorted(set(corrected) - set(CORRECTABLE))
    if unknown:
        reasons.append(
            "Only the decision's words and the record of its mailing are corrected; the "
            f"result, the votes and what it grants are the Board's vote ({', '.join(unknown)})."
        )
    new = {field: getattr(decision, field) for field in CORRECTABLE}
    for field in TEXTS:
        if field in corrected:
            new[field] = (corrected[field] or "").strip()
    if "mail_article_number" in corrected:
        typed = (corrected["mail_article_number"] or "").strip()
        try:
            new["mail_article_number"] = normalize_article_number(typed) if typed else ""
        except ValueError as error:
            reasons.append(str(error))
    for field in ("mailed_on", "received_on"):
        if field in corrected:
            new[field] = corrected[field]
    changed = [field for field in CORRECTABLE if new[field] != getattr(decision, field)]
    for field in TEXTS:
        if field in changed:
            reasons += _text_refusals(decision, field, new[field])
    reasons += _mailing_refusals(decision, new, today)
    reason = (reason or "").strip()
    limit = DecisionCorrection._meta.get_field("reason").max_length
    if not reason:
        reasons.append("Say what the clerical error was.")
    elif len(reason) > limit:
        reasons.append(f"Keep the reason to {limit} characters.")
    if not changed and not unknown:
        reasons.append("Nothing differs from the decision as recorded: correct what is wrong.")
    if reasons:
        raise ActionRefused("The decision was not corrected.", reasons)
    corrections = [
        save_as(
            DecisionCorrection(
                decision=decision,
                field=field,
                old_value=shown(field, getattr(decision, field)),
                new_value=shown(field, new[field]),
                reason=reason,
                corrected_by=by,
            ),
            by,
        )
        for field in changed
    ]
    for field in changed:
        setattr(decision, field, new[field])
    save_as(decision, by)
    return corrections
