"""§20-20(9) notice timing: were both notices given the notice period before the hearing?

The reading is the rules module's (rule 20-20.9): a notice given on day D counts when
D <= hearing date - notice_days (the ruleset's figure). For the abutters the notice is given
when the LAST abutter on the certified list was mailed; an abutter struck from the list
(voided) needs no notice. The newspaper notice is given on its publication date.

Everything here reads relations through `.all()`, so a caller that prefetched them (the
docket page) pays no query per item.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date

from django.conf import settings
from django.template.defaultfilters import date as date_filter

from facilities.models import Abutter
from hearings.models import DocketItem, Meeting, notice_days
from hearings.wording import animals_phrase, reliefs_phrase
from permits.facts_from_records import live_abutter_ids

CITATION = "§20-20(9)"
# One order for the letters, the labels, the notices page and a pasted list of article numbers.
LETTER_ORDER = ("owner_names", "id")


def _day(value: date) -> str:
    return date_filter(value, "F j, Y")


@dataclass(frozen=True)
class NoticeTiming:
    """The state of one docket item's two notices against its hearing date."""

    hearing_date: date
    deadline: date
    abutter_total: int
    abutters_mailed: int
    last_mailed: date | None
    newspaper: str
    legal_notice_sent: date | None
    published_on: date | None
    # The date of the hearing whose notice a continued hearing kept (None: its own notice).
    carried_from: date | None = None
    # The last business day to give them (the deadline, moved earlier when the Town's
    # offices are closed on it: hearings.clocks.abutter_notice_deadline).
    due_by: date | None = None

    @property
    def abutters_complete(self) -> bool:
        return self.abutter_total > 0 and self.abutters_mailed >= self.abutter_total

    @property
    def abutters_given_on(self) -> date | None:
        """The day the abutters' notice counts as given: the last mailing, once all are mailed."""
        return self.last_mailed if self.abutters_complete else None

    @property
    def abutters_in_time(self) -> bool:
        given = self.abutters_given_on
        return given is not None and given <= self.deadline

    @property
    def newspaper_in_time(self) -> bool:
        return self.published_on is not None and self.published_on <= self.deadline

    @property
    def both_in_time(self) -> bool:
        return self.abutters_in_time and self.newspaper_in_time

    def status(self, today: date) -> str:
        """A badge status: pass (both given in time), pending (still time), fail."""
        if self.both_in_time:
            return "pass"
        given_late = any(
            given is not None and given > self.deadline
            for given in (self.abutters_given_on, self.published_on)
        )
        if given_late or today > self.deadline:
            return "fail"
        return "pending"

    def status_label(self, today: date) -> str:
        return {
            "pass": "Notices given in time",
            "pending": f"Notices due by {_day(self.due_by or self.deadline)}",
            "fail": f"Notice short of {notice_days(self.hearing_date)} days",
        }[self.status(today)]

    def refusals(self) -> list[str]:
        """Every reason the hearing was not properly noticed; empty when it was."""
        reasons = []
        days = (self.hearing_date - self.deadline).days
        if self.abutter_total == 0:
            reasons.append(
                "No certified abutter list with abutters is on file for this application "
                "(§20-14, §20-20(9))."
            )
        elif not self.abutters_complete:
            missing = self.abutter_total - self.abutters_mailed
            reasons.append(
                f"{missing} of {self.abutter_total} abutters have no registered-mail notice "
                f"recorded ({CITATION})."
            )
        elif not self.abutters_in_time:
            gap = (self.hearing_date - self.last_mailed).days
            reasons.append(
                f"The last abutter notice was mailed on {_day(self.last_mailed)}, {gap} days "
                f"before the hearing; at least {days} days are required ({CITATION})."
            )
        if self.published_on is None:
            reasons.append(f"The legal notice has not been published in a newspaper ({CITATION}).")
        elif not self.newspaper_in_time:
            gap = (self.hearing_date - self.published_on).days
            reasons.append(
                f"The legal notice was published on {_day(self.published_on)}, {gap} days "
                f"before the hearing; at least {days} days are required ({CITATION})."
            )
        return reasons


