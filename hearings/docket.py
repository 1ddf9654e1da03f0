"""The docket as the Board reads it: each item with its facts, findings and notices.

`docket_entries()` loads a meeting's items with everything the page, the agenda and the
rules read, in a fixed number of queries however long the docket or the archive.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from html import escape

from django.db.models import Prefetch, prefetch_related_objects
from django.template.defaultfilters import date as date_filter
from django.utils.safestring import SafeString, mark_safe

from hearings.meeting_notice import posting_state
from hearings.models import (
    APPROVAL_RULES,
    AbutterNotice,
    Decision,
    DocketItem,
    Meeting,
    Variance,
    Vote,
)
from hearings.notice_timing import NoticeTiming, timing_for
from hearings.wording import Relief, animals_phrase, relief, reliefs
from permits.facts_from_records import evaluate_application
from permits.facts_loading import FACT_RELATED, child_prefetch, load_facts
from permits.models import Application
from stoneham_boh.lib.badges import status_badge

# The badge colour of each decision's result.
DECISION_CLASSES = {
    "approved": "pass",
    "denied": "fail",
    "continued": "pending",
    "revoked": "fail",
    "rescinded": "fail",
    "dismissed": "not_applicable",
}

# Findings that a variance could answer: the facts fail a rule, or a fact is missing.
NEEDS_RELIEF = ("fail", "missing")
# Findings of a rule whose Board approval is still to be given: it applies and is not met.
LACKS_APPROVAL = ("fail", "missing", "pending")


@dataclass
class ReliefNeeded:
    relief: Relief
    messages: list[str] = field(default_factory=list)
    sought: bool = False


@dataclass
class DocketEntry:
    item: DocketItem
    timing: NoticeTiming
    animals: str
    relief_sought: list[Relief]
    relief_needed: list[ReliefNeeded]
    pending: list[str]
    eligible: bool
    error: str = ""
    # Not on the Open Meeting Law notice as posted, or posted too late (hearings.meeting_notice).
    posting_mark: str = ""

    @property
    def application(self) -> Application:
        return self.item.application

    @property
    def documents(self):
        return self.item.application.documents.all()


def docket_items(meeting: Meeting) -> list[DocketItem]:
    """The meeting's items (withdrawn ones left out) in docket order, with what the docket
    page reads through foreign keys; `docket_entries()` loads the rest.

    Sorted here, not by the database: to order a query Django hashes every column it
    selects, and the items' fourteen-table join selects some hundred and fifty (1 ms)."""
    items = list(
        meeting.items.exclude(status=DocketItem.Status.WITHDRAWN)
        .select_related(
            "meeting",
            "meeting__legal_notice",
            "decision",
            "continued_from__meeting",
            "revocation__permit",
            *[f"application__{related}" for related in FACT_RELATED],
        )
        .order_by()
    )
    return sorted(items, key=lambda item: (item.position, item.id))


def load_docket(items: list[DocketItem]) -> None:
    """Load what the docket reads of `items`: the rules' facts of each application, its
    documents, the notices and the decisions' votes and variances, one query a relation."""
    load_facts(
        [item.application for item in items],
        also=(child_prefetch("documents", voided=False),),
    )
    _share_loaded_notices(items)
    prefetch_related_objects(
        items,
        # The variance a rescission is about, read apart: no query when the docket has no
        # rescission, and PostgreSQL spent longer planning the items' fourteen-table join
        # than running it (3 ms with the variance joined, 2 ms without).
        "variance",
        # Only for an item whose notices load_facts() did not bring (none, in practice).
        Prefetch("abutter_notices", queryset=AbutterNotice.objects.order_by("id")),
        Prefetch("decision__votes", queryset=Vote.objects.select_related("member")),
        "decision__variances",
        "decision__approvals",
    )


def _share_loaded_notices(items: list[DocketItem]) -> None:
    """Hand each item, and the hearing it was continued from, the notices load_facts()
    already read with its application's hearings (the rules judge the notices too): the
    docket read them a second time, and an item continued from an earlier hearing read that
    hearing's notices with one query more."""
    for item in items:
        loaded = {hearing.pk: hearing for hearing in item.application.docket_items.all()}
        for target in (item, item.continued_from if item.continued_from_id else None):
            source = loaded.get(target.pk) if target is not None else None
            if source is not None:
                cache = target.__dict__.setdefault("_prefetched_objects_cache", {})
                cache["abutter_notices"] = source.abutter_notices.all()


def relief_needed(
    result: dict, relief_sought, approvals_sought=()
) -> tuple[list[ReliefNeeded], list[str]]:
    """Rules the facts fail (relief needed from them), and the steps still pending: a rule
    the Board is asked to approve at the hearing awaits its vote, not a variance."""
    needed: dict[str, ReliefNeeded] = {}
    pending = []
    awaiting = {APPROVAL_RULES[s] for s in approvals_sought or () if s in APPROVAL_RULES}
    for finding in result.get("findings", []):
        if finding["rule"] in awaiting and finding["status"] in LACKS_APPROVAL:
            pending.append(f"{finding['citation']}: the Board's approval, asked at this hearing.")
        elif finding["status"] in NEEDS_RELIEF:
            entry = needed.setdefault(
                finding["rule"],
                ReliefNeeded(relief(finding["rule"]), sought=finding["rule"] in relief_sought),
            )
            entry.messages.append(finding["message"])
        elif finding["status"] == "pending" and finding["rule"] != "20-20.9":
            pending.append(f"{finding['citation']}: {finding['message']}")
    return list(needed.values()), pending


