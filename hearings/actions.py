"""Changes of state of hearings: meetings, the docket, notices, decisions and variances.

Every action is atomic, names who acted (`by`), re-checks what it depends on, and raises
`ActionRefused` with every reason when it cannot proceed. `today` defaults to the local date;
the demo loader and tests pass it to act on other days.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import date, datetime, time
from decimal import Decimal, InvalidOperation

from django.conf import settings
from django.db import transaction
from django.db.models import Max, Q
from django.utils import timezone

from facilities.models import Abutter
from hearings.meeting_notice import notice_items, notice_text
from hearings.minutes import minutes_text, record_of
from hearings.models import (
    AbutterNotice,
    BoardApproval,
    BoardMember,
    BoardSeats,
    Decision,
    DocketItem,
    LegalNotice,
    Meeting,
    MeetingAttendance,
    MeetingPosting,
    Minutes,
    MinutesRelease,
    NoticeCharge,
    RevocationProceeding,
    Variance,
    Vote,
)
from hearings.notices import (
    abutters_in_letter_order,
    legal_notice_content,
    legal_notice_text,
    normalize_article_number,
    stale_notice_refusals,
    timing_for,
)
from hearings.notifications import (
    notify_board_roll_changed,
    notify_hearing_scheduled,
    notify_votes_recorded,
)
from hearings.quorum import tally
from hearings.wording import NOT_THE_BOARDS, relief, variable_rule_ids
from permits.models import Application, SetbackEnlargement
from permits.renewals import renewal_enlargements, unabated_order_refusals
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


def _docketing_refusals(meeting: Meeting, today: date, *, public: bool = True) -> list[str]:
    """Why an item cannot be put on `meeting` (scheduling or continuing to it). The legal
    notice binds only items it must announce (`public`): not the Board's other matters, nor a
    hearing continued to a date announced at it, which keeps its notice."""
    reasons = []
    if meeting.cancelled:
        reasons.append(f"The meeting of {_long(meeting.date)} is cancelled.")
    if meeting.date < today:
        reasons.append(f"The meeting of {_long(meeting.date)} has already taken place.")
    if not public:
        return reasons
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
    """The application's public hearing still to be decided, if any."""
    return (
        application.docket_items.filter(
            status=DocketItem.Status.SCHEDULED, kind__in=DocketItem.PUBLIC_HEARING_KINDS
        )
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
    approvals_sought: Iterable[str] = (),
    staff_recommendation: str = "",
    today: date | None = None,
) -> DocketItem:
    """Put a new application, or a renewal's variance request, on a meeting's docket, with
    what the Board is asked to approve at the hearing (BoardApproval subjects).

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
    heard_as_new = application.kind == Application.Kind.NEW or bool(
        renewal_enlargements(application)
    )
    if (
        not heard_as_new
        and not relief_sought
        and not unabated_order_refusals(application.lot, today)
    ):
        reasons.append(
            "A renewal goes to a hearing only when it enlarges the keeping, carries an order "
            "not abated, or asks for a variance: name the rules to vary."
        )
    reasons += _relief_refusals(relief_sought)
    approvals_sought = list(dict.fromkeys(approvals_sought))
    reasons += [
        f"Not something the Board approves: {s}."
        for s in approvals_sought
        if s not in BoardApproval.Subject.values
    ]
    _refuse_if(reasons, "The hearing cannot be scheduled.")
    item = DocketItem(
        meeting=meeting,
        application=application,
        kind=(
            DocketItem.Kind.NEW_APPLICATION
            if heard_as_new or not relief_sought
            else DocketItem.Kind.VARIANCE_REQUEST
        ),
        position=_next_position(meeting),
        relief_sought=relief_sought,
        approvals_sought=approvals_sought,
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
        meeting.items.filter(
            status=DocketItem.Status.SCHEDULED, kind__in=DocketItem.PUBLIC_HEARING_KINDS
        )
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
    content = legal_notice_content("", items, timezone.localdate())
    notice.text = legal_notice_text(meeting, content)
    _describe(notice, items, timezone.localdate())
    return save_as(notice, by)


def _describe(notice: LegalNotice, items, on: date) -> None:
    """Keep what the notice says of each item, as facts on `on`, and what its text fails to
    name (§20-20(9)): an item it drops or understates is not noticed by it."""
    notice.content = legal_notice_content(notice.text, items, on)


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
    _describe(notice, _scheduled_items(meeting), timezone.localdate())
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
    # What went to the newspaper is what the public read: its content as of that day.
    _describe(notice, _scheduled_items(meeting), sent_on)
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


def _carried_refusals(item: DocketItem) -> list[str]:
    if not item.notice_carried:
        return []
    return [
        f"This hearing continues that of {_long(item.continued_from.meeting.date)} and keeps "
        "its notice: no new mailing is needed."
    ]


def _remember_what_was_noticed(item: DocketItem, mailed_on: date, by) -> None:
    """Keep the request as these letters describe it, in the rules' facts (measured distances
    where a plan is drawn): the Board decides no more than every letter said (§20-20(9))."""
    from permits.keeping import keeping_facts

    facts = keeping_facts(item.application, mailed_on)
    snapshots = list(item.noticed_facts or [])
    if any(entry["facts"] == facts for entry in snapshots):
        return
    snapshots.append({"mailed_on": mailed_on.isoformat(), "facts": facts})
    item.noticed_facts = snapshots
    save_as(item, by)


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
    reasons = _mailing_refusals(item, mailed_on, today) + _carried_refusals(item)
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
    _remember_what_was_noticed(item, mailed_on, by)
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
    reasons = _mailing_refusals(item, mailed_on, today) + _carried_refusals(item)
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
    _remember_what_was_noticed(item, mailed_on, by)
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


# --- The Board ---------------------------------------------------------------------------------


def _administrator_refusals(by, what: str) -> list[str]:
    if Role.ADMIN.value not in roles_of(by):
        return [f"Only the administrator {what}: the Board's roll is not the clerk's."]
    return []


def _not_back_dated(day: date, today: date, what: str) -> list[str]:
    if day < today:
        return [
            f"{what} cannot be back-dated before today ({_long(today)}): the Board's past "
            "votes were counted on the roll as it stood."
        ]
    return []


def _roll_changed(record, subject: str, body: str, *users) -> None:
    notify_board_roll_changed(record.pk, subject, body, *(user.pk for user in users))


@transaction.atomic
def set_board_seats(
    *, seats: int, effective_on: date, authority: str, by, today: date | None = None
) -> BoardSeats:
    """Record how many seats the Board has from `effective_on`: its full membership, of which a
    quorum is a majority (M.G.L. c.30A §18), however many members are in office."""
    today = today or timezone.localdate()
    reasons = _administrator_refusals(by, "records the Board's number of seats")
    if seats is None or seats < 1:
        reasons.append("The Board has at least one seat.")
    elif seats > 15:
        reasons.append("Give the number of seats the by-law sets (at most 15).")
    reasons += _not_back_dated(effective_on, today, "A change to the Board's seats")
    if not authority.strip():
        reasons.append("Name the by-law, charter or vote that sets the number of seats.")
    in_office = BoardMember.objects.in_office(effective_on).count()
    if seats and seats < in_office:
        reasons.append(
            f"{in_office} members are in office on {_long(effective_on)}: end terms first."
        )
    _refuse_if(reasons, "The Board's seats cannot be recorded.")
    record = save_as(
        BoardSeats(seats=seats, effective_on=effective_on, authority=authority.strip()[:300]), by
    )
    _roll_changed(
        record,
        "the number of seats",
        f"From {_long(effective_on)} the Board has {seats} seats ({record.authority}); a "
        f"quorum is {seats // 2 + 1}. Recorded by {by.get_full_name() or by}.",
    )
    return record


@transaction.atomic
def appoint_board_member(
    *,
    user,
    name: str,
    appointed_on: date,
    term_start: date,
    appointing_document: str,
    by,
    term_end: date | None = None,
    chair: bool = False,
    today: date | None = None,
) -> BoardMember:
    """Record a member's appointment to the Board for a term, from the appointing document.

    The administrator keeps the roll; a term never starts before today (the quorum of every
    past vote was counted on the roll as it stood), nor fills more seats than the Board has.
    """
    today = today or timezone.localdate()
    reasons = _administrator_refusals(by, "appoints members of the Board")
    if not name.strip():
        reasons.append("Give the member's name as it is printed on decisions.")
    if not appointing_document.strip():
        reasons.append("Name the appointing document (the vote or letter of appointment).")
    if appointed_on > today:
        reasons.append("The appointment cannot be dated in the future.")
    if term_start < appointed_on:
        reasons.append("The term cannot begin before the appointment.")
    reasons += _not_back_dated(term_start, today, "A term")
    if term_end is not None and term_end < term_start:
        reasons.append("The term cannot end before it begins.")
    names = roles_of(user)
    if Role.BOARD.value not in names:
        reasons.append(
            f"{user.get_full_name() or user} has no Board log-in: give it the role first."
        )
    if user.is_superuser:
        reasons.append(
            "An administrator's log-in cannot sit on the Board: give the member their own."
        )
    overlapping = BoardMember.objects.filter(user=user).filter(
        Q(term_end__isnull=True) | Q(term_end__gte=term_start)
    )
    if term_end is not None:
        overlapping = overlapping.filter(term_start__lte=term_end)
    if overlapping.exists():
        reasons.append("A term of this member overlaps these dates: end it first.")
    seats = BoardSeats.objects.in_force(term_start)
    if seats is None:
        reasons.append("Record the Board's number of seats first: its quorum is counted on them.")
    elif BoardMember.objects.in_office(term_start).count() >= seats.seats:
        reasons.append(f"Every one of the Board's {seats.seats} seats is filled on that day.")
    if chair and BoardMember.objects.in_office(term_start).filter(chair=True).exists():
        reasons.append("The Board has a chair in office on that day.")
    _refuse_if(reasons, "The member cannot be appointed.")
    member = save_as(
        BoardMember(
            user=user,
            name=name.strip(),
            appointed_on=appointed_on,
            appointing_document=appointing_document.strip()[:300],
            chair=chair,
            term_start=term_start,
            term_end=term_end,
        ),
        by,
    )
    until = f" to {_long(term_end)}" if term_end else ""
    _roll_changed(
        member,
        f"{member.name} appointed",
        f"{member.name} is appointed to the Board{' as its chair' if chair else ''} "
        f"({member.appointing_document}), for a term from {_long(term_start)}{until}. "
        f"Recorded by {by.get_full_name() or by}.",
        user,
    )
    return member


@transaction.atomic
def end_board_term(
    *, member: BoardMember, term_end: date, reason: str, by, today: date | None = None
) -> BoardMember:
    """A member leaves the Board: the term ends, never before today, the record of it stays."""
    today = today or timezone.localdate()
    member = BoardMember.objects.select_for_update().get(pk=member.pk)
    reasons = _administrator_refusals(by, "ends a Board member's term")
    if term_end < member.term_start:
        reasons.append("The term cannot end before it begins.")
    if member.term_end is not None and member.term_end < term_end:
        reasons.append(f"The term already ended on {_long(member.term_end)}.")
    reasons += _not_back_dated(term_end, today, "The end of a term")
    if not reason.strip():
        reasons.append("Say why the term ends (resignation, term expired, removal...).")
    _refuse_if(reasons, "The term cannot be ended.")
    member.term_end = term_end
    member.term_end_reason = reason.strip()[:300]
    save_as(member, by)
    _roll_changed(
        member,
        f"{member.name}'s term ends",
        f"{member.name}'s term on the Board ends on {_long(term_end)}: {member.term_end_reason}. "
        f"Recorded by {by.get_full_name() or by}.",
        member.user,
    )
    return member


# --- Attendance, and the members' own votes ----------------------------------------------------


@transaction.atomic
def record_attendance(
    *, meeting: Meeting, attendance: Mapping, by, today: date | None = None
) -> list[MeetingAttendance]:
    """Record who of the Board attended `meeting`: `attendance` maps each member in office on
    its day to a mode (in_person, remote, absent), or to (mode, reason) for a remote member.

    The quorum of the meeting's decisions is counted from this record, so it is fixed once the
    Board has decided anything there.
    """
    today = today or timezone.localdate()
    meeting = Meeting.objects.select_for_update().get(pk=meeting.pk)
    in_office = {m.pk: m for m in BoardMember.objects.in_office(meeting.date)}
    reasons = []
    if not (has_role(by, [Role.CLERK]) or _member_in_office(by, meeting.date)):
        reasons.append("Only the clerk or a member of the Board records the attendance.")
    if meeting.cancelled:
        reasons.append("The meeting was cancelled: nobody attended.")
    if meeting.date > today:
        reasons.append("Attendance is recorded at or after the meeting.")
    if Decision.objects.filter(docket_item__meeting=meeting).exists():
        reasons.append("The Board has decided at this meeting: its quorum stands as recorded.")
    rows = {}
    for member, given in attendance.items():
        mode, why = (given, "") if isinstance(given, str) else (given[0], given[1] or "")
        if member.pk not in in_office:
            reasons.append(f"{member.name} is not in office on {_long(meeting.date)}.")
        elif mode not in MeetingAttendance.Mode.values:
            reasons.append(f"Say how {member.name} attended.")
        elif mode == MeetingAttendance.Mode.REMOTE and not why.strip():
            reasons.append(f"Give the reason {member.name} took part remotely (940 CMR 29.10).")
        rows[member.pk] = (mode, why.strip()[:300] if mode == "remote" else "")
    for pk, member in in_office.items():
        if pk not in rows:
            reasons.append(f"Say how {member.name} attended (or that they were absent).")
    _refuse_if(reasons, "The attendance cannot be recorded.")
    recorded = []
    for pk, (mode, why) in rows.items():
        row = MeetingAttendance.objects.filter(meeting=meeting, member_id=pk).first()
        row = row or MeetingAttendance(meeting=meeting, member=in_office[pk])
        if row.pk is None or (row.mode, row.remote_reason) != (mode, why):
            row.mode, row.remote_reason = mode, why
            save_as(row, by)
        recorded.append(row)
    return recorded


@transaction.atomic
def dispute_vote(*, vote: Vote, statement: str, by) -> Vote:
    """A member says the vote recorded in their name is not how they voted: the dispute is kept
    on the decision for the Board to correct at its next meeting."""
    vote = Vote.objects.select_for_update().get(pk=vote.pk)
    reasons = []
    if by.pk != vote.member_id:
        reasons.append("Only the member whose vote it is can dispute it.")
    if vote.disputed_at is not None:
        reasons.append("This vote is already disputed.")
    if not statement.strip():
        reasons.append("Say how you voted, or what is wrong with the record.")
    _refuse_if(reasons, "The vote cannot be disputed.")
    vote.disputed_at = timezone.now()
    vote.dispute = statement.strip()[:2000]
    return save_as(vote, by)


def _member_in_office(user, day: date) -> BoardMember | None:
    """The user's term on the Board on `day`: the roll, never a role or the administrator's."""
    if not getattr(user, "pk", None):
        return None
    return BoardMember.objects.in_office(day).filter(user=user).first()


# --- Matters the Board decides without a public hearing ----------------------------------------


def _board_matter(application, meeting, kind, today, by, **fields) -> DocketItem:
    item = DocketItem(
        meeting=meeting,
        application=application,
        kind=kind,
        position=_next_position(meeting),
        **fields,
    )
    return save_as(item, by)


@transaction.atomic
def request_board_approval(
    *,
    application: Application,
    meeting: Meeting,
    subjects: Iterable[str],
    by,
    today: date | None = None,
) -> DocketItem:
    """Put what the regulation calls the Board's approval (a wild animal, composting, the
    vermin control plan, construction plans) before the Board at a meeting.

    An application heard at that meeting carries the request on its own item; otherwise it is
    an item of its own on the docket.
    """
    today = today or timezone.localdate()
    application = Application.objects.select_for_update().get(pk=application.pk)
    subjects = list(dict.fromkeys(subjects))
    reasons = _docketing_refusals(meeting, today, public=False)
    if not subjects:
        reasons.append("Choose what the Board is asked to approve.")
    unknown = [s for s in subjects if s not in BoardApproval.Subject.values]
    if unknown:
        reasons.append(f"Not something the Board approves: {', '.join(unknown)}.")
    if not application.is_editable:
        reasons.append(
            f"The application is {application.get_status_display().lower()}: what the Board "
            "approves is decided before the permit."
        )
    granted = set(application.board_approvals.values_list("subject", flat=True))
    already = [BoardApproval.Subject(s).label for s in subjects if s in granted]
    if already:
        reasons.append(f"Already approved by the Board: {'; '.join(already)}.")
    _refuse_if(reasons, "The approval cannot be put before the Board.")
    item = (
        application.docket_items.filter(
            meeting=meeting,
            status=DocketItem.Status.SCHEDULED,
            kind__in=[*DocketItem.PUBLIC_HEARING_KINDS, DocketItem.Kind.BOARD_APPROVAL],
        )
        .select_for_update()
        .first()
    )
    if item is None:
        return _board_matter(
            application,
            meeting,
            DocketItem.Kind.BOARD_APPROVAL,
            today,
            by,
            approvals_sought=subjects,
        )
    item.approvals_sought = list(dict.fromkeys([*item.approvals_sought, *subjects]))
    return save_as(item, by)


@transaction.atomic
def docket_register_entries(
    *, permits: Iterable, meeting: Meeting, by, today: date | None = None
) -> list[DocketItem]:
    """Put entries of the paper register (permits.actions.enter_register_permit) before the
    Board at `meeting`, one item each, for its vote accepting them (§20-20(8))."""
    from permits.models import Permit

    today = today or timezone.localdate()
    entries = list(
        Permit.objects.select_for_update()
        .filter(pk__in=[p.pk for p in permits])
        .select_related("application")
        .order_by("number")
    )
    reasons = _docketing_refusals(meeting, today, public=False)
    if not has_role(by, [Role.CLERK]):
        reasons.append("Only the clerk puts the register's entries before the Board.")
    if not entries:
        reasons.append("Choose the entries of the paper register the Board is asked to accept.")
    for permit in entries:
        if not permit.legacy or permit.status != Permit.Status.PROVISIONAL:
            reasons.append(f"Permit {permit.number} is not a provisional entry of the register.")
        elif permit.application.docket_items.filter(
            kind=DocketItem.Kind.REGISTER_ACCEPTANCE, status=DocketItem.Status.SCHEDULED
        ).exists():
            reasons.append(f"Permit {permit.number} is already on the docket for acceptance.")
    _refuse_if(reasons, "The entries cannot be put before the Board.")
    return [
        _board_matter(
            permit.application,
            meeting,
            DocketItem.Kind.REGISTER_ACCEPTANCE,
            today,
            by,
            staff_recommendation=_register_summary(permit),
        )
        for permit in entries
    ]


def _register_summary(permit) -> str:
    failures = permit.register_findings or []
    said = (
        "Rules not met when entered: " + "; ".join(f["message"] for f in failures)
        if failures
        else "The keeping met every rule when entered."
    )
    return (
        f"Paper permit {permit.register_number}, first permitted "
        f"{_long(permit.first_permitted_on)}"
        f"{' (grandfathered, §20-20(8))' if permit.grandfathered else ''}. {said}"
    )


@transaction.atomic
def open_revocation(
    *,
    permit,
    meeting: Meeting,
    grounds: str,
    by,
    findings: Iterable = (),
    orders: Iterable = (),
    today: date | None = None,
) -> RevocationProceeding:
    """The clerk brings a holder's violations before the Board (§20-20(5)): a proceeding on the
    docket of `meeting`, citing the inspection findings or unabated orders behind it."""
    from permits.models import Permit

    today = today or timezone.localdate()
    permit = Permit.objects.select_for_update().select_related("application").get(pk=permit.pk)
    findings, orders = list(findings), list(orders)
    reasons = _docketing_refusals(meeting, today, public=False)
    if permit.status_on(today) != Permit.Status.ACTIVE:
        reasons.append(
            f"Permit {permit.number} is {permit.Status(permit.status_on(today)).label.lower()}: "
            "only a permit in force is revoked."
        )
    if not grounds.strip():
        reasons.append("State the grounds: the provisions violated, and how.")
    if not findings and not orders:
        reasons.append(
            "Cite the violations behind the proceeding: an inspection finding or an order."
        )
    reasons += [
        f"The finding “{f.question}” is not a violation on this permit's lot."
        for f in findings
        if f.result != "violation" or f.inspection.lot_id != permit.lot_id
    ]
    reasons += [
        f"Order #{o.pk} is not an order on this permit's lot."
        for o in orders
        if o.lot_id != permit.lot_id
    ]
    open_already = RevocationProceeding.objects.filter(
        permit=permit, docket_item__status=DocketItem.Status.SCHEDULED
    ).first()
    if open_already is not None:
        reasons.append(
            "A revocation proceeding on this permit is already on the docket of "
            f"{_long(open_already.docket_item.meeting.date)}."
        )
    _refuse_if(reasons, "The revocation proceeding cannot be opened.")
    item = _board_matter(permit.application, meeting, DocketItem.Kind.REVOCATION, today, by)
    proceeding = save_as(
        RevocationProceeding(
            permit=permit, docket_item=item, grounds=grounds.strip(), opened_on=today
        ),
        by,
    )
    proceeding.findings.set(findings)
    proceeding.orders.set(orders)
    return proceeding


@transaction.atomic
def record_holder_notice(
    *, proceeding: RevocationProceeding, mailed_on: date, by, today: date | None = None
) -> RevocationProceeding:
    """The holder's written notice of the revocation hearing went out on `mailed_on`."""
    today = today or timezone.localdate()
    proceeding = (
        RevocationProceeding.objects.select_for_update(of=("self",))
        .select_related("docket_item__meeting")
        .get(pk=proceeding.pk)
    )
    item = proceeding.docket_item
    _require_scheduled(item, "The notice cannot be recorded")
    reasons = []
    if mailed_on > today:
        reasons.append("The mailing date cannot be in the future.")
    if mailed_on >= item.meeting.date:
        reasons.append("A notice mailed on or after the hearing gives no notice of it.")
    if mailed_on < proceeding.opened_on:
        reasons.append("The notice cannot predate the proceeding.")
    _refuse_if(reasons, "The notice to the holder cannot be recorded.")
    proceeding.holder_notified_on = mailed_on
    return save_as(proceeding, by)


