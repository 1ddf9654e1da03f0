"""Changes of state of hearings: meetings, the docket, notices, decisions and variances.

Every action is atomic, names who acted (`by`), re-checks what it depends on, and raises
`ActionRefused` with every reason when it cannot proceed. `today` defaults to the local date;
the demo loader and tests pass it to act on other days.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import date, time

from django.db import transaction
from django.db.models import Max
from django.utils import timezone

from facilities.models import Abutter
from hearings.models import (
    AbutterNotice,
    Decision,
    DocketItem,
    LegalNotice,
    Meeting,
    Variance,
    Vote,
)
from hearings.notices import (
    abutters_in_letter_order,
    legal_notice_text,
    normalize_article_number,
    timing_for,
)
from hearings.notifications import notify_hearing_scheduled
from hearings.wording import relief, variable_rule_ids
from permits.models import Application
from stoneham_boh.accounts.roles import Role, has_role, roles_of
from stoneham_boh.lib.errors import ActionRefused
from stoneham_boh.lib.history import save_as


def _long(day: date) -> str:
    return f"{day:%B} {day.day}, {day.year}"


def _refuse_if(reasons: list[str], message: str) -> None:
    if reasons:
        raise ActionRefused(message, reasons)


# --- Meetings and the docket -----------------------------------------------------------------


@transaction.atomic
def schedule_meeting(
    *, on: date, at: time, place: str, by, notes: str = "", today: date | None = None
) -> Meeting:
    """Put a Board meeting on the calendar, at which hearings can be docketed."""
    today = today or timezone.localdate()
    reasons = []
    if on < today:
        reasons.append("A meeting cannot be scheduled on a day that has passed.")
    if not place.strip():
        reasons.append("Say where the Board meets.")
    if Meeting.objects.filter(date=on, time=at, cancelled=False).exists():
        reasons.append(f"The Board already meets on {_long(on)} at that time.")
    _refuse_if(reasons, "The meeting cannot be scheduled.")
    meeting = Meeting(date=on, time=at, place=place.strip(), notes=notes)
    return save_as(meeting, by)


def _relief_refusals(relief_sought: Iterable[str]) -> list[str]:
    allowed = variable_rule_ids()
    return [
        f"{relief(rule).citation} cannot be varied: the hearing is what the variance needs."
        if rule == "20-20.9"
        else f"“{rule}” is not a rule of the regulation."
        for rule in relief_sought
        if rule not in allowed
    ]


def _docketing_refusals(meeting: Meeting, today: date) -> list[str]:
    """Why an item cannot be put on `meeting` (scheduling or continuing to it)."""
    reasons = []
    if meeting.cancelled:
        reasons.append(f"The meeting of {_long(meeting.date)} is cancelled.")
    if meeting.date < today:
        reasons.append(f"The meeting of {_long(meeting.date)} has already taken place.")
    legal_notice = LegalNotice.objects.filter(meeting=meeting, sent_on__isnull=False).first()
    if legal_notice is not None:
        reasons.append(
            f"The legal notice for {_long(meeting.date)} went to the newspaper on "
            f"{_long(legal_notice.sent_on)} without this item: choose a later meeting."
        )
    return reasons


def _next_position(meeting: Meeting) -> int:
    last = meeting.items.aggregate(last=Max("position"))["last"]
    return (last or 0) + 1


def _open_item(application: Application) -> DocketItem | None:
    return (
        application.docket_items.filter(status=DocketItem.Status.SCHEDULED)
        .select_related("meeting")
        .first()
    )


@transaction.atomic
def schedule_hearing(
    *,
    application: Application,
    meeting: Meeting,
    by,
    relief_sought: Iterable[str] = (),
    staff_recommendation: str = "",
    today: date | None = None,
) -> DocketItem:
    """Put a new application, or a renewal's variance request, on a meeting's docket.

    §20-20(9): new applications and variance requests are decided only after a public
    hearing. The caller warns when the meeting is too close to notice it in time
    (`notices.scheduling_warning`); that is a warning, not a refusal, because the Board may
    open the hearing and continue it.
    """
    today = today or timezone.localdate()
    application = Application.objects.select_for_update().get(pk=application.pk)
    relief_sought = list(dict.fromkeys(relief_sought))
    reasons = _docketing_refusals(meeting, today)
    if application.status not in (
        Application.Status.RECEIVED,
        Application.Status.AWAITING_HEARING,
    ):
        reasons.append(
            "Only a received application can be put on the docket; this one is "
            f"{application.get_status_display().lower()}."
        )
    open_item = _open_item(application)
    if open_item is not None:
        reasons.append(
            f"It is already on the docket of the meeting of {_long(open_item.meeting.date)}."
        )
    if application.kind == Application.Kind.RENEWAL and not relief_sought:
        reasons.append(
            "A renewal goes to a hearing only with a variance request: name the rules to vary."
        )
    reasons += _relief_refusals(relief_sought)
    _refuse_if(reasons, "The hearing cannot be scheduled.")
    item = DocketItem(
        meeting=meeting,
        application=application,
        kind=(
            DocketItem.Kind.NEW_APPLICATION
            if application.kind == Application.Kind.NEW
            else DocketItem.Kind.VARIANCE_REQUEST
        ),
        position=_next_position(meeting),
        relief_sought=relief_sought,
        staff_recommendation=staff_recommendation.strip(),
    )
    save_as(item, by)
    application.status = Application.Status.AWAITING_HEARING
    save_as(application, by)
    notify_hearing_scheduled(item)
    return item


def _require_scheduled(item: DocketItem, what: str) -> None:
    if item.status != DocketItem.Status.SCHEDULED:
        raise ActionRefused(
            f"{what}: the item is {item.get_status_display().lower()}, and the record of its "
            "hearing is closed."
        )


@transaction.atomic
def update_docket_item(
    *,
    item: DocketItem,
    by,
    relief_sought: Iterable[str] | None = None,
    staff_recommendation: str | None = None,
) -> DocketItem:
    """Change the relief sought (until a letter is mailed) or the staff recommendation."""
    item = DocketItem.objects.select_for_update().get(pk=item.pk)
    _require_scheduled(item, "The item cannot be changed")
    reasons = []
    if relief_sought is not None:
        relief_sought = list(dict.fromkeys(relief_sought))
        if relief_sought != item.relief_sought:
            if item.abutter_notices.filter(mailed_on__isnull=False).exists():
                reasons.append(
                    "Letters naming the relief sought have been mailed to abutters; a change "
                    "of relief needs a new hearing."
                )
            if LegalNotice.objects.filter(meeting=item.meeting_id, sent_on__isnull=False).exists():
                reasons.append(
                    "The legal notice naming the relief sought has gone to the newspaper."
                )
            reasons += _relief_refusals(relief_sought)
            item.relief_sought = relief_sought
    _refuse_if(reasons, "The relief sought cannot be changed.")
    if staff_recommendation is not None:
        item.staff_recommendation = staff_recommendation.strip()
    return save_as(item, by)


@transaction.atomic
def withdraw_docket_item(*, item: DocketItem, by) -> DocketItem:
    """Take an item off the docket (the applicant withdrew or the clerk erred); kept on record."""
    item = DocketItem.objects.select_for_update().select_related("application").get(pk=item.pk)
    _require_scheduled(item, "The item cannot be withdrawn")
    item.status = DocketItem.Status.WITHDRAWN
    save_as(item, by)
    application = item.application
    if application.status == Application.Status.AWAITING_HEARING:
        application.status = Application.Status.RECEIVED
        save_as(application, by)
    return item


# --- The legal notice --------------------------------------------------------------------------


def _scheduled_items(meeting: Meeting):
    return (
        meeting.items.filter(status=DocketItem.Status.SCHEDULED)
        .select_related("application__applicant", "application__lot")
        .prefetch_related("application__animals")
        .order_by("position", "id")
    )


def _unsent_notice(meeting: Meeting) -> LegalNotice | None:
    notice = LegalNotice.objects.select_for_update().filter(meeting=meeting).first()
    if notice is not None and notice.sent_on is not None:
        raise ActionRefused(
            f"The legal notice went to {notice.newspaper} on {_long(notice.sent_on)}; what was "
            "sent is the record and is no longer edited."
        )
    return notice


@transaction.atomic
def draft_legal_notice(*, meeting: Meeting, by) -> LegalNotice:
    """Write (or rewrite) the legal notice from the meeting's docket, before it is sent."""
    notice = _unsent_notice(meeting)
    items = list(_scheduled_items(meeting))
    if not items:
        raise ActionRefused("The docket of this meeting is empty: there is nothing to notice.")
    notice = notice or LegalNotice(meeting=meeting)
    notice.text = legal_notice_text(meeting, items)
    return save_as(notice, by)