def approvals_needed(result: dict) -> list[str]:
    """The Board's approvals the application still lacks (to ask for at its hearing): only
    those whose rule applies to it and is not met. A rule that does not apply (no wild animal
    among three goats) needs no approval."""
    lacking = {f["rule"] for f in result.get("findings", []) if f["status"] in LACKS_APPROVAL}
    return [subject for subject, rule in APPROVAL_RULES.items() if rule in lacking]


def entry_for(item: DocketItem) -> DocketEntry:
    application = item.application
    result = evaluate_application(application)
    needed, pending = relief_needed(result, item.relief_sought or [], item.approvals_sought)
    return DocketEntry(
        item=item,
        timing=timing_for(item),
        animals=animals_phrase(application.animals.all()),
        relief_sought=reliefs(item.relief_sought),
        relief_needed=needed,
        pending=pending,
        eligible=bool(result.get("eligible")),
        error=result.get("error", {}).get("message", ""),
    )


def docket_entries(meeting: Meeting) -> list[DocketEntry]:
    items = docket_items(meeting)
    load_docket(items)
    entries = [entry_for(item) for item in items]
    marks = posting_state(meeting, items=items).marks()
    for entry in entries:
        entry.posting_mark = marks.get(entry.item.pk, "")
    return entries


def outcome_badge(status: str, result: str | None) -> str:
    """The badge of a docket item's outcome: withdrawn, not yet decided, or the decision."""
    if status == DocketItem.Status.WITHDRAWN:
        return status_badge("not_applicable", "Withdrawn")
    if result is None:
        return status_badge("pending", "Not yet decided")
    return status_badge(
        DECISION_CLASSES.get(result, "not_applicable"), Decision.Result(result).label
    )


def past_meetings(today: date):
    """Past meetings, newest first; `past_outcomes()` reads the items of a page of them."""
    return Meeting.objects.past(today).only("id", "date", "cancelled")


@dataclass
class PastOutcome:
    """One line of a past meeting: who, where, what the Board decided, and what followed."""

    badge: str
    applicant: str
    address: str | None  # None: an application sent online before its lot was matched
    variances: list[list[Relief]]
    continued_to: date | None

    @property
    def line(self) -> SafeString:
        """The outcome as the past meetings page lists it, written here rather than in the
        template, and escaped with the standard library's html.escape (which Django's
        escape() wraps): a page can list two thousand outcomes (a session accepting a
        hundred paper-register entries is one meeting), and format_html() and a template
        loop over each cost more than reading them."""
        parts = [
            self.badge,
            " ",
            escape(str(self.applicant)),
            " · ",
            escape(self.address or "no lot on file yet"),
        ]
        parts += [
            " · variance of " + escape(", ".join(relief.citation for relief in reliefs))
            for reliefs in self.variances
        ]
        if self.continued_to:
            parts.append(" · continued to " + escape(date_filter(self.continued_to, "M j, Y")))
        return mark_safe("".join(parts))  # noqa: S308 - every part escaped above


@dataclass
class PastMeeting:
    meeting: Meeting
    outcomes: list[PastOutcome]

    @property
    def outcome_items(self) -> SafeString:
        """The outcomes as the list items of the page, joined here for the reason above."""
        return mark_safe(  # noqa: S308 - each line is safe markup
            "".join(f'<li class="py-1">{outcome.line}</li>' for outcome in self.outcomes)
        )


def past_outcomes(meetings) -> list[PastMeeting]:
    """The outcomes of `meetings` (a page of `past_meetings()`), in two queries of plain
    values: a page lists a hundred items, and reading them as records, with their decisions'
    variances prefetched, cost more than the rest of the docket page, where they were first
    listed."""
    meetings = list(meetings)
    items = (
        DocketItem.objects.filter(meeting__in=meetings)
        .exclude(status=DocketItem.Status.WITHDRAWN)
        .order_by("position", "id")
        .values_list(
            "id",
            "meeting_id",
            "status",
            "decision__result",
            "application__applicant__name",
            "application__lot__street_address",
            "continued_to__meeting__date",
        )
    )
    variances: dict[int, list[list[Relief]]] = {}
    for item_id, rules in (
        Variance.objects.filter(decision__docket_item__meeting__in=meetings)
        .exclude(decision__docket_item__status=DocketItem.Status.WITHDRAWN)
        .order_by(*Variance._meta.ordering)
        .values_list("decision__docket_item_id", "rules")
    ):
        variances.setdefault(item_id, []).append(reliefs(rules))
    outcomes: dict[int, list[PastOutcome]] = {meeting.pk: [] for meeting in meetings}
    badges: dict[tuple, str] = {}  # a handful of outcomes, on hundreds of lines
    for item_id, meeting_id, status, result, applicant, address, continued_to in items:
        badge = badges.get((status, result))
        if badge is None:
            badge = badges[status, result] = outcome_badge(status, result)
        outcomes[meeting_id].append(
            PastOutcome(
                badge=badge,
                applicant=applicant,
                address=address,
                variances=variances.get(item_id, []),
                continued_to=continued_to,
            )
        )
    return [PastMeeting(meeting, outcomes[meeting.pk]) for meeting in meetings]