@transaction.atomic
def open_variance_rescission(
    *, variance: Variance, meeting: Meeting, reason: str, by, today: date | None = None
) -> DocketItem:
    """Ask the Board to rescind a variance in effect (§20-21: it may limit what it granted)."""
    today = today or timezone.localdate()
    variance = Variance.objects.select_for_update().get(pk=variance.pk)
    reasons = _docketing_refusals(meeting, today, public=False)
    if not variance.in_effect_on(today):
        reasons.append("The variance is not in effect: there is nothing to rescind.")
    if not reason.strip():
        reasons.append("Say why the Board is asked to rescind it.")
    if variance.rescission_items.filter(status=DocketItem.Status.SCHEDULED).exists():
        reasons.append("Its rescission is already on the docket.")
    _refuse_if(reasons, "The rescission cannot be put before the Board.")
    return _board_matter(
        variance.application,
        meeting,
        DocketItem.Kind.VARIANCE_RESCISSION,
        today,
        by,
        variance=variance,
        staff_recommendation=reason.strip(),
    )


# --- Decisions and variances -------------------------------------------------------------------

# What the Board can decide on each kind of item (continuing is always open to it).
RESULTS = {
    DocketItem.Kind.NEW_APPLICATION: (Decision.Result.APPROVED, Decision.Result.DENIED),
    DocketItem.Kind.VARIANCE_REQUEST: (Decision.Result.APPROVED, Decision.Result.DENIED),
    DocketItem.Kind.BOARD_APPROVAL: (Decision.Result.APPROVED, Decision.Result.DENIED),
    DocketItem.Kind.REVOCATION: (Decision.Result.REVOKED, Decision.Result.DISMISSED),
    DocketItem.Kind.VARIANCE_RESCISSION: (Decision.Result.RESCINDED, Decision.Result.DISMISSED),
    DocketItem.Kind.REGISTER_ACCEPTANCE: (Decision.Result.APPROVED, Decision.Result.DENIED),
}


