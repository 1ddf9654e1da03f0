"""The hearings' printed documents: abutter letters, their labels and mailing book, the agenda,
the decision.

Each builds a plain context and renders a template under templates/pdf/ through
`stoneham_boh.lib.pdf.render_pdf`. The print stylesheets are small and use only system fonts, so
300 letters and their labels render in seconds.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from django.utils import timezone

from facilities.models import Abutter
from facilities.siteplan.drawing import plan_png
from hearings import clocks
from hearings.docket import DocketEntry, docket_entries
from hearings.mailing_book import mailing_book_for
from hearings.meeting_notice import notice_text, posting_state
from hearings.minutes import approval_state, record_of
from hearings.models import BoardMember, DocketItem, Meeting
from hearings.notice_timing import LETTER_ORDER, timing_for
from hearings.ruleset_in_force import ruleset_on
from hearings.wording import animals_phrase, reliefs
from stoneham_boh.lib.pdf import PrintedImage, render_pdf
from stoneham_boh.town.current import current_town

# Avery 5160 on US Letter: 3 columns x 10 rows of 2-5/8 x 1 inch labels, 1/2 inch top margin,
# 3/16 inch side margins, 1/8 inch between columns and none between rows.
LABEL_COLUMNS = 3
LABEL_ROWS = 10
LABELS_PER_PAGE = LABEL_COLUMNS * LABEL_ROWS
LABEL_TOP_IN = 0.5
LABEL_SIDE_IN = 0.1875
LABEL_WIDTH_IN = 2.625
LABEL_HEIGHT_IN = 1.0
LABEL_GAP_IN = 0.125

# The site plan under a letter's text: the width of the page inside its 1 inch side margins,
# and no taller than keeps the letter on one sheet.
PLAN_WIDTH_IN = 6.5
PLAN_HEIGHT_IN = 3.2


@dataclass(frozen=True)
class Label:
    lines: list[str]
    top_in: float
    left_in: float

    @property
    def text(self) -> str:
        """The lines as one text, printed with its line breaks kept (white-space: pre): one
        paragraph to lay out per label, not one per line (300 labels: 0.9 -> 0.65 s)."""
        return "\n".join(self.lines)


def label_pages(abutters: list[Abutter]) -> list[list[Label]]:
    """The abutters' addresses placed on the Avery 5160 grid, 30 to a page, row by row."""
    pages: list[list[Label]] = []
    for index, abutter in enumerate(abutters):
        slot = index % LABELS_PER_PAGE
        if slot == 0:
            pages.append([])
        row, column = divmod(slot, LABEL_COLUMNS)
        pages[-1].append(
            Label(
                lines=[abutter.owner_names, *abutter.mailing_address_lines],
                top_in=LABEL_TOP_IN + row * LABEL_HEIGHT_IN,
                left_in=LABEL_SIDE_IN + column * (LABEL_WIDTH_IN + LABEL_GAP_IN),
            )
        )
    return pages


def _items_with_abutters(items) -> list[tuple[DocketItem, list[Abutter]]]:
    """Each item with its live abutters in letter order, in two queries for any number."""
    items = list(items)
    by_application: dict[int, list[Abutter]] = {item.application_id: [] for item in items}
    abutters = (
        Abutter.objects.filter(abutter_list__application_id__in=by_application, voided=False)
        .select_related("abutter_list")
        .order_by(*LETTER_ORDER)
    )
    for abutter in abutters:
        by_application[abutter.abutter_list.application_id].append(abutter)
    return [(item, by_application[item.application_id]) for item in items]


def _letter_items(items):
    return (
        DocketItem.objects.filter(pk__in=[item.pk for item in items])
        .select_related("meeting", "application__applicant", "application__lot")
        .prefetch_related("application__animals", "application__structures")
        .order_by("meeting__date", "position", "id")
    )


def _board() -> dict:
    return current_town().board


def _printed_plan(application) -> PrintedImage | None:
    """The application's site plan drawn to scale, once for the packet, to print on each of
    its letters (§20-20(1), (9)); None when no plan is drawn."""
    png = plan_png(
        application,
        width_in=PLAN_WIDTH_IN,
        height_in=PLAN_HEIGHT_IN,
        title="Site plan of the application",
    )
    return PrintedImage(f"site-plan-{application.pk}.png", png) if png else None


def abutter_letters_pdf(items, today: date | None = None) -> bytes:
    """One letter per abutter of each item, as one PDF to print (§20-20(9)), each with the
    application's site plan drawn to scale when it has one."""
    letters, plans = [], []
    for item, abutters in _items_with_abutters(_letter_items(items)):
        application = item.application
        plan = _printed_plan(application)
        if plan:
            plans.append(plan)
        shared = {
            "item": item,
            "meeting": item.meeting,
            "application": application,
            "applicant": application.applicant,
            "lot": application.lot,
            "animals": animals_phrase(application.animals.all()),
            "reliefs": reliefs(item.relief_sought),
            "plan_image": plan.url if plan else "",
            "structures": list(application.structures.all()),
        }
        letters.extend({**shared, "abutter": abutter} for abutter in abutters)
    return render_pdf(
        "pdf/abutter_letters.html",
        {
            "letters": letters,
            "BOARD": _board(),
            "today": today or timezone.localdate(),
            "plan_height_in": PLAN_HEIGHT_IN,
        },
        images=plans,
    )


