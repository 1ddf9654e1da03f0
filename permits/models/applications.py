"""Applications (§20-20): what was applied for, by whom, for which lot, and where it stands;
what an applicant online may propose about the lot; a receipt taken back by mistake.
"""

from __future__ import annotations

from decimal import Decimal

from django.conf import settings
from django.core.validators import MinValueValidator
from django.db import models
from django.db.models import Q
from simple_history.models import HistoricalRecords

from facilities.choices import ManureMethod
from facilities.models import Lot
from permits.models.applicants import Applicant
from stoneham_boh.lib.corrections import MistakeCorrected
from stoneham_boh.lib.dates import long_date
from stoneham_boh.lib.record_ids import record_id


class ApplicationQuerySet(models.QuerySet):
    def with_facts(self):
        """Prefetch what permits.facts_from_records reads (a fixed few queries for many)."""
        # late: permits.facts_loading is tier 3, and a model imports only models and tiers 0-1
        # at import (tests/stoneham_boh/test_layering.py); a model's method may read tier 3.
        from permits.facts_loading import prefetches

        return self.select_related("lot", "applicant", "renews").prefetch_related(*prefetches())

    def seen_by_applicant(self, user):
        """The applications `user` sees as an applicant: their own, not the clerk's drafts.

        The one answer for the applicant's home page, their lists and their pages alike; a
        clerk's draft is unfinished data entry, not yet the applicant's application, while a
        draft begun online is the applicant's own work.
        """
        return self.filter(applicant__user=user, applicant__user__isnull=False).exclude(
            status=self.model.Status.DRAFT, channel=self.model.Channel.CLERK
        )

    def needing_attention(self):
        """Open applications the clerk must move on: the clerk's drafts, those sent online,
        received ones, approved ones. A draft being typed online is the applicant's."""
        Status = self.model.Status
        return self.filter(
            Q(status=Status.DRAFT, channel=self.model.Channel.CLERK)
            | Q(status__in=[Status.SUBMITTED, Status.RECEIVED, Status.APPROVED])
        )

    def search(self, text: str):
        """Free text: the applicant's name, the lot's street address or parcel id, or the id."""
        text = text.strip()
        if not text:
            return self
        match = (
            Q(applicant__name__icontains=text)
            | Q(lot__street_address__icontains=text)
            | Q(lot__parcel_id__icontains=text)
        )
        if (pk := record_id(text.lstrip("#"))) is not None:
            match |= Q(pk=pk)
        return self.filter(match)