def noticed_item(item: DocketItem) -> DocketItem:
    """The docket item whose notices count for `item`: the hearing it was continued from,
    when the continuation kept that hearing's notice (§20-20(9))."""
    seen = {item.pk}
    while item.notice_carried and item.continued_from_id and item.continued_from_id not in seen:
        item = item.continued_from
        seen.add(item.pk)
    return item


def timing_for(item: DocketItem, *, application=None) -> NoticeTiming:
    """The notice of `item`'s hearing; a continued hearing that kept its notice is judged by
    the notices of the hearing it continues, against that hearing's date."""
    application = application or item.application
    noticed = noticed_item(item)
    meeting = noticed.meeting
    abutter_ids = live_abutter_ids(application)
    mailed = {
        n.abutter_id: n.mailed_on
        for n in noticed.abutter_notices.all()
        if n.mailed_on and n.abutter_id in abutter_ids
    }
    legal_notice = getattr(meeting, "legal_notice", None)
    return NoticeTiming(
        hearing_date=meeting.date,
        deadline=meeting.notice_counts_until,
        due_by=meeting.last_notice_day,
        abutter_total=len(abutter_ids),
        abutters_mailed=len(mailed),
        last_mailed=max(mailed.values()) if mailed else None,
        newspaper=legal_notice.newspaper if legal_notice else "",
        legal_notice_sent=legal_notice.sent_on if legal_notice else None,
        published_on=legal_notice.published_on if legal_notice else None,
        carried_from=meeting.date if noticed is not item else None,
    )


def changes_since_notice(item: DocketItem, *, application=None):
    """How the request differs from what the abutters' letters described (permits.keeping);
    None before any letter was mailed."""
    from permits.keeping import Keeping, compare, keeping_from

    noticed = Keeping.from_snapshot(noticed_item(item).noticed_keeping)
    if noticed is None:
        return None
    application = application or item.application
    current = keeping_from(application.animals.all(), application.structures.all())
    return compare(noticed, current)


def stale_notice_refusals(item: DocketItem, *, application=None) -> list[str]:
    """Why the notice given no longer covers the request; empty when it does (§20-20(9))."""
    changes = changes_since_notice(item, application=application)
    if changes is None or not changes.enlargements:
        return []
    return [
        "Since the abutters were notified, the request was enlarged ("
        + "; ".join(changes.enlargements)
        + f"). What was noticed is what the Board decides: a new notice is needed ({CITATION})."
    ]


def scheduling_warning(meeting: Meeting, today: date) -> str:
    """The warning shown when an item is put on a meeting too late to notice it in time."""
    if not meeting.notice_deadline_passed(today):
        return ""
    return (
        f"The last day to give notice for the hearing of {_day(meeting.date)} was "
        f"{_day(meeting.last_notice_day)} ({notice_days(meeting.date)} days before, "
        f"{CITATION}). The Board cannot decide this item at that meeting: it can only "
        "continue it to a later one."
    )


# --- Registered-mail article numbers -------------------------------------------------------

# A registered article carries a UPU S10 number (RE 123 456 789 US); a certified article
# with return receipt carries 20 to 22 digits. Clerks type them with spaces; we keep none.
_S10 = re.compile(r"^[A-Z]{2}\d{9}[A-Z]{2}$")
_DIGITS = re.compile(r"^\d{20,22}$")


def normalize_article_number(text: str) -> str:
    """The article number without spaces or dashes, upper case; ValueError when malformed."""
    number = re.sub(r"[\s-]", "", text or "").upper()
    if not (_S10.match(number) or _DIGITS.match(number)):
        raise ValueError(
            f"“{text.strip()}” is not a registered-mail article number: write it as on the "
            "receipt, e.g. RE 123 456 789 US (or the 20-22 digits of a certified article)."
        )
    return number


def split_pasted_numbers(text: str) -> list[str]:
    """One article number per non-blank line of a pasted list."""
    return [line.strip() for line in (text or "").splitlines() if line.strip()]


