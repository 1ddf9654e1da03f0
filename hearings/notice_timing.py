"""§20-20(9) notice timing: who was mailed when, and were both notices given the notice period
before the hearing? Read over the rows (the letters' mailings, the legal notice's publication),
never from the rules' facts of the keeping: the facts adapter (permits.facts_from_records) reads
the hearing's notices here, so nothing here reads the permits' keeping back.

The reading is the rules module's (rule 20-20.9): a notice given on day D counts when
D <= hearing date - notice_days (the ruleset's figure). For the abutters the notice is given
when the LAST abutter on the certified list was mailed; an abutter struck from the list
(voided) needs no notice. The newspaper notice is given on its publication date, when its
text names the request (hearings.notice_text).

Everything here reads relations through `.all()`, so a caller that prefetched them (the
docket page) pays no query per item.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date

from facilities.models import Abutter
from facilities.noticed_abutters import live_abutter_ids, struck_abutters
from hearings.models import DocketItem, Meeting, notice_days
from hearings.notice_text import CITATION, legal_notice_gaps
from permits.rules.notice_timing import given_in_time, given_late, last_day_to_give
from stoneham_boh.lib.dates import long_date, weekday_date
from stoneham_boh.lib.law import LEGAL_NOTICE_CITATION

# One order for the letters, the labels, the notices page and a pasted list of article numbers.
LETTER_ORDER = ("owner_names", "id")


@dataclass(frozen=True)
class NoticeTiming:
    """The state of one docket item's two notices against its hearing date."""

    hearing_date: date
    #: The ruleset's days of notice for this hearing.
    notice_days: int
    abutter_total: int
    abutters_mailed: int
    last_mailed: date | None
    newspaper: str
    legal_notice_sent: date | None
    published_on: date | None
    # The date of the hearing whose notice a continued hearing kept (None: its own notice).
    carried_from: date | None = None
    # Names struck from the list after its letters were mailed: they still need the notice.
    late_strikes: tuple[str, ...] = ()
    # What of the request the legal notice's text does not name (§20-20(9)): a notice that
    # drops or understates an item gives no notice of it.
    legal_notice_gaps: tuple[str, ...] = ()
    # The last business day to give them (the deadline, moved earlier when the Town's
    # offices are closed on it: hearings.clocks.abutter_notice_deadline).
    due_by: date | None = None
    # M.G.L. c.4 §13: the legal notice also appears on the newspaper's website and on the
    # statewide public-notice site; the print date counts only with both recorded.
    website_posted_on: date | None = None
    statewide_posted_on: date | None = None

    @property
    def online_missing(self) -> tuple[str, ...]:
        """Which online appearance of the legal notice is not recorded."""
        missing = []
        if self.website_posted_on is None:
            missing.append("the newspaper's website")
        if self.statewide_posted_on is None:
            missing.append("the statewide public-notice site")
        return tuple(missing)

    @property
    def all_three_recorded(self) -> bool:
        return self.published_on is not None and not self.online_missing

    @property
    def deadline(self) -> date:
        """The last day a notice given still counts (§20-20(9), the rules module's reading)."""
        return last_day_to_give(self.hearing_date, self.notice_days)

    @property
    def abutters_complete(self) -> bool:
        return self.abutter_total > 0 and self.abutters_mailed >= self.abutter_total

    @property
    def abutters_given_on(self) -> date | None:
        """The day the abutters' notice counts as given: the last mailing, once all are mailed."""
        return self.last_mailed if self.abutters_complete else None

    @property
    def abutters_in_time(self) -> bool:
        return given_in_time(self.abutters_given_on, self.hearing_date, self.notice_days)

    @property
    def newspaper_given_on(self) -> date | None:
        """The day the newspaper's notice of this item counts as given: its print date, when
        the notice names everything asked for and all three of its appearances (print,
        the newspaper's website, the statewide site: c.4 §13) are recorded."""
        if self.legal_notice_gaps or not self.all_three_recorded:
            return None
        return self.published_on

    @property
    def newspaper_in_time(self) -> bool:
        return given_in_time(self.newspaper_given_on, self.hearing_date, self.notice_days)

    @property
    def both_in_time(self) -> bool:
        return self.abutters_in_time and self.newspaper_in_time

    def status(self, today: date) -> str:
        """A badge status: pass (both given in time), pending (still time), fail."""
        if self.both_in_time:
            return "pass"
        late = any(
            given_late(given, self.hearing_date, self.notice_days)
            for given in (self.abutters_given_on, self.newspaper_given_on)
        )
        if self.awaits_online_record:
            return "pending"
        if late or today > self.deadline:
            return "fail"
        return "pending"

    @property
    def awaits_online_record(self) -> bool:
        """Both notices went out in time but the legal notice's online postings are not yet
        recorded: the hearing waits on the record, not on a new notice."""
        return (
            self.abutters_in_time
            and not self.legal_notice_gaps
            and self.published_on is not None
            and self.published_on <= self.deadline
            and bool(self.online_missing)
        )

    def status_label(self, today: date) -> str:
        if self.awaits_online_record:
            return "Online postings of the legal notice not recorded"
        return {
            "pass": "Notices given in time",
            "pending": f"Notices due by {long_date(self.due_by or self.deadline)}",
            "fail": f"Notice short of {self.notice_days} days",
        }[self.status(today)]

    def refusals(self) -> list[str]:
        """Every reason the hearing was not properly noticed; empty when it was."""
        reasons = []
        days = self.notice_days
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
            if self.late_strikes:
                reasons.append(
                    "Struck from the certified list after the letters were mailed, and so "
                    f"still owed the notice: {', '.join(self.late_strikes)}. The hearing must "
                    f"move to a later meeting with new letters ({CITATION})."
                )
        elif not self.abutters_in_time:
            gap = (self.hearing_date - self.last_mailed).days
            reasons.append(
                f"The last abutter notice was mailed on {long_date(self.last_mailed)}, {gap} days "
                f"before the hearing; at least {days} days are required ({CITATION})."
            )
        if self.legal_notice_gaps:
            reasons.append(
                "The legal notice does not name "
                + "; ".join(self.legal_notice_gaps)
                + f": it gives no notice of what the Board is asked to decide ({CITATION})."
            )
        elif self.published_on is None:
            reasons.append(f"The legal notice has not been published in a newspaper ({CITATION}).")
        elif not given_in_time(self.published_on, self.hearing_date, days):
            # The print date itself too late; one in time whose online postings are missing
            # is said by the next reason alone, not as a late publication.
            gap = (self.hearing_date - self.published_on).days
            reasons.append(
                f"The legal notice was published on {long_date(self.published_on)}, {gap} days "
                f"before the hearing; at least {days} days are required ({CITATION})."
            )
        if self.published_on is not None and self.online_missing:
            reasons.append(
                "The legal notice's posting on "
                + " and on ".join(self.online_missing)
                + f" is not recorded; a legal notice appears in print and on both "
                f"({LEGAL_NOTICE_CITATION})."
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


def first_letter_mailed(item: DocketItem) -> date | None:
    """The day the first abutter letter for `item`'s hearing was mailed (the hearing whose
    notice counts for it); None before any letter."""
    days = [n.mailed_on for n in noticed_item(item).abutter_notices.all() if n.mailed_on]
    return min(days) if days else None


def strike_excuses_notice(struck_on: date | None, first_mailed: date | None) -> bool:
    """Whether a name struck from the certified list on `struck_on` needs no notice of a
    hearing whose first letter was mailed on `first_mailed` (finding 13 of issue 22).

    A strike recorded before the letters went out takes the name off the mailing; once they
    went out, the list they were mailed to is the certified list, and a name struck later
    (on hearing day, say) still had to be noticed: the hearing moves, or it is not noticed.
    A strike whose day is unknown is not shown to precede the letters.
    """
    if first_mailed is None:
        return True
    return struck_on is not None and struck_on <= first_mailed


def late_strikes(item: DocketItem, *, application=None) -> list:
    """The abutters struck from the list after the letters of `item`'s hearing were mailed:
    each still needs a notice of that hearing."""
    application = application or item.application
    first = first_letter_mailed(item)
    if first is None:
        return []
    return [
        abutter
        for abutter in struck_abutters(application)
        if not strike_excuses_notice(abutter.voided_on, first)
    ]


def hearing_with_letters(application) -> tuple[DocketItem, date] | None:
    """The application's public hearing, not yet moved or withdrawn, whose abutter letters
    were mailed, with the day of the first letter; None when no such letter went out."""
    for item in application.docket_items.all():
        if item.kind not in DocketItem.PUBLIC_HEARING_KINDS or item.status not in (
            DocketItem.Status.SCHEDULED,
            DocketItem.Status.DECIDED,
        ):
            continue
        first = first_letter_mailed(item)
        if first is not None:
            return item, first
    return None


def timing_for(item: DocketItem, *, application=None) -> NoticeTiming:
    """The notice of `item`'s hearing; a continued hearing that kept its notice is judged by
    the notices of the hearing it continues, against that hearing's date. The abutters to
    notice are those on the certified list, less the names struck before the letters went
    out (`strike_excuses_notice`)."""
    application = application or item.application
    noticed = noticed_item(item)
    meeting = noticed.meeting
    late = late_strikes(item, application=application)
    abutter_ids = live_abutter_ids(application) | {abutter.pk for abutter in late}
    mailed = {
        n.abutter_id: n.mailed_on
        for n in noticed.abutter_notices.all()
        if n.mailed_on and n.abutter_id in abutter_ids
    }
    legal_notice = getattr(meeting, "legal_notice", None)
    gaps = (
        legal_notice_gaps(legal_notice, noticed, application)
        if legal_notice is not None and noticed.is_public_hearing
        else []
    )
    return NoticeTiming(
        hearing_date=meeting.date,
        notice_days=notice_days(meeting.date),
        due_by=meeting.last_notice_day,
        abutter_total=len(abutter_ids),
        abutters_mailed=len(mailed),
        last_mailed=max(mailed.values()) if mailed else None,
        newspaper=legal_notice.newspaper if legal_notice else "",
        legal_notice_sent=legal_notice.sent_on if legal_notice else None,
        published_on=legal_notice.published_on if legal_notice else None,
        website_posted_on=legal_notice.website_posted_on if legal_notice else None,
        statewide_posted_on=legal_notice.statewide_posted_on if legal_notice else None,
        carried_from=meeting.date if noticed is not item else None,
        late_strikes=_named(late),
        legal_notice_gaps=tuple(gaps),
    )


def _named(late: list) -> tuple[str, ...]:
    """Each late-struck abutter's name and day of striking, read only when there are any."""
    if not late:
        return ()
    names = dict(
        Abutter.objects.filter(pk__in=[a.pk for a in late]).values_list("pk", "owner_names")
    )
    return tuple(
        f"{names.get(a.pk, '')} (struck {long_date(a.voided_on)})"
        if a.voided_on
        else names.get(a.pk, "")
        for a in sorted(late, key=lambda a: names.get(a.pk, ""))
    )


def scheduling_warning(meeting: Meeting, today: date) -> str:
    """The warning shown when an item is put on a meeting too late to notice it in time."""
    if not meeting.notice_deadline_passed(today):
        return ""
    return (
        f"The last day to give notice for the hearing of {long_date(meeting.date)} was "
        f"{long_date(meeting.last_notice_day)} ({notice_days(meeting.date)} days before, "
        f"{CITATION}). The Board cannot decide this item at that meeting: it can only "
        "continue it to a later one."
    )


# --- Registered-mail article numbers -------------------------------------------------------

# §20-20(9): abutters are noticed "by registered return receipt mail". A USPS Registered Mail
# article carries a UPU S10 number whose service letters begin with R: RA 123 456 789 US. The
# 20-22 digits of Certified Mail (70..., 92...) and of Priority Mail (9405..., 9407...) and
# the S10 numbers of other services (EA... Priority Mail Express, CP... parcels) are not
# registered mail: refused, saying what they are. Clerks type them with spaces; we keep none.
_REGISTERED = re.compile(r"^R[A-Z]\d{9}US$")
_S10 = re.compile(r"^[A-Z]{2}\d{9}[A-Z]{2}$")
_TRACKING_DIGITS = re.compile(r"^\d{20,22}$")
_REGISTERED_EXAMPLE = "RA 123 456 789 US"


def normalize_article_number(text: str) -> str:
    """The Registered Mail article number without spaces or dashes, upper case; ValueError,
    saying why, for anything else (a certified or Priority Mail number among them)."""
    typed = (text or "").strip()
    number = re.sub(r"[\s-]", "", typed).upper()
    if _REGISTERED.match(number):
        return number
    need = (
        "§20-20(9) requires registered mail, return receipt requested: a Registered Mail "
        f"article number is two letters starting with R, nine digits and US, e.g. "
        f"{_REGISTERED_EXAMPLE}."
    )
    if _TRACKING_DIGITS.match(number):
        raise ValueError(
            f"“{typed}” is a Certified Mail or Priority Mail tracking number, not a "
            f"registered one. {need}"
        )
    if _S10.match(number) and number[0] == "R":
        raise ValueError(
            f"“{typed}” ends in {number[-2:]}: a letter registered at a United States post "
            f"office ends in US. {need}"
        )
    if _S10.match(number):
        raise ValueError(
            f"“{typed}” is the number of another mail service ({number[:2]}...), not of "
            f"Registered Mail. {need}"
        )
    raise ValueError(f"“{typed}” is not a Registered Mail article number. {need}")


def split_pasted_numbers(text: str) -> list[str]:
    """One article number per non-blank line of a pasted list."""
    return [line.strip() for line in (text or "").splitlines() if line.strip()]


def abutters_in_letter_order(item: DocketItem) -> list[Abutter]:
    """The abutters noticed for `item`, in the order of the letters, labels and notices page."""
    return list(
        Abutter.objects.filter(
            abutter_list__application_id=item.application_id, voided=False
        ).order_by(*LETTER_ORDER)
    )


# --- The compliance panel's view of an undecided hearing --------------------------------


def _notice_line(what: str, given, deadline, in_time_text: str, due_by=None) -> dict:
    if given is None:
        due = weekday_date(due_by or deadline)
        return {"what": what, "text": f"not yet given; due by {due}", "late": False}
    late = given > deadline
    text = f"{in_time_text} {weekday_date(given)}: " + ("too late" if late else "in time")
    return {"what": what, "text": text, "late": late}


def _legal_notice_line(timing: NoticeTiming) -> dict:
    line = _notice_line(
        "Legal notice", timing.published_on, timing.deadline, "published on", timing.due_by
    )
    if timing.legal_notice_gaps:
        line["text"] = "it does not name " + "; ".join(timing.legal_notice_gaps) + ": not noticed"
        line["late"] = True
    return line


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
            f"{weekday_date(timing.due_by or timing.deadline)}"
        )
    office_day = timing.due_by or timing.deadline
    return {
        "hearing_date": weekday_date(timing.hearing_date),
        "meeting_time": item.meeting.time,
        # Two days, each named for what it is: the office's (the last business day) and, when
        # it differs, the regulation's last day, which the rules' findings give.
        "deadline": weekday_date(office_day),
        "legal_last_day": (weekday_date(timing.deadline) if timing.deadline != office_day else ""),
        "notices": [
            letters,
            _legal_notice_line(timing),
        ],
    }