def mailing_book_pdf(item: DocketItem, today: date | None = None) -> bytes:
    """The firm mailing book of the item's registered letters, for the post office to stamp."""
    item = _letter_items([item]).get()
    return render_pdf(
        "pdf/mailing_book.html",
        {
            "book": mailing_book_for(item),
            "item": item,
            "meeting": item.meeting,
            "application": item.application,
            "BOARD": _board(),
            "today": today or timezone.localdate(),
        },
    )


def labels_pdf(items) -> bytes:
    """Mailing labels for every abutter of the items, Avery 5160."""
    abutters = [a for _, abutters in _items_with_abutters(items) for a in abutters]
    return render_pdf(
        "pdf/mailing_labels.html",
        {
            "pages": label_pages(abutters),
            "label_width_in": LABEL_WIDTH_IN,
            "label_height_in": LABEL_HEIGHT_IN,
        },
    )


def agenda_pdf(meeting: Meeting) -> bytes:
    entries: list[DocketEntry] = docket_entries(meeting)
    return render_pdf(
        "pdf/agenda.html",
        {
            "meeting": meeting,
            "entries": entries,
            "BOARD": _board(),
            "legal_notice": getattr(meeting, "legal_notice", None),
        },
    )


def meeting_notice_pdf(meeting: Meeting) -> bytes:
    """The meeting's Open Meeting Law notice, drafted from the docket, to file with the Town
    Clerk; with the last moment to file and post it."""
    state = posting_state(meeting)
    latest = state.latest
    return render_pdf(
        "pdf/meeting_notice.html",
        {
            "meeting": meeting,
            "state": state,
            "text": notice_text(meeting, state.items, latest.remote_access if latest else ""),
            "BOARD": _board(),
        },
    )


def minutes_pdf(meeting: Meeting, minutes) -> bytes:
    """The minutes as the Board files them: the draft from the record, or the approved text."""
    return render_pdf(
        "pdf/minutes.html",
        {
            "meeting": meeting,
            "minutes": minutes,
            "record": record_of(meeting, minutes),
            "approval": approval_state(minutes, meeting, timezone.localdate()),
            "BOARD": _board(),
        },
    )


def holder_notice_pdf(proceeding, today: date | None = None) -> bytes:
    """The holder's written notice of the hearing on revoking the permit (§20-20(5))."""
    permit = proceeding.permit
    day = today or timezone.localdate()
    statements = ruleset_on(day).statements
    return render_pdf(
        "pdf/revocation_notice.html",
        {
            "proceeding": proceeding,
            "permit": permit,
            "holder": permit.holder,
            "meeting": proceeding.docket_item.meeting,
            "orders": list(proceeding.orders.all()),
            "findings": list(proceeding.findings.select_related("inspection")),
            "BOARD": _board(),
            "today": day,
            # §20-20(5) and (6) in the regulation's words, as the ruleset of the notice's day
            # states them: never a wording the administrator saves (issue 33, finding 16).
            "grounds": statements["revocation.grounds"],
            "removal": statements["revocation.removal"],
        },
    )


def _decision_context(item: DocketItem) -> dict:
    decision = item.decision
    proceeding = getattr(item, "revocation", None)
    return {
        "proceeding": proceeding,
        "orders": list(proceeding.orders.all()) if proceeding else [],
        "findings": list(proceeding.findings.select_related("inspection")) if proceeding else [],
        "approvals": list(decision.approvals.all()),
        "enlargements": list(decision.setback_enlargements.all()),
        "item": item,
        "meeting": item.meeting,
        "application": item.application,
        "decision": decision,
        "votes": _votes_by_name(decision),
        "corrections": list(decision.corrections.all()),
        "variances": [(variance, reliefs(variance.rules)) for variance in decision.variances.all()],
        "animals": animals_phrase(item.application.animals.all()),
        "relief_sought": reliefs(item.relief_sought),
        "timing": timing_for(item),
        "BOARD": _board(),
    }


def decision_pdf(item: DocketItem) -> bytes:
    """The Board's written decision: the vote of each member, any variance (§20-21: a variance
    is in writing), approvals, and on a revocation or denial the order to remove the animals."""
    return render_pdf("pdf/decision.html", _decision_context(item))


def decision_letter_pdf(item: DocketItem, today: date | None = None) -> bytes:
    """The written decision under a letter to the applicant (on a revocation, the permit
    holder) addressed for a window envelope: the way it reaches one who gave no e-mail."""
    return render_pdf(
        "pdf/decision_letter.html",
        {
            **_decision_context(item),
            "recipient": decision_recipient(item),
            "today": today or timezone.localdate(),
        },
    )


def decision_recipient(item: DocketItem):
    """Whom the decision is mailed to: the permit holder on a revocation, else the applicant."""
    proceeding = getattr(item, "revocation", None)
    return proceeding.permit.holder if proceeding else item.application.applicant


def _votes_by_name(decision) -> list[tuple[str, str]]:
    """(member's name as on the Board's roll, vote), in the roll's order."""
    names = {m.user_id: m.name for m in BoardMember.objects.in_office(decision.decided_on)}
    votes = [
        (
            names.get(v.member_id) or v.member.get_full_name() or v.member.username,
            v.get_vote_display(),
        )
        for v in decision.votes.select_related("member")
    ]
    return sorted(votes)


def legal_notice_pdf(notice) -> bytes:
    """The legal notice as the newspaper is to print it, and, for the Board's file, when it was
    drafted, sent (and to whom) and published, against the issue that meets §20-20(9)."""
    meeting = notice.meeting
    return render_pdf(
        "pdf/legal_notice.html",
        {
            "notice": notice,
            "meeting": meeting,
            "issue_clock": clocks.newspaper_notice_deadline(meeting.date),
            "BOARD": _board(),
        },
    )