def _variance_refusals(
    item: DocketItem,
    result: str,
    rules_granted: list[str],
    decided_on: date,
    expires_on,
    finding: str,
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
    if not finding.strip():
        reasons.append(
            "Write the Board's finding that enforcing these rules in this case would do "
            "manifest injustice (§20-21): a variance is granted only with it."
        )
    if expires_on is not None and expires_on <= decided_on:
        reasons.append("The variance would expire before it takes effect.")
    return reasons


def keeps_its_notice(item: DocketItem) -> bool:
    """A hearing opened on time, on notice that still covers the request, is continued to a
    date announced at the hearing without a new notice (§20-20(9))."""
    return not timing_for(item).refusals() and not stale_notice_refusals(item)


def _approval_refusals(item: DocketItem, result: str, approvals: list[str], enlargements) -> list:
    reasons = []
    if (approvals or enlargements) and result != Decision.Result.APPROVED:
        reasons.append("The Board's approvals and enlarged setbacks go with an approval.")
    not_asked = [a for a in approvals if a not in (item.approvals_sought or [])]
    if not_asked:
        reasons.append(
            "The Board was not asked to approve: "
            + "; ".join(
                BoardApproval.Subject(a).label if a in BoardApproval.Subject.values else a
                for a in not_asked
            )
            + "."
        )
    approving = item.kind == DocketItem.Kind.BOARD_APPROVAL and result == Decision.Result.APPROVED
    if approving and not approvals:
        reasons.append("Tick what the Board approves.")
    for rule, minimum in (enlargements or {}).items():
        if rule not in SetbackEnlargement.Rule.values:
            reasons.append(f"{relief(rule).citation} is not a setback the Board can enlarge.")
        elif minimum is None or minimum <= 0:
            reasons.append(f"Give the enlarged distance for {relief(rule).citation} in feet.")
    if enlargements and item.kind not in DocketItem.PUBLIC_HEARING_KINDS:
        reasons.append("Setbacks are enlarged in deciding the application at its hearing.")
    return reasons


def _removal_refusals(item, result, decided_on, removal_by, animals_kept) -> list[str]:
    """§20-20(6): a denial where animals are kept, and a revocation, order them removed."""
    ordering = result == Decision.Result.REVOKED or (
        result == Decision.Result.DENIED
        and (animals_kept or item.application.kind == Application.Kind.RENEWAL)
    )
    if not ordering:
        return []
    if removal_by is None:
        return ["Set the date by which the animals must be removed from the property (§20-20(6))."]
    if removal_by <= decided_on:
        return ["The animals are ordered removed by a date after the decision."]
    return []


def _continuation_refusals(item: DocketItem, continue_to, today: date) -> list[str]:
    if continue_to is None:
        return ["Choose the meeting to which the item is continued."]
    if continue_to.date <= item.meeting.date:
        return ["An item is continued to a later meeting."]
    # A hearing continued to a date announced at it keeps its notice (§20-20(9)): then it
    # need not be in that meeting's legal notice.
    needs_notice = item.is_public_hearing and not keeps_its_notice(item)
    return _docketing_refusals(continue_to, today, public=needs_notice)


def _hearing_refusals(item: DocketItem, result: str) -> list[str]:
    """What notice the item needed before the Board could decide it, other than continuing."""
    if result == Decision.Result.CONTINUED:
        return []
    problems = []
    if item.is_public_hearing:
        # What was noticed is what is decided: a request enlarged since needs a new notice.
        problems = timing_for(item).refusals() or stale_notice_refusals(item)
    elif item.kind == DocketItem.Kind.REVOCATION:
        notified = item.revocation.holder_notified_on
        if notified is None or notified >= item.meeting.date:
            problems = [
                "The holder was not given written notice of the hearing: a permit is revoked "
                "only after its holder had the chance to be heard."
            ]
        elif (item.meeting.date - notified).days < settings.REVOCATION_NOTICE_DAYS:
            problems = [
                f"The holder's notice was mailed on {_long(notified)}, "
                f"{(item.meeting.date - notified).days} days before the hearing; the holder is "
                f"given at least {settings.REVOCATION_NOTICE_DAYS} days "
                "(REVOCATION_NOTICE_DAYS) to prepare to be heard."
            ]
    if problems:
        problems.append(
            "The Board can only continue the item to a later meeting and notice it again."
        )
    return problems


def _recorder_refusals(meeting: Meeting, by) -> list[str]:
    """The chair records the Board's roll call; when the chair is absent, a member present
    presides and records it. Nobody else does, the administrator included: the roll, not a
    role, says who sits on the Board."""
    member = _member_in_office(by, meeting.date)
    if member is None:
        return [
            "Only a member of the Board in office on the day of the meeting records its "
            "decisions (the administrator does not sit on the Board)."
        ]
    attended = MeetingAttendance.objects.filter(meeting=meeting)
    mine = attended.filter(member=member).first()
    if mine is not None and not mine.present:
        return [f"{member.name} was absent from the meeting and cannot record its votes."]
    chair = BoardMember.objects.in_office(meeting.date).filter(chair=True).first()
    if chair is not None and chair.pk != member.pk:
        chair_there = attended.filter(member=chair, mode__in=MeetingAttendance.PRESENT).exists()
        if chair_there:
            return [f"The chair ({chair.name}) records the roll call of the Board's votes."]
    return []


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
    variance_finding: str = "",
    approvals: Iterable[str] = (),
    setback_enlargements: Mapping | None = None,
    removal_by: date | None = None,
    animals_kept: bool = False,
    today: date | None = None,
) -> Decision:
    """Record the Board's decision on a docket item, each member's vote, and what it grants.

    A decision needs a quorum of the members in office and a majority of those voting
    (hearings.quorum). Approving or denying an application needs a properly noticed hearing
    (§20-20(9)): both notices given the ruleset's notice period before it; revoking needs the
    holder's written notice of it. Continuing needs neither: it is what the Board does when
    notice fell short. A continued item goes on the later meeting's docket.
    A continued hearing keeps its notice when it was noticed in time and the request has not
    grown since; nor does the Board decide a request enlarged after the abutters were
    notified: what was noticed is what is decided.
    """
    today = today or timezone.localdate()
    item = (
        # Lock the item only: PostgreSQL cannot lock the outer-joined legal notice.
        DocketItem.objects.select_for_update(of=("self",))
        .select_related("meeting", "meeting__legal_notice", "application")
        .get(pk=item.pk)
    )
    variance_rules = list(dict.fromkeys(variance_rules))
    approvals = list(dict.fromkeys(approvals))
    enlargements = dict(setback_enlargements or {})
    problems = []
    problems += _recorder_refusals(item.meeting, by)
    if item.status != DocketItem.Status.SCHEDULED:
        problems.append(f"The item is already {item.get_status_display().lower()}.")
    if item.meeting.cancelled:
        problems.append("The meeting was cancelled: no hearing was held.")
    if result not in (*RESULTS[item.kind], Decision.Result.CONTINUED):
        problems.append(f"“{result}” is not a decision the Board can make on this item.")
    if decided_on < item.meeting.date:
        problems.append(f"The Board decides at or after the hearing of {_long(item.meeting.date)}.")
    if decided_on > today:
        problems.append("A decision cannot be dated in the future.")
    the_tally, quorum_problems = tally(votes, meeting=item.meeting)
    problems += quorum_problems
    if result == Decision.Result.CONTINUED:
        problems += _continuation_refusals(item, continue_to, today)
    problems += _hearing_refusals(item, result)
    problems += _relief_refusals(variance_rules)
    problems += _variance_refusals(
        item, result, variance_rules, decided_on, variance_expires_on, variance_finding
    )
    problems += _approval_refusals(item, result, approvals, enlargements)
    problems += _removal_refusals(item, result, decided_on, removal_by, animals_kept)
    if result == Decision.Result.RESCINDED and not reasons.strip():
        problems.append("State the Board's reasons for rescinding the variance.")
    _refuse_if(problems, "The decision cannot be recorded.")

    decision = save_as(
        Decision(
            docket_item=item,
            result=result,
            decided_on=decided_on,
            conditions=conditions.strip(),
            reasons=reasons.strip(),
            removal_by=removal_by
            if result in (Decision.Result.DENIED, Decision.Result.REVOKED)
            else None,
            recorded_by=by,
            full_membership=the_tally.full_membership,
            quorum=the_tally.quorum,
            present=the_tally.present,
            roll_call=the_tally.roll_call,
        ),
        by,
    )
    members = {member.user_id: member.user for member in the_tally.in_office}
    for user_id, choice in the_tally.votes.items():
        save_as(Vote(decision=decision, member=members[user_id], vote=choice), by)
    notify_votes_recorded(decision)
    _grant(
        item,
        decision,
        by,
        variance_rules=variance_rules,
        approvals=approvals,
        enlargements=enlargements,
        variance_conditions=variance_conditions,
        variance_expires_on=variance_expires_on,
        variance_finding=variance_finding,
    )
    if result == Decision.Result.CONTINUED:
        _continue(item, continue_to, by)
    else:
        item.status = DocketItem.Status.DECIDED
        save_as(item, by)
        _carry_out(item, decision, by)
    return decision


