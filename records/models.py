"""Public records requests (M.G.L. c.66 §10) and their redactions; the exemptions counsel
worded. Retention of the Board's records lives in records.retention_models (imported here so
Django finds it)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone
from simple_history.models import HistoricalRecords


class Exemption(models.Model):
    """One exemption from disclosure (c.4 §7(26)) as the Board's counsel worded it: the
    administrator's list, edited in the Django admin, never restated in a template."""

    citation = models.CharField(max_length=80, help_text="e.g. M.G.L. c.4 §7(26)(f).")
    name = models.CharField(max_length=120, help_text="A short name the clerk chooses by.")
    wording = models.TextField(help_text="Counsel's wording, printed where the redaction is.")
    in_use = models.BooleanField(default=True, help_text="Untick to retire it; it stays on record.")
    history = HistoricalRecords()

    class Meta:
        ordering = ["citation", "name"]

    def __str__(self) -> str:
        return f"{self.citation} ({self.name})"


class RecordsRequest(models.Model):
    """A request for public records: who asked, for what, when it was received; the response
    and its day once sent. The 10 business days run from receipt (hearings.clocks)."""

    requester = models.CharField("requested by", max_length=200)
    contact = models.CharField("how to reach them", max_length=200, blank=True)
    description = models.TextField("records asked for")
    received_on = models.DateField("received on")
    permit = models.ForeignKey(
        "permits.Permit",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="records_requests",
        help_text="The permit whose file answers it, when one does.",
    )
    responded_on = models.DateField("response sent on", null=True, blank=True)
    response = models.TextField("what was sent", blank=True)
    logged_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    logged_at = models.DateTimeField(default=timezone.now)
    history = HistoricalRecords()

    class Meta:
        ordering = ["-received_on", "-id"]

    def __str__(self) -> str:
        return f"Records request #{self.pk} from {self.requester}"

    @property
    def is_open(self) -> bool:
        return self.responded_on is None


class Redaction(models.Model):
    """One part of the package withheld from a request, and the exemption that allows it.

    `target` names what is withheld: "complainant:<complaint id>" (the complainant's name and
    contact), "document:<id>", "photo:<id>" or "notice-proof:<id>" (a whole file)."""

    request = models.ForeignKey(RecordsRequest, on_delete=models.PROTECT, related_name="redactions")
    target = models.CharField(max_length=60)
    exemption = models.ForeignKey(Exemption, on_delete=models.PROTECT, related_name="+")
    note = models.CharField(max_length=200, blank=True)
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    withdrawn = models.BooleanField(default=False)
    history = HistoricalRecords()

    class Meta:
        ordering = ["request", "target", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["request", "target"],
                condition=models.Q(withdrawn=False),
                name="one_redaction_per_target",
            )
        ]

    def __str__(self) -> str:
        return f"{self.target_label} withheld under {self.exemption}"

    TARGET_WORDS = {
        "complainant": "The complainant of complaint #",
        "document": "Document #",
        "photo": "Photo #",
        "notice-proof": "Proof of the legal notice #",
    }

    @property
    def target_label(self) -> str:
        kind, _, pk = self.target.partition(":")
        return f"{self.TARGET_WORDS.get(kind, kind)}{pk}"


class RecordSeries(models.Model):
    """A series of the Board's records in the retention table. The product ships the series
    (what they hold, what starts their clock); the Town Clerk fills each period from the
    state's municipal retention schedule. Minutes and decisions are kept permanently."""

    class Kind(models.TextChoices):
        PERMIT = "permit", "Permits"
        DOCUMENT = "document", "Application documents"
        DECISION = "decision", "Decisions of the Board"
        MINUTES = "minutes", "Minutes"
        INSPECTION = "inspection", "Inspections"
        COMPLAINT = "complaint", "Complaints"
        RECORDS_REQUEST = "records_request", "Public records requests"

    class Trigger(models.TextChoices):
        PERMIT_END = "permit_end", "The permit's expiry, or its revocation if earlier"
        DECISION = "decision", "The Board's decision"
        INSPECTED = "inspected", "The inspection"
        CLOSED = "closed", "The complaint's closing"
        RESPONDED = "responded", "The response to the request"
        NONE = "none", "None: kept permanently"

    kind = models.CharField(max_length=20, choices=Kind.choices, unique=True)
    name = models.CharField(max_length=120)
    trigger = models.CharField("the clock starts at", max_length=20, choices=Trigger.choices)
    permanent = models.BooleanField(default=False, editable=False)
    period_years = models.PositiveSmallIntegerField(
        "retention period (years)", null=True, blank=True, help_text="Filled by the Town Clerk."
    )
    schedule_item = models.CharField(
        "item of the state's retention schedule", max_length=80, blank=True
    )
    history = HistoricalRecords()

    class Meta:
        ordering = ["name"]
        verbose_name_plural = "record series"
        permissions = [
            (
                "act_as_town_clerk",
                "Acts as the Town Clerk: fills retention periods, confirms destruction",
            )
        ]

    def __str__(self) -> str:
        return self.name


class LegalHold(models.Model):
    """A hold on one record (or, without `record_id`, a whole series): nothing under it is
    destroyed until it is released."""

    series = models.ForeignKey(RecordSeries, on_delete=models.PROTECT, related_name="holds")
    record_id = models.PositiveIntegerField(null=True, blank=True)
    reason = models.CharField(max_length=300)
    placed_on = models.DateField(default=timezone.localdate)
    placed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    released_on = models.DateField(null=True, blank=True)
    released_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    history = HistoricalRecords()

    class Meta:
        ordering = ["-placed_on", "-id"]

    def __str__(self) -> str:
        target = f"record #{self.record_id}" if self.record_id else "the whole series"
        return f"Legal hold on {target} of {self.series}"

    @property
    def in_force(self) -> bool:
        return self.released_on is None


class Destruction(models.Model):
    """The log of a record destroyed: its content removed (and from its history's rows), this
    entry kept, with the Town Clerk who confirmed it."""

    series = models.ForeignKey(RecordSeries, on_delete=models.PROTECT, related_name="destructions")
    record_id = models.PositiveIntegerField()
    record_label = models.CharField("what was destroyed", max_length=300)
    disposition_on = models.DateField("disposition date")
    destroyed_on = models.DateField()
    confirmed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    confirmation = models.CharField("the Town Clerk's confirmation", max_length=200)
    history = HistoricalRecords()

    class Meta:
        ordering = ["-destroyed_on", "-id"]
        constraints = [
            models.UniqueConstraint(fields=["series", "record_id"], name="destroyed_once")
        ]

    def __str__(self) -> str:
        return f"{self.record_label}, destroyed {self.destroyed_on}"