@transaction.atomic
def edit_legal_notice(*, meeting: Meeting, text: str, newspaper: str, by) -> LegalNotice:
    notice = _unsent_notice(meeting)
    reasons = []
    if not text.strip():
        reasons.append("The notice has no text.")
    if not newspaper.strip():
        reasons.append("Name the local newspaper of general circulation (§20-20(9)).")
    _refuse_if(reasons, "The legal notice cannot be saved.")
    notice = notice or LegalNotice(meeting=meeting)
    notice.text = text.strip()
    notice.newspaper = newspaper.strip()
    return save_as(notice, by)


@transaction.atomic
def send_legal_notice(
    *, meeting: Meeting, sent_on: date, by, today: date | None = None
) -> LegalNotice:
    """Record that the notice went to the newspaper; from now on its text stays as sent."""
    today = today or timezone.localdate()
    notice = _unsent_notice(meeting)
    reasons = []
    if notice is None:
        reasons.append("Draft the legal notice first.")
    if sent_on > today:
        reasons.append("The day it was sent cannot be in the future.")
    if sent_on > meeting.date:
        reasons.append("A notice sent after the hearing gives no notice of it.")
    _refuse_if(reasons, "The legal notice cannot be marked as sent.")
    notice.sent_on = sent_on
    return save_as(notice, by)