def _grant(
    item,
    decision,
    by,
    *,
    variance_rules,
    approvals,
    enlargements,
    variance_conditions,
    variance_expires_on,
    variance_finding,
) -> None:
    """The variance, approvals and enlarged setbacks an approval grants, each with its vote."""
    if variance_rules:
        save_as(
            Variance(
                application=item.application,
                decision=decision,
                rules=variance_rules,
                granted=True,
                granted_on=decision.decided_on,
                conditions=variance_conditions.strip(),
                expires_on=variance_expires_on,
                finding=variance_finding.strip(),
            ),
            by,
        )
    for subject in approvals:
        save_as(
            BoardApproval(
                application=item.application,
                decision=decision,
                subject=subject,
                granted_on=decision.decided_on,
                vote_count=decision.vote_summary,
            ),
            by,
        )
    for rule, minimum in enlargements.items():
        enlargement = SetbackEnlargement.objects.filter(
            application=item.application, rule=rule
        ).first() or SetbackEnlargement(application=item.application, rule=rule)
        enlargement.minimum_ft = minimum
        enlargement.decision = decision
        enlargement.reason = f"Enlarged by the Board on {_long(decision.decided_on)}"
        save_as(enlargement, by)


def _continue(item: DocketItem, continue_to: Meeting, by) -> None:
    carried = item.is_public_hearing and keeps_its_notice(item)
    item.status = DocketItem.Status.CONTINUED
    save_as(item, by)
    continued = DocketItem(
        notice_carried=carried,
        meeting=continue_to,
        application=item.application,
        kind=item.kind,
        position=_next_position(continue_to),
        relief_sought=item.relief_sought,
        approvals_sought=item.approvals_sought,
        variance=item.variance,
        staff_recommendation=item.staff_recommendation,
        continued_from=item,
    )
    save_as(continued, by)
    if item.kind == DocketItem.Kind.REVOCATION:
        # The hearing continues to a date announced at it: the holder's notice holds (point 8).
        proceeding = item.revocation
        proceeding.docket_item = continued
        save_as(proceeding, by)
    if item.is_public_hearing:
        notify_hearing_scheduled(continued)
        application = item.application
        application.status = Application.Status.AWAITING_HEARING
        save_as(application, by)


