"""What several of the hearing actions check or do: refusing with every reason, the
item still open, whether a meeting can take another item, the next place on its docket,
the relief the Board can grant, who sits on the Board on a day, a matter put before it.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date

from django.db.models import Max

from hearings.models import BoardMember, DocketItem, LegalNotice, Meeting
from hearings.open_meeting import EMERGENCY_MATTERS, emergency_refusals
from hearings.wording import NOT_THE_BOARDS, relief, variable_rule_ids
from stoneham_boh.lib.dates import long_date
from stoneham_boh.lib.errors import ActionRefused
from stoneham_boh.lib.history import save_as


def refuse_if(reasons: list[str], message: str) -> None:
    if reasons:
        raise ActionRefused(message, reasons)


def require_scheduled(item: DocketItem, what: str) -> None:
    if item.status != DocketItem.Status.SCHEDULED:
        raise ActionRefused(
            f"{what}: the item is {item.get_status_display().lower()}, and the record of its "
            "hearing is closed."
        )


def docketing_refusals(
    meeting: Meeting, today: date, *, public: bool = True, kind: str = ""
) -> list[str]:
    """Why an item of `kind` cannot be put on `meeting` (scheduling or continuing to it). The
    legal notice binds only items it must announce (`public`): not the Board's other matters,
    nor a hearing continued to a date announced at it, which keeps its notice. An emergency
    meeting takes up only the emergency's matters (hearings.open_meeting.EMERGENCY_MATTERS)."""
    reasons = []
    if meeting.cancelled:
        reasons.append(f"The meeting of {long_date(meeting.date)} is cancelled.")
    if meeting.date < today:
        reasons.append(f"The meeting of {long_date(meeting.date)} has already taken place.")
    if kind not in EMERGENCY_MATTERS:
        what = DocketItem.Kind(kind).label.lower() if kind else "this item"
        reasons += emergency_refusals(meeting, f"a {what}" if kind else what)
    if not public:
        return reasons
    legal_notice = LegalNotice.objects.filter(meeting=meeting, sent_on__isnull=False).first()
    if legal_notice is not None:
        reasons.append(
            f"The legal notice for {long_date(meeting.date)} went to the newspaper on "
            f"{long_date(legal_notice.sent_on)} without this item: choose a later meeting."
        )
    return reasons


def next_position(meeting: Meeting) -> int:
    last = meeting.items.aggregate(last=Max("position"))["last"]
    return (last or 0) + 1


def relief_refusals(relief_sought: Iterable[str]) -> list[str]:
    allowed = variable_rule_ids()
    return [_why_not_variable(rule) for rule in relief_sought if rule not in allowed]


def _why_not_variable(rule: str) -> str:
    if rule == "20-20.9":
        return f"{relief(rule).citation} cannot be varied: the hearing is what the variance needs."
    if rule in NOT_THE_BOARDS:
        return (
            f"{relief(rule).citation} is the building inspector's approval as well as the "
            "Board's: it is not the Board's to vary."
        )
    return f"“{rule}” is not a rule of the regulation."


def member_in_office(user, day: date) -> BoardMember | None:
    """The user's term on the Board on `day`: the roll, never a role or the administrator's."""
    if not getattr(user, "pk", None):
        return None
    return BoardMember.objects.in_office(day).filter(user=user).first()


def board_matter(application, meeting, kind, today, by, **fields) -> DocketItem:
    item = DocketItem(
        meeting=meeting,
        application=application,
        kind=kind,
        position=next_position(meeting),
        **fields,
    )
    return save_as(item, by)
