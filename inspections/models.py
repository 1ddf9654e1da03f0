"""Inspections (§20-22), checklist findings, orders to correct, and neighbours' complaints."""

from __future__ import annotations

from datetime import date, timedelta

from django.conf import settings
from django.db import models
from django.db.models import Count, IntegerField, OuterRef, Q, Subquery
from django.db.models.functions import Coalesce
from django.utils import timezone
from simple_history.models import HistoricalRecords


def submission_token_field() -> models.UUIDField:
    """The hidden token a form carries, so that a form sent twice records once."""
    return models.UUIDField(null=True, blank=True, unique=True, editable=False)


class ComplaintQuerySet(models.QuerySet):
    def open(self):
        return self.exclude(status=Complaint.Status.CLOSED)

    def for_list(self):
        return self.select_related("lot", "received_by").annotate(
            inspection_count=Count("inspections")
        )


class Complaint(models.Model):
    class Nature(models.TextChoices):
        ODOUR = "odour", "Odour"
        FLIES = "flies", "Flies"
        NOISE = "noise", "Noise"
        RUNOFF = "runoff", "Runoff onto a neighbour's property"
        ROAMING = "roaming", "Animals roaming"
        PIGEONS = "pigeons", "Pigeons flying in restricted hours"
        DEAD_ANIMAL = "dead_animal", "Dead animal"
        VERMIN = "vermin", "Rats or other vermin"
        OTHER = "other", "Other"

    class Status(models.TextChoices):
        OPEN = "open", "Open"
        INSPECTION_SCHEDULED = "inspection_scheduled", "Inspection scheduled"
        CLOSED = "closed", "Closed"

    received_on = models.DateField(default=timezone.localdate)
    complainant_name = models.CharField(max_length=200, blank=True)
    complainant_contact = models.CharField(max_length=200, blank=True)
    lot = models.ForeignKey("facilities.Lot", on_delete=models.PROTECT, related_name="complaints")
    nature = models.CharField(max_length=20, choices=Nature.choices)
    description = models.TextField()
    status = models.CharField(max_length=24, choices=Status.choices, default=Status.OPEN)
    received_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    observed_at = models.DateTimeField(
        "when the neighbour saw it",
        null=True,
        blank=True,
        help_text="Pigeons flying 10 a.m. to 3 p.m., June to September, break §20-18(5).",
    )
    closed_on = models.DateField(null=True, blank=True)
    resolution = models.TextField(blank=True)
    submission_token = submission_token_field()
    history = HistoricalRecords()

    objects = ComplaintQuerySet.as_manager()

    class Meta:
        ordering = ["-received_on", "-id"]

    def __str__(self) -> str:
        return f"Complaint ({self.get_nature_display().lower()}) at {self.lot.street_address}"


class InspectionQuerySet(models.QuerySet):
    def scheduled(self):
        return self.filter(status=Inspection.Status.SCHEDULED)

    def due_by(self, day: date):
        """Scheduled inspections whose day has come: today's and the overdue."""
        return self.scheduled().filter(scheduled_for__lte=day)

    def for_agent(self, user):
        """Inspections assigned to `user`, and the unassigned ones anyone may take."""
        return self.filter(Q(agent=user) | Q(agent__isnull=True))

    def for_list(self):
        """What a list row shows, fetched with the rows: the lot, the agent, violation count.

        The count is a subquery rather than a join grouped by every column: the database
        counts for the page's rows only, not for every inspection it sorts.
        """
        violations = (
            ChecklistFinding.objects.filter(
                inspection=OuterRef("pk"), result=ChecklistFinding.Result.VIOLATION
            )
            .order_by()
            .values("inspection")
            .annotate(n=Count("pk"))
            .values("n")
        )
        return self.select_related("lot", "agent", "complaint", "follows_order").annotate(
            violation_count=Coalesce(Subquery(violations, output_field=IntegerField()), 0)
        )