def _carry_out(item: DocketItem, decision: Decision, by) -> None:
    """What the decision changes beyond the docket: the application, the permit, the variance."""
    from permits.actions import accept_register_permit, revoke_permit, void_permit

    if item.is_public_hearing:
        application = item.application
        application.status = (
            Application.Status.APPROVED
            if decision.result == Decision.Result.APPROVED
            else Application.Status.DENIED
        )
        save_as(application, by)
    elif item.kind == DocketItem.Kind.REGISTER_ACCEPTANCE:
        permit = item.application.permit
        if decision.result == Decision.Result.APPROVED:
            accept_register_permit(permit=permit, decision=decision, by=by)
        else:
            void_permit(
                permit=permit,
                reason=f"The Board did not accept the register entry on "
                f"{_long(decision.decided_on)}. {decision.reasons}".strip(),
                by=by,
            )
    elif decision.result == Decision.Result.REVOKED:
        revoke_permit(permit=item.revocation.permit, decision=decision, by=by)
    elif decision.result == Decision.Result.RESCINDED:
        variance = Variance.objects.select_for_update().get(pk=item.variance_id)
        variance.rescinded_on = decision.decided_on
        variance.rescinded_reason = decision.reasons
        save_as(variance, by)


# --- The meeting's notice under the Open Meeting Law (c.30A §20) -------------------------------


