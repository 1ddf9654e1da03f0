"""The meeting's notice under the Open Meeting Law (M.G.L. c.30A §20; 940 CMR 29.03).

Drafted from the docket: the date, time and place (or the remote access), and each topic
with what makes it specific (the applicant, the address, what is asked, the sections). The
Town Clerk posts it at least 48 hours before the meeting, not counting Saturdays, Sundays and
legal holidays (hearings.clocks.oml_posting_deadline); each posting and amendment is a
`MeetingPosting`, and an item put on the docket after the last posting is marked.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.utils import timezone

from hearings import clocks
from hearings.models import DocketItem, Meeting, MeetingPosting, Minutes
from hearings.wording import animals_phrase, reliefs_phrase
from stoneham_boh.lib import law
from stoneham_boh.lib.dates import long_date, time_of_day, weekday_date
from stoneham_boh.lib.mass_calendar import Clock
from stoneham_boh.town.current import current_town

WHAT_IS_ASKED = {
    DocketItem.Kind.NEW_APPLICATION: "public hearing on the application for a permit to keep",
    DocketItem.Kind.VARIANCE_REQUEST: "public hearing on the request for a variance to keep",
    DocketItem.Kind.BOARD_APPROVAL: "the Board's approval asked for the keeping of",
    DocketItem.Kind.REVOCATION: "hearing on the revocation of the permit to keep",
    DocketItem.Kind.VARIANCE_RESCISSION: "rescission of the variance for the keeping of",
}


def _when(meeting: Meeting) -> str:
    return f"{weekday_date(meeting.date)} at {time_of_day(meeting.time)}"


def notice_items(meeting: Meeting) -> list[DocketItem]:
    """The items the notice lists: every item on the docket not withdrawn, in docket order."""
    return list(
        meeting.items.exclude(status=DocketItem.Status.WITHDRAWN)
        .select_related("application__applicant", "application__lot")
        .prefetch_related("application__animals")
        .order_by("position", "id")
    )


def topic(item: DocketItem) -> str:
    """One topic, specific enough for the public to know what the Board will take up."""
    application = item.application
    lot = application.lot
    sections = reliefs_phrase(item.relief_sought)
    text = (
        f"{application.applicant.name}, {lot.street_address} (parcel {lot.parcel_id}): "
        f"{WHAT_IS_ASKED.get(item.kind, item.get_kind_display().lower())} "
        f"{animals_phrase(application.animals.all())}"
    )
    if item.continued_from_id:
        text += f", continued from {long_date(item.continued_from.meeting.date)}"
    return text + (f"; {sections}." if sections else ".")


def notice_text(meeting: Meeting, items: list[DocketItem], remote_access: str = "") -> str:
    """The notice as the Town Clerk posts it."""
    board = current_town().board
    lines = [
        board["town"].upper(),
        "NOTICE OF MEETING",
        f"Public body: {board['name']}",
        f"Date and time: {_when(meeting)}",
        f"Place: {meeting.place}",
    ]
    if remote_access.strip():
        lines.append(f"Remote access: {remote_access.strip()}")
    if meeting.is_emergency:
        # c.30A §20(b): an emergency meeting is noticed as soon as reasonably possible; the
        # notice says why it could not give 48 hours.
        lines += [
            "",
            f"EMERGENCY MEETING: {meeting.emergency.strip()}",
            "Called for an emergency demanding immediate action; noticed as soon as "
            "reasonably possible before it (M.G.L. c.30A §§18, 20(b)).",
        ]
    lines += ["", "Topics the chair reasonably anticipates will be discussed:", ""]
    topics = ["Call to order; attendance of the members."]
    topics += [topic(item) for item in items]
    if not meeting.is_emergency:
        topics += [
            f"Approval of the minutes of the {minutes.meeting}."
            for minutes in minutes_awaiting_approval(meeting)
        ]
        topics.append(
            "Other business not reasonably anticipated 48 hours before the meeting; adjournment."
        )
    else:
        topics.append("Adjournment.")
    lines += [f"{number}. {text}" for number, text in enumerate(topics, start=1)]
    lines += [
        "",
        f"Posted under the Open Meeting Law ({law.OML_POSTING_CITATION}). {board['address']}.",
    ]
    return "\n".join(lines)


def minutes_awaiting_approval(meeting: Meeting):
    """The drafted minutes of earlier meetings not yet approved: the Board may approve them
    at this meeting, so its notice lists them (c.30A §20(b))."""
    return list(
        Minutes.objects.filter(approved_on__isnull=True, meeting__date__lt=meeting.date)
        .exclude(meeting__cancelled=True)
        .select_related("meeting")
        .order_by("meeting__date", "meeting__time")
    )


@dataclass(frozen=True)
class PostingState:
    """Where the meeting's notice stands: the clocks, the postings, the items not on it."""

    meeting: Meeting
    posting_clock: Clock
    filing_clock: Clock
    postings: list[MeetingPosting]
    items: list[DocketItem]

    @property
    def latest(self) -> MeetingPosting | None:
        return self.postings[-1] if self.postings else None

    @property
    def first(self) -> MeetingPosting | None:
        return self.postings[0] if self.postings else None

    @property
    def posted_in_time(self) -> bool:
        return self.first is not None and _naive(self.first.posted_at) <= self.posting_clock.when

    @property
    def unposted_items(self) -> list[DocketItem]:
        """Items on the docket that the notice as last posted does not list."""
        if self.latest is None:
            return []
        listed = set(self.latest.item_ids)
        return [item for item in self.items if item.pk not in listed]

    def marks(self) -> dict[int, str]:
        """Each item's mark on the docket: not on the posted notice, or added late."""
        marks = {item.pk: "Not on the posted notice" for item in self.unposted_items}
        for item in self.items:
            first = next((p for p in self.postings if item.pk in p.item_ids), None)
            if first is not None and _naive(first.posted_at) > self.posting_clock.when:
                marks[item.pk] = "Posted less than 48 hours ahead"
        return marks


def _naive(moment: datetime) -> datetime:
    """A stored moment as the Town's wall-clock time, to compare with the clocks."""
    if timezone.is_aware(moment):
        moment = timezone.localtime(moment)
    return moment.replace(tzinfo=None)


def posting_state(meeting: Meeting, items: list[DocketItem] | None = None) -> PostingState:
    return PostingState(
        meeting=meeting,
        posting_clock=clocks.oml_posting_deadline(meeting.starts_at),
        filing_clock=clocks.clerk_filing_deadline(meeting.starts_at),
        postings=list(meeting.postings.all()),
        items=notice_items(meeting) if items is None else items,
    )