@transaction.atomic
def record_publication(
    *,
    meeting: Meeting,
    published_on: date,
    by,
    newspaper: str | None = None,
    today: date | None = None,
) -> LegalNotice:
    """Record the day the newspaper printed the notice (§20-20(9)): what the rules read."""
    today = today or timezone.localdate()
    notice = LegalNotice.objects.select_for_update().filter(meeting=meeting).first()
    reasons = []
    if notice is None or notice.sent_on is None:
        reasons.append("Mark the legal notice as sent to the newspaper first.")
    elif published_on < notice.sent_on:
        reasons.append(
            f"It cannot have been published before it was sent ({_long(notice.sent_on)})."
        )
    if published_on > today:
        reasons.append("The publication date cannot be in the future.")
    if published_on > meeting.date:
        reasons.append("A notice published after the hearing gives no notice of it.")
    if meeting.items.filter(status=DocketItem.Status.DECIDED).exists():
        reasons.append("The Board has decided items of this meeting; its notice is on record.")
    if newspaper is not None and not newspaper.strip():
        reasons.append("Name the newspaper that printed it.")
    _refuse_if(reasons, "The publication cannot be recorded.")
    notice.published_on = published_on
    if newspaper is not None:
        notice.newspaper = newspaper.strip()
    return save_as(notice, by)


# --- Notices to abutters -------------------------------------------------------------------


def _mailing_refusals(item: DocketItem, mailed_on: date, today: date) -> list[str]:
    reasons = []
    if mailed_on > today:
        reasons.append("The mailing date cannot be in the future.")
    if mailed_on > item.meeting.date:
        reasons.append("A letter mailed after the hearing gives no notice of it.")
    return reasons


def _record_one(item: DocketItem, abutter: Abutter, number: str, mailed_on: date, by):
    notice = AbutterNotice.objects.filter(docket_item=item, abutter=abutter).first()
    notice = notice or AbutterNotice(docket_item=item, abutter=abutter)
    notice.article_number = number
    notice.mailed_on = mailed_on
    return save_as(notice, by)


def _numbers_in_use(item: DocketItem, except_abutters: Iterable[int]) -> set[str]:
    return set(
        item.abutter_notices.exclude(abutter_id__in=list(except_abutters))
        .exclude(article_number="")
        .values_list("article_number", flat=True)
    )