class Inspection(models.Model):
    class Kind(models.TextChoices):
        PRE_PERMIT = "pre_permit", "Before a permit"
        EXCAVATION = "excavation", "Excavation before fill (§20-17(2))"
        FINAL_CONSTRUCTION = "final_construction", "Final inspection of construction (§20-20(2))"
        ROUTINE = "routine", "Routine or annual"
        COMPLAINT = "complaint", "On a complaint"
        REINSPECTION = "reinspection", "Re-inspection"

    class Status(models.TextChoices):
        SCHEDULED = "scheduled", "Scheduled"
        COMPLETED = "completed", "Completed"
        CANCELLED = "cancelled", "Cancelled"

    lot = models.ForeignKey("facilities.Lot", on_delete=models.PROTECT, related_name="inspections")
    permit = models.ForeignKey(
        "permits.Permit",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="inspections",
    )
    application = models.ForeignKey(
        "permits.Application",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="inspections",
    )
    complaint = models.ForeignKey(
        Complaint, on_delete=models.PROTECT, null=True, blank=True, related_name="inspections"
    )
    follows_order = models.ForeignKey(
        "inspections.Order",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="reinspections",
    )
    kind = models.CharField(max_length=20, choices=Kind.choices)
    status = models.CharField(
        max_length=10, choices=Status.choices, default=Status.SCHEDULED, db_index=True
    )
    scheduled_for = models.DateField(db_index=True)
    agent = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="inspections",
    )
    performed_at = models.DateTimeField(null=True, blank=True)
    # When the agent tapped "Record" on a phone without a signal; the history's own time of the
    # change is when it arrived. Empty for a checklist sent at once.
    recorded_on_phone_at = models.DateTimeField(
        "recorded on the phone at",
        null=True,
        blank=True,
        help_text="Recorded in the field without a signal and sent when the signal returned.",
    )
    # When the results reached the office: the history's own time of the recording, kept on
    # the row so that §20-20(8) can read it in its query. The Board cannot have learned of a
    # violation, nor seen it settled, before it arrived: the year §20-20(8) looks at counts a
    # violation from the later of this and performed_at, so a visit recorded today with a
    # time two years back is not read as two years old (issue 33, finding 1). The time typed
    # is still the one printed. Empty until the inspection is recorded.
    arrived_at = models.DateTimeField("arrived at", null=True, blank=True, editable=False)
    summary = models.TextField(blank=True)
    cancel_reason = models.TextField(blank=True)
    submission_token = submission_token_field()
    # The token of the recording form: a second send of the same form finds it here.
    record_token = submission_token_field()
    history = HistoricalRecords()

    objects = InspectionQuerySet.as_manager()

    class Meta:
        ordering = ["-scheduled_for", "-id"]
        indexes = [
            models.Index(fields=["agent", "status", "scheduled_for"], name="inspection_agent_due"),
            # The agent's list and home page: scheduled ones up to a day, "mine or nobody's"
            # (an OR the index above cannot serve), among thousands done in past years. The
            # agent comes last so that the OR is read from the index alone, row by row (the
            # list's count: 1.3 ms -> 0.3 ms on SQLite with 5,000 scheduled).
            models.Index(fields=["status", "scheduled_for", "agent"], name="inspection_status_due"),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} at {self.lot.street_address} on {self.scheduled_for}"

    @property
    def inspected_on(self) -> date:
        """The day in Stoneham the agent inspected (the day scheduled until then): an evening
        visit is after midnight in UTC, and its UTC date would be the next day."""
        if self.performed_at is None:
            return self.scheduled_for
        return timezone.localdate(self.performed_at)

    @property
    def is_scheduled(self) -> bool:
        return self.status == self.Status.SCHEDULED

    @property
    def is_completed(self) -> bool:
        return self.status == self.Status.COMPLETED

    def is_overdue_on(self, day: date) -> bool:
        return self.is_scheduled and self.scheduled_for < day


class ChecklistFinding(models.Model):
    """The agent's answer to one checklist item drawn from the regulation."""

    class Result(models.TextChoices):
        COMPLIES = "complies", "Complies"
        VIOLATION = "violation", "Violation"
        NOT_APPLICABLE = "not_applicable", "Not applicable"

    inspection = models.ForeignKey(Inspection, on_delete=models.CASCADE, related_name="findings")
    item_id = models.CharField(max_length=60)
    citation = models.CharField(max_length=40)
    question = models.CharField(max_length=300)
    result = models.CharField(max_length=16, choices=Result.choices)
    note = models.TextField(blank=True)
    history = HistoricalRecords()

    class Meta:
        ordering = ["inspection", "id"]
        constraints = [
            models.UniqueConstraint(fields=["inspection", "item_id"], name="one_finding_per_item")
        ]

    def __str__(self) -> str:
        return f"{self.citation}: {self.get_result_display()}"


class Photo(models.Model):
    finding = models.ForeignKey(ChecklistFinding, on_delete=models.CASCADE, related_name="photos")
    image = models.FileField(upload_to="photos/%Y/%m/")
    original_name = models.CharField(max_length=255)
    content_type = models.CharField(max_length=100)
    size_bytes = models.PositiveIntegerField(default=0)
    taken_at = models.DateTimeField(default=timezone.now)
    uploaded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    history = HistoricalRecords()

    def __str__(self) -> str:
        return self.original_name


# The longest run of days the Town's offices can be closed in a row that a deadline rolls over
# (a long weekend with a holiday and a closure): generous, it only bounds a query.
ROLL_FORWARD_REACH = timedelta(days=14)


class OrderQuerySet(models.QuerySet):
    def open(self):
        return self.filter(status=Order.Status.OPEN)

    def overdue_on(self, day: date):
        """Open orders whose deadline has passed without abatement. A deadline set on a day
        the Town's offices are closed runs to the next business day (c.4 §9), so an order
        set for last Saturday is not overdue on Monday."""
        # late: inspections.clocks is tier 3, which a model reads only when called (tiers)
        from inspections.clocks import order_deadline
        from stoneham_boh.town.calendar import town_calendar

        calendar = town_calendar()
        # Only a deadline in the last few days before `day` can roll forward past it.
        recent = self.open().filter(deadline__lt=day, deadline__gte=day - ROLL_FORWARD_REACH)
        still_running = [
            pk
            for pk, deadline in recent.values_list("pk", "deadline")
            if order_deadline(deadline, calendar=calendar).when >= day
        ]
        return self.open().filter(deadline__lt=day).exclude(pk__in=still_running)

    def for_list(self):
        return self.select_related("lot", "inspection", "finding", "issued_by")