class Application(models.Model):
    class Kind(models.TextChoices):
        NEW = "new", "New"
        RENEWAL = "renewal", "Renewal"

    class Status(models.TextChoices):
        DRAFT = "draft", "Draft"
        RECEIVED = "received", "Received"
        AWAITING_HEARING = "awaiting_hearing", "Awaiting hearing"
        APPROVED = "approved", "Approved"
        DENIED = "denied", "Denied"
        ISSUED = "issued", "Permit issued"
        WITHDRAWN = "withdrawn", "Withdrawn"
        # Online applications only: sent by the applicant, not yet accepted as received by
        # the clerk (the fee date of §20-20(4) is the day received, not the day sent).
        SUBMITTED = "submitted_online", "Submitted online"
        INFORMATION_REQUESTED = "information_requested", "More information requested"

    class Channel(models.TextChoices):
        CLERK = "clerk", "Entered by the clerk"
        ONLINE = "online", "Applied online"

    class Construction(models.TextChoices):
        NONE = "none", "No construction"
        NEW = "new", "New construction"
        REMODEL = "remodel", "Remodelling"

    OPEN_STATUSES = (
        Status.DRAFT,
        Status.SUBMITTED,
        Status.INFORMATION_REQUESTED,
        Status.RECEIVED,
        Status.AWAITING_HEARING,
        Status.APPROVED,
    )
    # An online application the applicant is still typing, or answering the clerk in.
    APPLICANTS_TURN = (Status.DRAFT, Status.INFORMATION_REQUESTED)

    kind = models.CharField(max_length=10, choices=Kind.choices, default=Kind.NEW)
    channel = models.CharField(
        max_length=10,
        choices=Channel.choices,
        default=Channel.CLERK,
        help_text="Who typed the application in: the clerk at intake, or the applicant online.",
    )
    submitted_online_at = models.DateTimeField(
        null=True, blank=True, help_text="When the applicant last sent it from the web site."
    )
    status = models.CharField(
        max_length=24, choices=Status.choices, default=Status.DRAFT, db_index=True
    )
    received_on = models.DateField(null=True, blank=True, db_index=True)
    # §20-20(4): the fee of the schedule in force when the application was received, kept at
    # receipt so that a schedule entered later with an earlier effective date changes nothing
    # already received (None: not received, or no schedule was in force that day).
    fee_at_receipt = models.DecimalField(
        "fee at receipt", max_digits=8, decimal_places=2, null=True, blank=True, editable=False
    )
    applicant = models.ForeignKey(Applicant, on_delete=models.PROTECT, related_name="applications")
    # None only for an application made online that the clerk has not yet matched to a lot
    # on receipt: until then what the applicant typed about the lot is `lot_proposal`.
    lot = models.ForeignKey(
        "facilities.Lot",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="applications",
    )
    lot_proposal = models.JSONField(
        "the lot as the applicant described it",
        default=dict,
        blank=True,
        help_text="Typed online (street, parcel id, acreage, ground). A proposal only: the "
        "clerk matches the lot on receipt; a resident never changes a lot on file.",
    )
    withdrawn_reason = models.CharField(
        "why it was withdrawn",
        max_length=300,
        blank=True,
        help_text="Said by the clerk who discarded an abandoned online draft.",
    )
    renews = models.ForeignKey(
        "permits.Permit",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="renewal_applications",
        help_text="The permit this application renews.",
    )
    # §20-20(1) documents received with a new application.
    doc_site_plan = models.BooleanField("plan of the property", default=False)
    doc_certified_abutter_list = models.BooleanField("certified abutter list", default=False)
    doc_maintenance_plan = models.BooleanField("maintenance plan", default=False)
    doc_fly_vermin_control_method = models.BooleanField("fly and vermin control", default=False)
    doc_construction_drainage_details = models.BooleanField(
        "construction and drainage details", default=False
    )
    doc_fencing_details = models.BooleanField("fencing details", default=False)
    # §20-20(2) construction; the Board's approval of its plans is a BoardApproval, the
    # agent's completion is a final-construction inspection, and the building inspector's
    # approval is recorded here with its date and its document (permits.construction).
    construction = models.CharField(
        max_length=10, choices=Construction.choices, default=Construction.NONE
    )
    building_inspector_approved_on = models.DateField(
        "approved by the building inspector on", null=True, blank=True
    )
    building_inspector_document = models.ForeignKey(
        "permits.Document",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        help_text="§20-20(2)(a): the building inspector's written approval, as received.",
    )
    # Facts of the keeping that are not structures or animals.
    manure_method = models.CharField(
        max_length=12, choices=ManureMethod.choices, blank=True, help_text="§20-16(2)-(3)."
    )
    securely_fenced = models.BooleanField(
        "facility securely fenced", default=False, help_text="§20-15(7)."
    )
    vermin_licensed_operator = models.BooleanField(
        "carried out by a licensed pest control operator", default=False, help_text="§20-19."
    )
    conservation_commission_wetland_ft = models.DecimalField(
        "wetland setback authorized by the Conservation Commission (ft)",
        max_digits=6,
        decimal_places=1,
        null=True,
        blank=True,
        validators=[MinValueValidator(Decimal("0"))],
        help_text="§20-15(4)(b): never less than the floor the regulation sets.",
    )
    notes = models.TextField(blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    history = HistoricalRecords()

    objects = ApplicationQuerySet.as_manager()

    class Meta:
        ordering = ["-received_on", "-id"]
        indexes = [
            models.Index(fields=["status", "-received_on"], name="application_status_received"),
            models.Index(fields=["kind", "status"], name="application_kind_status"),
        ]
        constraints = [
            # Only an online application waits for the clerk to match its lot.
            models.CheckConstraint(
                condition=Q(lot__isnull=False) | Q(channel="online"),
                name="application_lot_unless_online",
            )
        ]

    def __str__(self) -> str:
        return f"Application #{self.pk} ({self.get_kind_display().lower()})"

    def proposed_lot(self) -> Lot:
        """What the applicant typed about the lot, as an unsaved lot (never saved as such:
        the forms and the compliance check read it; the clerk matches it on receipt)."""
        values = {}
        for name in LOT_PROPOSAL_FIELDS:
            if name not in (self.lot_proposal or {}):
                continue
            value = self.lot_proposal[name]
            field = Lot._meta.get_field(name)
            if value is not None and isinstance(field, models.DecimalField):
                value = Decimal(str(value))
            values[name] = value
        return Lot(**values)

    @property
    def lot_for_facts(self) -> Lot:
        """The lot the rules read: the lot on file, else (an online application not yet
        matched) the lot as proposed."""
        return self.lot if self.lot_id is not None else self.proposed_lot()

    @property
    def site_address(self) -> str:
        """Where the animals are (to be) kept: the lot's address, else the one proposed."""
        if self.lot_id is not None:
            return self.lot.street_address
        return (self.lot_proposal or {}).get("street_address") or ""

    @property
    def is_open(self) -> bool:
        return self.status in self.OPEN_STATUSES

    @property
    def is_editable(self) -> bool:
        """The clerk may still change what was applied for: until a decision or the permit."""
        return self.status in (
            self.Status.DRAFT,
            self.Status.INFORMATION_REQUESTED,
            self.Status.RECEIVED,
            self.Status.AWAITING_HEARING,
        )

    @property
    def is_online(self) -> bool:
        return self.channel == self.Channel.ONLINE

    @property
    def in_applicants_hands(self) -> bool:
        """An online application the applicant may change now (the clerk's intake may not)."""
        return self.is_online and self.status in self.APPLICANTS_TURN

    @property
    def year(self) -> int:
        return (self.received_on or self.created_at.date()).year


# What an applicant online may say about the lot (the resident's form): a proposal.
LOT_PROPOSAL_FIELDS = (
    "street_address",
    "parcel_id",
    "area_acres",
    "percolation_min_per_inch",
    "flood_prone",
    "stagnant_water",
    "porous_fill_depth_in",
    "porous_fill_extends_ft",
)


class ReceiptUndone(MistakeCorrected):
    """The clerk marked an application received by mistake and took it back: the day and the
    fee it was received on (§20-20(4)), the state it returned to, who, when and why."""

    application = models.ForeignKey(
        Application, on_delete=models.PROTECT, related_name="receipts_undone"
    )
    received_on = models.DateField("had been marked received on")
    fee_at_receipt = models.DecimalField(
        "fee kept at that receipt", max_digits=8, decimal_places=2, null=True, blank=True
    )
    returned_to = models.CharField("returned to", max_length=24, choices=Application.Status.choices)
    history = HistoricalRecords()

    class Meta:
        ordering = ["application", "-corrected_at", "-id"]

    def __str__(self) -> str:
        return f"Receipt of {long_date(self.received_on)} undone"