@transaction.atomic
def record_mailing(
    *,
    item: DocketItem,
    abutter: Abutter,
    article_number: str,
    mailed_on: date,
    by,
    today: date | None = None,
) -> AbutterNotice:
    """Record one abutter's letter sent by registered mail, return receipt requested."""
    today = today or timezone.localdate()
    item = DocketItem.objects.select_for_update().select_related("meeting").get(pk=item.pk)
    _require_scheduled(item, "The mailing cannot be recorded")
    reasons = _mailing_refusals(item, mailed_on, today)
    if abutter.abutter_list.application_id != item.application_id or abutter.voided:
        reasons.append(f"{abutter.owner_names} is not on this application's certified list.")
    try:
        number = normalize_article_number(article_number)
    except ValueError as error:
        reasons.append(str(error))
    else:
        if number in _numbers_in_use(item, [abutter.pk]):
            reasons.append(f"Article {number} is already recorded for another abutter.")
    _refuse_if(reasons, "The mailing cannot be recorded.")
    return _record_one(item, abutter, number, mailed_on, by)


@transaction.atomic
def record_mailing_list(
    *,
    item: DocketItem,
    article_numbers: list[str],
    mailed_on: date,
    by,
    today: date | None = None,
) -> list[AbutterNotice]:
    """Record a pasted list of article numbers, one per abutter in letter order, all or none."""
    today = today or timezone.localdate()
    item = DocketItem.objects.select_for_update().select_related("meeting").get(pk=item.pk)
    _require_scheduled(item, "The mailing cannot be recorded")
    abutters = abutters_in_letter_order(item)
    reasons = _mailing_refusals(item, mailed_on, today)
    if len(article_numbers) != len(abutters):
        reasons.append(
            f"The list has {len(article_numbers)} article numbers and the certified list "
            f"{len(abutters)} abutters: paste one number per abutter, in the order shown."
        )
    numbers = []
    for line, text in enumerate(article_numbers, start=1):
        try:
            numbers.append(normalize_article_number(text))
        except ValueError as error:
            reasons.append(f"Line {line}: {error}")
    repeated = sorted({n for n in numbers if numbers.count(n) > 1})
    if repeated:
        reasons.append(f"Repeated article numbers: {', '.join(repeated)}.")
    _refuse_if(reasons, "The mailing list cannot be recorded.")
    return [
        _record_one(item, abutter, number, mailed_on, by)
        for abutter, number in zip(abutters, numbers, strict=True)
    ]


@transaction.atomic
def mark_receipt_returned(
    *, notice: AbutterNotice, returned_on: date, by, today: date | None = None
) -> AbutterNotice:
    """The green return-receipt card came back signed."""
    today = today or timezone.localdate()
    notice = AbutterNotice.objects.select_for_update().get(pk=notice.pk)
    reasons = []
    if notice.mailed_on is None:
        reasons.append("Record the mailing before its return receipt.")
    elif returned_on < notice.mailed_on:
        reasons.append(f"The receipt cannot come back before the mailing ({notice.mailed_on}).")
    if returned_on > today:
        reasons.append("The return date cannot be in the future.")
    _refuse_if(reasons, "The return receipt cannot be marked.")
    notice.receipt_returned_on = returned_on
    return save_as(notice, by)


# --- Decisions and variances -------------------------------------------------------------------


def _vote_refusals(votes: Mapping) -> list[str]:
    reasons = []
    if not votes:
        return ["Record each member's vote."]
    for member, choice in votes.items():
        if choice not in Vote.Choice.values:
            reasons.append(f"“{choice}” is not a vote.")
        if Role.BOARD.value not in roles_of(member) or not member.is_active:
            reasons.append(f"{member.get_full_name() or member} is not a member of the Board.")
    yes = sum(1 for choice in votes.values() if choice == Vote.Choice.YES)
    no = sum(1 for choice in votes.values() if choice == Vote.Choice.NO)
    if yes <= no:
        reasons.append(f"The motion did not carry: {yes} yes and {no} no.")
    return reasons


def _variance_refusals(
    item: DocketItem, result: str, rules_granted: list[str], decided_on: date, expires_on
) -> list[str]:
    if not rules_granted:
        return []
    reasons = []
    if result != Decision.Result.APPROVED:
        reasons.append("A variance is granted only with an approval.")
    not_noticed = [r for r in rules_granted if r not in (item.relief_sought or [])]
    if not_noticed:
        reasons.append(
            "The abutters and the newspaper were not told of relief from "
            + ", ".join(relief(r).citation for r in not_noticed)
            + ": it cannot be granted at this hearing."
        )
    if expires_on is not None and expires_on <= decided_on:
        reasons.append("The variance would expire before it takes effect.")
    return reasons


