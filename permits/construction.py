"""§20-20(2): what the records show of a facility to be built or remodelled, read only.

"The permit to keep animals shall be issued after construction of the facility is completed and
approved by the Board of Health and the building inspector" (§20-20(2)(a)). Three records show
it, each the application's own (a remodel declared at renewal is a new piece of work, so the
approvals of the permit renewed do not carry over):

- the Board's approval of the plans, a BoardApproval voted at a meeting (hearings);
- the building inspector's approval, recorded by the clerk with its date and the document
  received (`permits.actions.record_building_inspector_approval`);
- the completion, a final inspection of construction by a health agent that found the work
  complete as approved (`inspections`, kind ``final_construction``), made after the Board
  approved the plans: a visit before the plans were approved cannot have seen them built.

The facts adapter gives the rules' ``construction_approved.building_inspector`` as the
inspector's approval of the completed work (both of the last two); the compliance panel and the
issue refusals show each of the three.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from django.utils import timezone

from inspections.models import ChecklistFinding, Inspection
from permits.models import Application
from permits.rules.checklist import CONSTRUCTION_COMPLETE
from stoneham_boh.lib.dates import long_date


@dataclass(frozen=True)
class Step:
    key: str
    label: str
    done: bool
    detail: str


@dataclass(frozen=True)
class ConstructionRecord:
    """The three steps of §20-20(2) for one application on one day."""

    work: str
    board_on: date | None
    board_votes: str
    inspector_on: date | None
    inspector_document: object | None
    completed_on: date | None
    completion: object | None

    @property
    def board_approved(self) -> bool:
        return self.board_on is not None

    @property
    def inspector_approved(self) -> bool:
        return self.inspector_on is not None

    @property
    def completed(self) -> bool:
        return self.completed_on is not None

    @property
    def complete_and_approved(self) -> bool:
        """The building inspector's approval of completed work: the rules' flag."""
        return self.inspector_approved and self.completed

    def steps(self) -> list[Step]:
        return [
            Step(
                "board",
                "The Board's approval of the plans",
                self.board_approved,
                f"Voted {long_date(self.board_on)} ({self.board_votes})."
                if self.board_on
                else "Not yet voted at a meeting.",
            ),
            Step(
                "building_inspector",
                "The building inspector's approval",
                self.inspector_approved,
                f"Dated {long_date(self.inspector_on)}; {self._document_words()}."
                if self.inspector_on and self.inspector_document is not None
                else "Not recorded: the clerk records its date and document.",
            ),
            Step(
                "completion",
                "The agent's final inspection of the completed construction",
                self.completed,
                f"Found complete on {long_date(self.completed_on)}."
                if self.completed_on
                else "Not yet found complete: a health agent inspects the finished work.",
            ),
        ]

    def _document_words(self) -> str:
        document = self.inspector_document
        if document.description:
            return f"{document.original_name} ({document.description})"
        return document.original_name

    def refusals(self) -> list[str]:
        """Each step still to be recorded, as the issue refusal says it."""
        return [
            f"{step.label} of {self.work}: {step.detail[0].lower()}{step.detail[1:]} (§20-20(2)(a))"
            for step in self.steps()
            if not step.done
        ]


def _day(moment) -> date:
    return timezone.localtime(moment).date() if hasattr(moment, "tzinfo") else moment


def construction_record(application, on: date | None = None) -> ConstructionRecord | None:
    """The §20-20(2) steps of `application` as recorded on or before `on` (default today);
    None when the application declares no construction."""
    if application.construction == Application.Construction.NONE:
        return None
    on = on or timezone.localdate()
    work = (
        "the new construction"
        if application.construction == Application.Construction.NEW
        else "the remodelling"
    )
    board = None
    if application.pk is not None:
        board = next(
            (
                approval
                for approval in application.board_approvals.all()
                if approval.subject == "construction" and approval.granted_on <= on
            ),
            None,
        )
    inspector_on = application.building_inspector_approved_on
    document = application.building_inspector_document if inspector_on else None
    if inspector_on is not None and (inspector_on > on or document is None or document.voided):
        inspector_on, document = None, None
    completion, completed_on = None, None
    if application.pk is not None:
        inspections = (
            Inspection.objects.filter(
                application=application,
                kind=Inspection.Kind.FINAL_CONSTRUCTION,
                status=Inspection.Status.COMPLETED,
                findings__item_id=CONSTRUCTION_COMPLETE,
                findings__result=ChecklistFinding.Result.COMPLIES,
            )
            .order_by("-performed_at")
            .only("pk", "performed_at", "agent")
        )
        for inspection in inspections:
            day = _day(inspection.performed_at)
            if day <= on and (board is None or day >= board.granted_on):
                completion, completed_on = inspection, day
                break
    return ConstructionRecord(
        work=work,
        board_on=board.granted_on if board else None,
        board_votes=board.vote_count if board else "",
        inspector_on=inspector_on,
        inspector_document=document,
        completed_on=completed_on,
        completion=completion,
    )
