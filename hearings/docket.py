"""The docket as the Board reads it: each item with its facts, findings and notices.

`docket_entries()` loads a meeting's items with everything the page, the agenda and the
rules read, in a fixed number of queries however long the docket or the archive.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date

from django.db.models import Prefetch

from hearings.models import AbutterNotice, DocketItem, Meeting, Vote
from hearings.notices import NoticeTiming, timing_for
from hearings.wording import Relief, animals_phrase, relief, reliefs
from permits.facts_from_records import FACT_RELATED, evaluate_application, load_facts
from permits.models import Application, Document

# Findings that a variance could answer: the facts fail a rule, or a fact is missing.
NEEDS_RELIEF = ("fail", "missing")


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

    @property
    def application(self) -> Application:
        return self.item.application

    @property
    def documents(self):
        return self.item.application.documents.all()


def docket_items(meeting: Meeting):
    """The meeting's items (withdrawn ones left out) with what the docket page reads through
    foreign keys; `docket_entries()` loads the rest."""
    return (
        meeting.items.exclude(status=DocketItem.Status.WITHDRAWN)
        .select_related(
            "meeting",
            "meeting__legal_notice",
            "decision",
            "continued_from__meeting",
            *[f"application__{related}" for related in FACT_RELATED],
        )
        .order_by("position", "id")
    )


def load_docket(items: list[DocketItem], *, load_with=()) -> None:
    """Load what the docket reads of `items`: the rules' facts of each application, its
    documents, the notices and the decisions' votes and variances, in three queries.

    `load_with`: more (objects, relation) pairs for the same query (see query_bundle).
    """
    decisions = [item.decision for item in items if _decided(item)]
    load_facts(
        [item.application for item in items],
        also=(Prefetch("documents", queryset=Document.objects.filter(voided=False)),),
        together=(
            (items, Prefetch("abutter_notices", queryset=AbutterNotice.objects.order_by("id"))),
            (decisions, Prefetch("votes", queryset=Vote.objects.select_related("member"))),
            (decisions, "variances"),
            *load_with,
        ),
    )


def _decided(item: DocketItem) -> bool:
    return getattr(item, "decision", None) is not None


def relief_needed(result: dict, relief_sought) -> tuple[list[ReliefNeeded], list[str]]:
    """Rules the facts fail (relief needed from them), and the steps still pending."""
    needed: dict[str, ReliefNeeded] = {}
    pending = []
    for finding in result.get("findings", []):
        if finding["status"] in NEEDS_RELIEF:
            entry = needed.setdefault(
                finding["rule"],
                ReliefNeeded(relief(finding["rule"]), sought=finding["rule"] in relief_sought),
            )
            entry.messages.append(finding["message"])
        elif finding["status"] == "pending" and finding["rule"] != "20-20.9":
            pending.append(f"{finding['citation']}: {finding['message']}")
    return list(needed.values()), pending


def entry_for(item: DocketItem) -> DocketEntry:
    application = item.application
    result = evaluate_application(application)
    needed, pending = relief_needed(result, item.relief_sought or [])
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


def docket_entries(meeting: Meeting, *, load_with=()) -> list[DocketEntry]:
    items = list(docket_items(meeting))
    load_docket(items, load_with=load_with)
    return [entry_for(item) for item in items]


def past_meetings(today: date):
    """Past meetings, newest first, each with its items and their outcomes; the decisions'
    variances are left for `outcome_variances()`, to load with the rest of the page."""
    items = (
        DocketItem.objects.exclude(status=DocketItem.Status.WITHDRAWN)
        .select_related(
            "application__applicant", "application__lot", "decision", "continued_to__meeting"
        )
        # Only what the list shows: a page holds a hundred items, each with five records.
        .only(
            "meeting_id",
            "status",
            "position",
            "application__applicant__name",
            "application__lot__street_address",
            "decision__result",
            "continued_to__meeting__date",
        )
        .order_by("position", "id")
    )
    return Meeting.objects.past(today).prefetch_related(Prefetch("items", queryset=items))


def outcome_variances(meetings) -> tuple:
    """The (decisions, "variances") pair that loads the variances `past_meetings()` left."""
    decisions = [item.decision for m in meetings for item in m.items.all() if _decided(item)]
    return (decisions, "variances")