def _continuation_refusals(item: DocketItem, continue_to, today: date) -> list[str]:
    if continue_to is None:
        return ["Choose the meeting to which the item is continued."]
    if continue_to.date <= item.meeting.date:
        return ["An item is continued to a later meeting."]
    return _docketing_refusals(continue_to, today)


@transaction.atomic
def record_decision(
    *,
    item: DocketItem,
    result: str,
    decided_on: date,
    votes: Mapping,
    by,
    conditions: str = "",
    reasons: str = "",
    continue_to: Meeting | None = None,
    variance_rules: Iterable[str] = (),
    variance_conditions: str = "",
    variance_expires_on: date | None = None,
    today: date | None = None,
) -> Decision:
    """Record the Board's decision on a docket item, the members' votes, and any variance.

    Approving or denying needs a properly noticed hearing (§20-20(9)): both notices given the
    ruleset's notice period before it. Continuing does not: it is what the Board does when
    notice fell short.
    A continued item goes on the later meeting's docket and is noticed again for that date.
    """
    today = today or timezone.localdate()
    item = (
        # Lock the item only: PostgreSQL cannot lock the outer-joined legal notice.
        DocketItem.objects.select_for_update(of=("self",))
        .select_related("meeting", "meeting__legal_notice", "application")
        .get(pk=item.pk)
    )
    variance_rules = list(dict.fromkeys(variance_rules))
    problems = []
    if not has_role(by, [Role.BOARD]):
        problems.append("Only a member of the Board records its decisions.")
    if item.status != DocketItem.Status.SCHEDULED:
        problems.append(f"The item is already {item.get_status_display().lower()}.")
    if item.meeting.cancelled:
        problems.append("The meeting was cancelled: no hearing was held.")
    if result not in Decision.Result.values:
        problems.append(f"“{result}” is not a decision the Board can make.")
    if decided_on < item.meeting.date:
        problems.append(f"The Board decides at or after the hearing of {_long(item.meeting.date)}.")
    if decided_on > today:
        problems.append("A decision cannot be dated in the future.")
    problems += _vote_refusals(votes)
    if result == Decision.Result.CONTINUED:
        problems += _continuation_refusals(item, continue_to, today)
    elif result in (Decision.Result.APPROVED, Decision.Result.DENIED):
        notice_problems = timing_for(item).refusals()
        if notice_problems:
            notice_problems.append(
                "The Board can only continue the item to a later meeting and notice it again."
            )
        problems += notice_problems
    problems += _relief_refusals(variance_rules)
    problems += _variance_refusals(item, result, variance_rules, decided_on, variance_expires_on)
    _refuse_if(problems, "The decision cannot be recorded.")

    decision = save_as(
        Decision(
            docket_item=item,
            result=result,
            decided_on=decided_on,
            conditions=conditions.strip(),
            reasons=reasons.strip(),
            recorded_by=by,
        ),
        by,
    )
    for member, choice in votes.items():
        save_as(Vote(decision=decision, member=member, vote=choice), by)
    if variance_rules:
        save_as(
            Variance(
                application=item.application,
                decision=decision,
                rules=variance_rules,
                granted=True,
                granted_on=decided_on,
                conditions=variance_conditions.strip(),
                expires_on=variance_expires_on,
            ),
            by,
        )
    application = item.application
    if result == Decision.Result.CONTINUED:
        item.status = DocketItem.Status.CONTINUED
        save_as(item, by)
        continued = DocketItem(
            meeting=continue_to,
            application=application,
            kind=item.kind,
            position=_next_position(continue_to),
            relief_sought=item.relief_sought,
            staff_recommendation=item.staff_recommendation,
            continued_from=item,
        )
        save_as(continued, by)
        notify_hearing_scheduled(continued)
        application.status = Application.Status.AWAITING_HEARING
    else:
        item.status = DocketItem.Status.DECIDED
        save_as(item, by)
        application.status = (
            Application.Status.APPROVED
            if result == Decision.Result.APPROVED
            else Application.Status.DENIED
        )
    save_as(application, by)
    return decision
