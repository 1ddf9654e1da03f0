"""An item on a meeting's docket: an application, a revocation, a rescission or register
entries put before the Board (hearings.actions.docket)."""

from __future__ import annotations

from datetime import date

from django.db import models
from simple_history.models import HistoricalRecords

from hearings.models._common import _first_recorded_day
from hearings.models.meetings import Meeting


class DocketItem(models.Model):
    """An application or variance request heard at a meeting."""

    class Kind(models.TextChoices):
        NEW_APPLICATION = "new_application", "New application"
        VARIANCE_REQUEST = "variance_request", "Variance request"
        BOARD_APPROVAL = "board_approval", "Board approval"
        REVOCATION = "revocation", "Revocation proceeding"
        VARIANCE_RESCISSION = "variance_rescission", "Rescission of a variance"
        REGISTER_ACCEPTANCE = "register_acceptance", "Acceptance of a paper-register permit"

    class Status(models.TextChoices):
        SCHEDULED = "scheduled", "Scheduled"
        DECIDED = "decided", "Decided"
        CONTINUED = "continued", "Continued"
        WITHDRAWN = "withdrawn", "Withdrawn"

    meeting = models.ForeignKey(Meeting, on_delete=models.PROTECT, related_name="items")
    application = models.ForeignKey(
        "permits.Application", on_delete=models.PROTECT, related_name="docket_items"
    )
    kind = models.CharField(max_length=20, choices=Kind.choices)
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.SCHEDULED)
    position = models.PositiveSmallIntegerField(default=1)
    relief_sought = models.JSONField(
        default=list, blank=True, help_text="Rule ids the applicant asks the Board to vary."
    )
    approvals_sought = models.JSONField(
        default=list,
        blank=True,
        help_text="What the Board is asked to approve (BoardApproval.Subject values).",
    )
    variance = models.ForeignKey(
        "Variance",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="rescission_items",
        help_text="The variance the Board is asked to rescind.",
    )
    staff_recommendation = models.TextField(blank=True)
    continued_from = models.OneToOneField(
        "self", on_delete=models.PROTECT, null=True, blank=True, related_name="continued_to"
    )
    # A hearing continued to a date announced at a properly noticed hearing keeps that
    # hearing's notice: no new mailing or legal notice is needed (§20-20(9)).
    notice_carried = models.BooleanField(default=False)
    # The keeping as the abutters' letters described it when they were mailed: the rules'
    # facts of the application on each mailing day that described it differently
    # ([{"mailed_on": "2030-03-12", "facts": {...}}], permits.keeping); the Board decides
    # only what every letter noticed.
    noticed_facts = models.JSONField(default=list, blank=True, editable=False)
    history = HistoricalRecords()

    # Items the regulation hears in public, with abutters' letters and the legal notice
    # (§20-20(9)); the Board's other matters are decided at the meeting without them.
    PUBLIC_HEARING_KINDS = (Kind.NEW_APPLICATION, Kind.VARIANCE_REQUEST)

    class Meta:
        ordering = ["meeting", "position", "id"]

    def __str__(self) -> str:
        return f"{self.get_kind_display()}: {self.application} at {self.meeting}"

    @property
    def scheduled_on(self) -> date | None:
        """The day the hearing was put on the docket: no letter about it went out before."""
        return _first_recorded_day(self)

    @property
    def is_public_hearing(self) -> bool:
        return self.kind in self.PUBLIC_HEARING_KINDS