@transaction.atomic
def record_meeting_posting(
    *,
    meeting: Meeting,
    posted_at: datetime,
    by,
    remote_access: str = "",
    reason: str = "",
    now: datetime | None = None,
) -> MeetingPosting:
    """The Town Clerk posted the meeting's notice (the first time, or amended) at `posted_at`:
    the notice drafted from the docket as it is now is kept as posted, with what it lists."""
    now = now or timezone.now()
    meeting = Meeting.objects.select_for_update().get(pk=meeting.pk)
    if timezone.is_naive(posted_at):
        posted_at = timezone.make_aware(posted_at)
    earlier = list(meeting.postings.order_by("posted_at", "id"))
    reasons = []
    if meeting.cancelled:
        reasons.append("The meeting is cancelled.")
    if posted_at > now:
        reasons.append("The posting time cannot be in the future.")
    if posted_at >= timezone.make_aware(meeting.starts_at):
        reasons.append("A notice posted at or after the meeting's start gives no notice of it.")
    if earlier and not reason.strip():
        reasons.append(
            "The notice was posted already: say why it is amended (what was added or changed)."
        )
    if earlier and posted_at < earlier[-1].posted_at:
        reasons.append(
            "An amendment is posted after the notice it amends "
            f"({timezone.localtime(earlier[-1].posted_at):%B %-d, %Y %H:%M})."
        )
    items = notice_items(meeting)
    if not items and not earlier:
        reasons.append("The docket is empty: schedule the meeting's items before posting.")
    _refuse_if(reasons, "The posting cannot be recorded.")
    posting = MeetingPosting(
        meeting=meeting,
        posted_at=posted_at,
        text=notice_text(meeting, items, remote_access),
        remote_access=remote_access.strip(),
        item_ids=[item.pk for item in items],
        reason=reason.strip() if earlier else "",
        recorded_by=by,
    )
    return save_as(posting, by)