class Order(models.Model):
    """An order to correct a violation by a deadline (e.g. abate vermin, §20-16(6))."""

    class Status(models.TextChoices):
        OPEN = "open", "Open"
        ABATED = "abated", "Abated"
        UNABATED = "unabated", "Not abated by the deadline"
        WITHDRAWN = "withdrawn", "Withdrawn"

    inspection = models.ForeignKey(Inspection, on_delete=models.PROTECT, related_name="orders")
    finding = models.ForeignKey(
        ChecklistFinding, on_delete=models.PROTECT, null=True, blank=True, related_name="orders"
    )
    lot = models.ForeignKey("facilities.Lot", on_delete=models.PROTECT, related_name="orders")
    citation = models.CharField(max_length=40)
    requirement = models.TextField(help_text="What the owner must do.")
    deadline = models.DateField(db_index=True)
    status = models.CharField(
        max_length=10, choices=Status.choices, default=Status.OPEN, db_index=True
    )
    issued_on = models.DateField(default=timezone.localdate)
    issued_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    closed_on = models.DateField(null=True, blank=True)
    closing_note = models.TextField(blank=True)
    submission_token = submission_token_field()
    history = HistoricalRecords()

    objects = OrderQuerySet.as_manager()

    class Meta:
        ordering = ["deadline", "id"]

    def __str__(self) -> str:
        return f"Order {self.pk} ({self.citation}) due {self.deadline}"

    @property
    def is_open(self) -> bool:
        return self.status == self.Status.OPEN

    @property
    def deadline_clock(self):
        """The owner's last day: the deadline set, rolled forward to a business day (c.4 §9)."""
        # late: inspections.clocks is tier 3, which a model reads only when called (tiers)
        from inspections.clocks import order_deadline

        return order_deadline(self.deadline)

    @property
    def runs_until(self) -> date:
        return self.deadline_clock.when

    def is_overdue_on(self, day: date) -> bool:
        return self.is_open and self.runs_until < day


class FieldReport(models.Model):
    """A checklist the agent recorded that the office could not file on its inspection, which
    was completed or cancelled meanwhile (a colleague went with a signal while the agent's phone
    had none): what the agent saw, kept whole at the office rather than on the phone alone
    (issue 34, point 2). It is never deleted; the agent carries it into a re-inspection, or
    keeps it on the record as the agent's own observation beside the inspection's."""

    class Status(models.TextChoices):
        UNRESOLVED = "unresolved", "Waiting for the agent"
        CARRIED = "carried", "Carried into a re-inspection"
        OBSERVATION = "observation", "Kept on the record as the agent's observation"

    inspection = models.ForeignKey(
        Inspection, on_delete=models.PROTECT, related_name="field_reports"
    )
    agent = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    performed_at = models.DateTimeField(null=True, blank=True)
    recorded_on_phone_at = models.DateTimeField(null=True, blank=True)
    summary = models.TextField(blank=True)
    # Each item as the agent answered it: item_id, citation, question, result, note.
    answers = models.JSONField(default=list)
    refusal = models.TextField(help_text="Why the office could not record it.")
    reasons = models.JSONField(default=list)
    received_at = models.DateTimeField(default=timezone.now)
    # The checklist form's token: the same checklist sent again is filed once.
    token = models.UUIDField(null=True, blank=True, unique=True)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.UNRESOLVED)
    carried_into = models.ForeignKey(
        Inspection,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="carried_reports",
    )
    resolved_at = models.DateTimeField(null=True, blank=True)
    history = HistoricalRecords()

    class Meta:
        ordering = ["-received_at", "-id"]

    def __str__(self) -> str:
        return f"Field report of {self.agent} on inspection {self.inspection_id}"

    @property
    def is_unresolved(self) -> bool:
        return self.status == self.Status.UNRESOLVED

    @property
    def violations(self) -> list[dict]:
        return [a for a in self.answers if a.get("result") == ChecklistFinding.Result.VIOLATION]


class FieldReportPhoto(models.Model):
    """A photo the agent took for an item of a field report, checked as any field photo is."""

    report = models.ForeignKey(FieldReport, on_delete=models.PROTECT, related_name="photos")
    item_id = models.CharField(max_length=60)
    image = models.FileField(upload_to="field-reports/%Y/%m/")
    original_name = models.CharField(max_length=255)
    content_type = models.CharField(max_length=100)
    size_bytes = models.PositiveIntegerField(default=0)
    history = HistoricalRecords()

    class Meta:
        ordering = ["report", "id"]

    def __str__(self) -> str:
        return self.original_name
