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
    and its day once sent. The 10 business days run from receipt (records.clocks)."""

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
    contact), "document:<id>", "photo:<id>" or "notice-proof:<id>" (a whole file), or
    "passage:<kind>:<id>:<n>" (words of a record's text, kept in `passage`:
    records.passages)."""

    request = models.ForeignKey(RecordsRequest, on_delete=models.PROTECT, related_name="redactions")
    target = models.CharField(max_length=60)
    exemption = models.ForeignKey(Exemption, on_delete=models.PROTECT, related_name="+")
    note = models.CharField(max_length=200, blank=True)
    passage = models.TextField(
        blank=True, help_text="The words withheld, as they read in the record's text."
    )
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

    PASSAGE_WORDS = {
        "complaint": "A passage of complaint #",
        "inspection": "A passage of the summary of inspection #",
        "finding": "A passage of the agent's note on finding #",
    }

    @property
    def target_label(self) -> str:
        kind, _, pk = self.target.partition(":")
        if kind == "passage":
            place, pk = pk.split(":")[:2]
            return f"{self.PASSAGE_WORDS.get(place, place)}{pk}"
        return f"{self.TARGET_WORDS.get(kind, kind)}{pk}"


class ComplainantRelease(models.Model):
    """The clerk's release of a complainant's identity to one request.

    A complainant's name and contact are withheld from every package by default
    (records.complainants); this records the clerk's decision to release them to this
    requester, and why (the complainant's consent, say). Withdrawn, never deleted."""

    request = models.ForeignKey(
        RecordsRequest, on_delete=models.PROTECT, related_name="complainant_releases"
    )
    complaint = models.ForeignKey(
        "inspections.Complaint", on_delete=models.PROTECT, related_name="+"
    )
    reason = models.CharField("why it may be released", max_length=300)
    released_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    released_at = models.DateTimeField(default=timezone.now)
    withdrawn = models.BooleanField(default=False)
    history = HistoricalRecords()

    class Meta:
        ordering = ["request", "complaint", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["request", "complaint"],
                condition=models.Q(withdrawn=False),
                name="one_complainant_release_per_complaint",
            )
        ]

    def __str__(self) -> str:
        return (
            f"Complainant of complaint #{self.complaint_id} released to request #{self.request_id}"
        )


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
        MEETING_NOTICE = "meeting_notice", "Meeting notices and their postings"
        LEGAL_NOTICE = "legal_notice", "Legal notices and their proofs"
        MAIL_RECEIPT = "mail_receipt", "Registered-mail notices and receipts"
        VARIANCE = "variance", "Variances"
        ORDER = "order", "Orders to correct a violation"
        AMENDMENT = "amendment", "The regulation and its amendments"

    class Trigger(models.TextChoices):
        PERMIT_END = "permit_end", "The permit's expiry, or its revocation if earlier"
        DECISION = "decision", "The Board's decision"
        INSPECTED = "inspected", "The inspection"
        CLOSED = "closed", "The complaint's closing"
        RESPONDED = "responded", "The response to the request"
        MEETING = "meeting", "The meeting or hearing it served"
        VARIANCE_END = "variance_end", "The variance's expiry or rescission"
        ORDER_CLOSED = "order_closed", "The order's closing"
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
    # Where the schedule says so, a town destroys a record only with the Supervisor of
    # Records' written authorization, and its destruction log cites it.
    authorization_required = models.BooleanField(
        "the Supervisor of Records' authorization is required before destruction", default=False
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
    authorization = models.CharField(
        "the Supervisor of Records' authorization", max_length=200, blank=True
    )
    history = HistoricalRecords()

    class Meta:
        ordering = ["-destroyed_on", "-id"]
        constraints = [
            models.UniqueConstraint(fields=["series", "record_id"], name="destroyed_once")
        ]

    def __str__(self) -> str:
        return f"{self.record_label}, destroyed {self.destroyed_on}"


class Extension(models.TextChoices):
    """How the time to respond was extended (c.66 §10(c), 950 CMR 32.06(4))."""

    AGREED = "agreed", "The requester agreed in writing"
    SUPERVISOR = "supervisor", "The Supervisor of Records granted a petition"


class WrittenResponse(models.Model):
    """The written response c.66 §10(b) requires within ten business days: drafted by the
    clerk, reviewed and signed by the records access officer, sent. Once signed, its letter
    is kept as sent and the request is answered (records.actions.sign_response)."""

    request = models.OneToOneField(
        RecordsRequest, on_delete=models.PROTECT, related_name="written_response"
    )
    provided = models.TextField(
        "records provided with this response",
        blank=True,
        help_text="What is sent now, and how (e-mail, paper copies, a link).",
    )
    not_held = models.TextField("records asked for that the Board does not hold", blank=True)
    held_by = models.CharField("who holds them, if known", max_length=200, blank=True)
    produce_by = models.DateField(
        "the rest will be produced by",
        null=True,
        blank=True,
        help_text="When not everything is sent with the response (c.66 §10(b)(vi)).",
    )
    why_more_time = models.TextField("why the rest needs that time", blank=True)
    narrowing = models.TextField(
        "a narrower request that could be answered sooner or for less", blank=True
    )
    pages = models.PositiveIntegerField("pages copied", default=0)
    staff_minutes = models.PositiveIntegerField(
        "staff time (minutes)",
        default=0,
        help_text="To search, segregate and redact (c.66 §10(d)(ii)).",
    )
    hourly_rate = models.DecimalField(
        "hourly rate",
        help_text="Of the lowest-paid employee able to do the work; at most $25.",
        max_digits=5,
        decimal_places=2,
        default=0,
    )
    extended_to = models.DateField("time extended to", null=True, blank=True)
    extension = models.CharField(
        "how the time was extended", max_length=12, choices=Extension.choices, blank=True
    )
    extension_petitioned_on = models.DateField(
        "petition to the Supervisor filed on", null=True, blank=True
    )
    letter = models.TextField("the letter as signed", blank=True, editable=False)
    signed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        editable=False,
    )
    signed_on = models.DateField(null=True, blank=True, editable=False)
    history = HistoricalRecords()

    def __str__(self) -> str:
        return f"Written response to {self.request}"

    @property
    def signed(self) -> bool:
        return self.signed_on is not None
