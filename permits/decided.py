"""The permit is what the Board decided: its keeping and its conditions (issue 33, findings 4
and 8).

A permit resting on a hearing issues for the keeping the Board heard and decided, with the
conditions the Board voted. Two ways past that are closed here, at the issue:

- a plan of record filed after the vote (facilities.actions.file_plan_of_record) measures
  the coop nearer the line than the Board heard it (80 ft heard, 52.1 ft measured): the
  keeping now differs from what the notices described and the Board decided on, so the permit
  is refused until the Board hears it again;
- conditions typed at the issue, or a clerk's correction of the decision's conditions, would
  put words on the permit the Board never voted: the permit prints the conditions as voted
  (the decision's record as first written), and conditions typed at the issue that differ
  from those of record are refused.
"""

from __future__ import annotations

from hearings.models import DocketItem
from hearings.notice_content import changes_since_notice
from stoneham_boh.lib.dates import long_date


def approving_item(application):
    """The public hearing whose approval the permit rests on: the latest approved, or None."""
    items = [
        item
        for item in application.docket_items.select_related("decision")
        if item.is_public_hearing
        and item.status == DocketItem.Status.DECIDED
        and getattr(item, "decision", None) is not None
        and item.decision.result == "approved"
    ]
    return max(items, key=lambda i: (i.decision.decided_on, i.pk)) if items else None


def voted_conditions(decision) -> str:
    """The conditions as the Board voted them: the decision's record as first written (a
    clerk's correction since does not change what the Board voted)."""
    first = decision.history.filter(history_type="+").order_by("history_date").first()
    return (first.conditions if first is not None else decision.conditions) or ""


def conditions_of_record(application) -> str:
    """The Board's conditions on this application as voted, else those of the permit it
    renews (a renewal carries its keeping's conditions)."""
    conditions = [
        voted_conditions(item.decision)
        for item in application.docket_items.select_related("decision")
        if hasattr(item, "decision") and voted_conditions(item.decision)
    ]
    if not conditions and application.renews_id:
        return application.renews.conditions
    return "\n".join(conditions)


def conditions_refusals(application, typed: str) -> list[str]:
    """Conditions typed at the issue may not replace the conditions of record."""
    typed = (typed or "").strip()
    of_record = conditions_of_record(application)
    if not typed or not of_record or typed == of_record.strip():
        return []
    return [
        f"The conditions of record are “{of_record}”: the permit prints the conditions the "
        "Board voted. Leave the conditions blank; a change of them is for the Board's vote."
    ]


def keeping_decided_refusals(application) -> list[str]:
    """The keeping now asked differs from the one the Board heard and decided on."""
    item = approving_item(application)
    if item is None:
        return []
    changes = changes_since_notice(item, application=application)
    if changes is None or not changes.enlargements:
        return []
    return [
        f"The Board decided on {long_date(item.decision.decided_on)} on the keeping its notice "
        f"described; since then it was changed ({'; '.join(changes.enlargements)}): a permit "
        "issues only for what the Board decided. Bring the change before the Board at a new "
        "hearing (§20-20(9))."
    ]