# --- Minutes (c.30A §22) ----------------------------------------------------------------------


@transaction.atomic
def draft_minutes(*, meeting: Meeting, by, today: date | None = None) -> Minutes:
    """Open the minutes of a meeting held: drafted from its record, the summaries to write."""
    today = today or timezone.localdate()
    meeting = Meeting.objects.select_for_update().get(pk=meeting.pk)
    reasons = []
    if meeting.date > today:
        reasons.append("The meeting has not been held yet: its minutes are drafted after it.")
    if meeting.cancelled:
        reasons.append("The meeting was cancelled: it has no minutes.")
    if Minutes.objects.filter(meeting=meeting).exists():
        reasons.append("The minutes of this meeting are drafted already.")
    _refuse_if(reasons, "The minutes cannot be drafted.")
    return save_as(Minutes(meeting=meeting, drafted_on=today), by)


def _summaries_refusals(minutes: Minutes, item_summaries: Mapping) -> list[str]:
    on_docket = {str(pk) for pk in minutes.meeting.items.values_list("pk", flat=True)}
    return [
        f"Item {key} is not on the docket of this meeting."
        for key in item_summaries
        if str(key) not in on_docket
    ]


@transaction.atomic
def edit_minutes(*, minutes: Minutes, discussion: str, item_summaries: Mapping, by) -> Minutes:
    """The clerk's summary of the discussion, for the meeting and each item (who was heard)."""
    minutes = Minutes.objects.select_for_update().get(pk=minutes.pk)
    reasons = _summaries_refusals(minutes, item_summaries)
    if minutes.approved:
        reasons.append("The minutes are approved: they are no longer edited.")
    _refuse_if(reasons, "The minutes cannot be saved.")
    minutes.discussion = discussion.strip()
    minutes.item_summaries = {
        str(key): text.strip() for key, text in item_summaries.items() if text.strip()
    }
    return save_as(minutes, by)