# --- The legal notice ------------------------------------------------------------------------


def legal_notice_text(meeting: Meeting, items) -> str:
    """The legal notice drafted from the docket; the clerk may edit it before it is sent."""
    board = settings.BOARD
    when = (
        f"{date_filter(meeting.date, 'l, F j, Y')} at "
        f"{date_filter(meeting.time, 'g:i A').replace('AM', 'a.m.').replace('PM', 'p.m.')}"
    )
    lines = [
        "TOWN OF STONEHAM",
        "BOARD OF HEALTH",
        "NOTICE OF PUBLIC HEARING",
        "",
        f"In accordance with {CITATION} of the Board of Health's Rules and Regulations for the "
        f"Keeping of Animals, the Stoneham Board of Health will hold a public hearing on "
        f"{when} at {meeting.place}, on the following:",
        "",
    ]
    for number, item in enumerate(items, start=1):
        application = item.application
        lot = application.lot
        what = (
            "a permit to keep"
            if item.kind == DocketItem.Kind.NEW_APPLICATION
            else "renewal of a permit to keep"
        )
        relief = reliefs_phrase(item.relief_sought)
        lines.append(
            f"{number}. Application of {application.applicant.name} for {what} "
            f"{animals_phrase(application.animals.all())} at {lot.street_address} "
            f"(parcel {lot.parcel_id})" + (f", with {relief}." if relief else ".")
        )
    lines += [
        "",
        f"The applications and plans may be inspected at the Board of Health office, "
        f"{board['address']} ({board['hours']}). All interested persons may attend and be "
        "heard.",
        "",
        board["name"],
    ]
    return "\n".join(lines)


def abutters_in_letter_order(item: DocketItem) -> list[Abutter]:
    """The abutters noticed for `item`, in the order of the letters, labels and notices page."""
    return list(
        Abutter.objects.filter(
            abutter_list__application_id=item.application_id, voided=False
        ).order_by(*LETTER_ORDER)
    )


# --- The compliance panel's view of an undecided hearing --------------------------------


def _long(day: date) -> str:
    return date_filter(day, "l, F j, Y")


def _notice_line(what: str, given, deadline, in_time_text: str, due_by=None) -> dict:
    if given is None:
        due = _long(due_by or deadline)
        return {"what": what, "text": f"not yet given; due by {due}", "late": False}
    late = given > deadline
    text = f"{in_time_text} {_long(given)}: " + ("too late" if late else "in time")
    return {"what": what, "text": text, "late": late}


def pending_schedule(application) -> dict | None:
    """The hearing an undecided application is docketed for, with each notice's timing.

    The rules judge the hearing only once it is held; until the decision the panel shows
    what is already known (the date set, the notices given) as pending, with their dates.
    """
    if application is None or application.pk is None:
        return None
    # The application's items, newest meeting first (their ordering): prefetched with the
    # notices when the page loaded the application's facts, one query otherwise.
    item = next(
        (i for i in application.docket_items.all() if i.status == DocketItem.Status.SCHEDULED),
        None,
    )
    if item is None:
        return None
    timing = timing_for(item, application=application)
    mailed = timing.last_mailed if timing.abutters_mailed == timing.abutter_total else None
    letters = _notice_line(
        "Letters to abutters",
        mailed,
        timing.deadline,
        f"{timing.abutters_mailed} of {timing.abutter_total} mailed, the last on",
        timing.due_by,
    )
    if timing.abutters_mailed and mailed is None:
        letters["text"] = (
            f"{timing.abutters_mailed} of {timing.abutter_total} mailed; the rest due by "
            f"{_long(timing.due_by or timing.deadline)}"
        )
    return {
        "hearing_date": _long(timing.hearing_date),
        "meeting_time": item.meeting.time,
        "deadline": _long(timing.due_by or timing.deadline),
        "notices": [
            letters,
            _notice_line(
                "Legal notice", timing.published_on, timing.deadline, "published on", timing.due_by
            ),
        ],
    }