@transaction.atomic
def approve_minutes(
    *, minutes: Minutes, at_meeting: Meeting, votes: Mapping, by, today: date | None = None
) -> Minutes:
    """The Board approves the minutes by a vote at a later meeting; the text is kept as
    approved, and the minutes become public."""
    today = today or timezone.localdate()
    minutes = Minutes.objects.select_for_update().select_related("meeting").get(pk=minutes.pk)
    reasons = []
    if minutes.approved:
        reasons.append(f"The minutes were approved on {_long(minutes.approved_on)}.")
    if at_meeting.date <= minutes.meeting.date:
        reasons.append("Minutes are approved at a later meeting than the one they record.")
    if at_meeting.date > today:
        reasons.append("The approving meeting has not been held yet.")
    if at_meeting.cancelled:
        reasons.append("The approving meeting was cancelled.")
    result, vote_reasons = tally(votes, meeting=at_meeting)
    reasons += vote_reasons
    _refuse_if(reasons, "The minutes cannot be approved.")
    names = {member.user_id: member.name for member in result.in_office}
    minutes.approved_at = at_meeting
    minutes.approved_on = at_meeting.date
    minutes.approval_votes = {
        names[pk]: Vote.Choice(choice).label.lower() for pk, choice in result.votes.items()
    }
    minutes.approved_text = minutes_text(record_of(minutes.meeting, minutes))
    return save_as(minutes, by)


@transaction.atomic
def release_draft_minutes(
    *, minutes: Minutes, requested_by: str, requested_on: date, by, today: date | None = None
) -> MinutesRelease:
    """Draft minutes released on request before approval: the request is recorded."""
    today = today or timezone.localdate()
    reasons = []
    if not requested_by.strip():
        reasons.append("Say who asked for the draft minutes.")
    if requested_on > today:
        reasons.append("The request cannot be dated in the future.")
    if requested_on < minutes.meeting.date:
        reasons.append("The request cannot predate the meeting.")
    if minutes.approved:
        reasons.append("The minutes are approved and public: no draft is released.")
    _refuse_if(reasons, "The release cannot be recorded.")
    release = MinutesRelease(
        minutes=minutes,
        requested_by=requested_by.strip(),
        requested_on=requested_on,
        released_on=today,
        recorded_by=by,
    )
    return save_as(release, by)


# --- The written decision sent, and received (the appeal's clock) -----------------------------


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
    _refuse_if(reasons, "The mailing of the decision cannot be recorded.")
    decision.mailed_on, decision.mail_article_number = mailed_on, number
    return save_as(decision, by)


@transaction.atomic
def record_decision_receipt(
    *, decision: Decision, received_on: date, by, today: date | None = None
) -> Decision:
    """The return receipt says the decision was received on `received_on`: the appeal's time
    runs from that day."""
    today = today or timezone.localdate()
    decision = Decision.objects.select_for_update().get(pk=decision.pk)
    reasons = []
    if decision.mailed_on is None:
        reasons.append("Record the mailing of the decision first.")
    elif received_on < decision.mailed_on:
        reasons.append("The decision cannot be received before it was mailed.")
    if received_on > today:
        reasons.append("The receipt date cannot be in the future.")
    _refuse_if(reasons, "The receipt cannot be recorded.")
    decision.received_on = received_on
    return save_as(decision, by)


@transaction.atomic
def record_newspaper_charge(*, item: DocketItem, amount, by) -> NoticeCharge:
    """The newspaper's charge for this hearing's legal notice, as its bill says: it goes on
    the applicant's notice statement (§20-20(9))."""
    reasons = []
    try:
        amount = Decimal(str(amount)).quantize(Decimal("0.01"))
    except (InvalidOperation, ValueError):
        amount = None
    if amount is None or not amount.is_finite() or amount < 0 or amount >= Decimal("1000000"):
        reasons.append("Enter the newspaper's charge in dollars and cents, e.g. 84.50.")
    if not item.is_public_hearing:
        reasons.append("Only a public hearing has a legal notice in the newspaper.")
    _refuse_if(reasons, "The newspaper's charge cannot be recorded.")
    charge = NoticeCharge.objects.filter(docket_item=item).first() or NoticeCharge(docket_item=item)
    charge.newspaper_charge = amount
    return save_as(charge, by)
