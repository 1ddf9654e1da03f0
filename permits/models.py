"""Applicants, applications, permits, fees and payments (§20-20)."""

from __future__ import annotations

import secrets
from datetime import date
from decimal import Decimal

from django.conf import settings
from django.core.validators import MinValueValidator
from django.db import models
from django.db.models import F, Q, Value
from django.db.models.functions import Upper
from django.utils import timezone
from simple_history.models import HistoricalRecords

from facilities.choices import ManureMethod, Species, counted
from facilities.models import AnimalKind, Lot, MailingAddress, named_only_when_other_domestic
from stoneham_boh.lib.corrections import MistakeCorrected
from stoneham_boh.lib.dates import long_date
from stoneham_boh.lib.emails import canonical_email, same_email
from stoneham_boh.lib.record_ids import record_id

NON_NEGATIVE_MONEY = [MinValueValidator(Decimal("0"))]

# §20-20(1): the six things a new application must bring, in the contract's words.
DOCUMENT_FIELDS = (
    ("doc_site_plan", "site_plan", "Plan of the property and structures"),
    ("doc_certified_abutter_list", "certified_abutter_list", "Certified abutter list"),
    ("doc_maintenance_plan", "maintenance_plan", "Maintenance plan (clean, no stagnant water)"),
    ("doc_fly_vermin_control_method", "fly_vermin_control_method", "Fly and vermin control"),
    (
        "doc_construction_drainage_details",
        "construction_drainage_details",
        "Construction and drainage details",
    ),
    ("doc_fencing_details", "fencing_details", "Fencing type, location and dimensions"),
)


class ApplicantQuerySet(models.QuerySet):
    def named(self, name: str):
        """The applicants of this name, whatever its case, found through the name's index."""
        return self.alias(name_upper=Upper("name")).filter(name_upper=Upper(Value(name)))

    def search(self, text: str):
        """Free text: the name, the contact person, the mailing street, e-mail or phone."""
        text = text.strip()
        if not text:
            return self
        return self.filter(
            Q(name__icontains=text)
            | Q(contact_person__icontains=text)
            | Q(mailing_street__icontains=text)
            | Q(email__icontains=text)
            | Q(phone__icontains=text)
        )

    def with_email(self, address: str):
        """Applicants whose e-mail is `address` in allauth's canonical form, exactly.

        The database's case-insensitive match only narrows the rows to read (it may fold
        look-alike letters together: ı and I, ſ and S on PostgreSQL); the exact comparison of
        canonical forms decides (stoneham_boh.lib.emails).
        """
        wanted = canonical_email(address)
        if not wanted:
            return self.none()
        near = self.filter(Q(email__iexact=wanted) | Q(email=address.strip()))
        return self.filter(pk__in=[a.pk for a in near if same_email(a.email, wanted)])


class Applicant(MailingAddress):
    class Kind(models.TextChoices):
        PERSON = "person", "Person"
        ORGANISATION = "organisation", "Organisation"

    kind = models.CharField(max_length=12, choices=Kind.choices, default=Kind.PERSON)
    name = models.CharField(max_length=200, db_index=True, help_text="Full name or organisation.")
    contact_person = models.CharField(
        max_length=200, blank=True, help_text="For organisations: who to speak to."
    )
    phone = models.CharField(max_length=30, blank=True)
    email = models.EmailField(blank=True)
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="applicant",
        help_text="The applicant's own log-in, once invited.",
    )
    created_at = models.DateTimeField(auto_now_add=True)
    history = HistoricalRecords()

    objects = ApplicantQuerySet.as_manager()

    class Meta:
        ordering = ["name"]
        # The register's import finds the holder on record by name, whatever its case
        # (permits/register_import/loading.py), through this index, not a scan (issue 39).
        indexes = [models.Index(Upper("name"), name="applicant_name_upper")]

    def __str__(self) -> str:
        return self.name


class ApplicationQuerySet(models.QuerySet):
    def with_facts(self):
        """Prefetch what permits.facts_from_records reads (a fixed few queries for many)."""
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


class Document(models.Model):
    """A file received with an application, stored privately and served only to staff."""

    class Kind(models.TextChoices):
        SITE_PLAN = "site_plan", "Site plan"
        ABUTTER_LIST = "certified_abutter_list", "Certified abutter list"
        MAINTENANCE_PLAN = "maintenance_plan", "Maintenance plan"
        VERMIN_CONTROL = "fly_vermin_control_method", "Fly and vermin control method"
        CONSTRUCTION = "construction_drainage_details", "Construction and drainage details"
        FENCING = "fencing_details", "Fencing details"
        APPROVAL = "approval", "Approval or correspondence"
        BUILDING_INSPECTOR = "building_inspector_approval", "Building inspector's approval"
        # A paper handed to the Board at the hearing: an exhibit the minutes list (c.30A §22(a)).
        HEARING_EXHIBIT = "hearing_exhibit", "Document handed in at the hearing"
        OTHER = "other", "Other"

    application = models.ForeignKey(Application, on_delete=models.CASCADE, related_name="documents")
    kind = models.CharField(max_length=40, choices=Kind.choices)
    # No file when the clerk records that the paper original is on file (paper_original).
    file = models.FileField(upload_to="documents/%Y/%m/", blank=True)
    paper_original = models.BooleanField(
        "paper original on file",
        default=False,
        help_text="Recorded by the clerk who holds the paper: who and when are uploaded_by/_at.",
    )
    original_name = models.CharField(max_length=255)
    content_type = models.CharField(max_length=100)
    size_bytes = models.PositiveIntegerField()
    description = models.CharField(max_length=200, blank=True)
    uploaded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    uploaded_at = models.DateTimeField(default=timezone.now)
    voided = models.BooleanField(default=False)
    void_reason = models.CharField(max_length=200, blank=True)
    # Sent by the applicant from their page after the clerk received the application: it
    # counts as the §20-20(1) document only once the clerk has looked at it and accepted it.
    supplement = models.BooleanField(
        "sent by the applicant after receipt",
        default=False,
        help_text="Counts toward §20-20(1) only once accepted (accepted_by/_at).",
    )
    accepted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    accepted_at = models.DateTimeField(null=True, blank=True)
    history = HistoricalRecords()

    class Meta:
        ordering = ["application", "kind", "uploaded_at"]

    def __str__(self) -> str:
        return f"{self.get_kind_display()}: {self.original_name}"

    @property
    def awaiting_acceptance(self) -> bool:
        """An applicant's supplement the clerk has neither accepted nor declined (voided)."""
        return self.supplement and self.accepted_at is None and not self.voided


class ClerkLetter(models.Model):
    """A letter the clerk wrote to the applicant, printed on the Board's paper and posted (an
    applicant without e-mail): kept on the application's file as written, by whom and when."""

    application = models.ForeignKey(
        Application, on_delete=models.PROTECT, related_name="clerk_letters"
    )
    subject = models.CharField(max_length=200)
    body = models.TextField()
    written_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    written_at = models.DateTimeField(default=timezone.now)
    history = HistoricalRecords()

    class Meta:
        ordering = ["application", "-written_at", "-id"]

    def __str__(self) -> str:
        return f"Letter of {timezone.localdate(self.written_at):%B %d, %Y}: {self.subject}"


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


class FeeSchedule(models.Model):
    """The schedule of fees in force from a date (§20-20(4): the fee at application or renewal)."""

    name = models.CharField(max_length=120)
    effective_from = models.DateField(unique=True)
    new_application_fee = models.DecimalField(
        max_digits=8, decimal_places=2, validators=NON_NEGATIVE_MONEY
    )
    renewal_fee = models.DecimalField(max_digits=8, decimal_places=2, validators=NON_NEGATIVE_MONEY)
    history = HistoricalRecords()

    class Meta:
        ordering = ["-effective_from"]
        constraints = [
            models.CheckConstraint(
                condition=Q(new_application_fee__gte=0) & Q(renewal_fee__gte=0),
                name="fee_schedule_non_negative",
            )
        ]

    def __str__(self) -> str:
        return f"{self.name} (from {long_date(self.effective_from)})"

    @classmethod
    def in_force_on(cls, day: date) -> FeeSchedule | None:
        return cls.objects.filter(effective_from__lte=day).order_by("-effective_from").first()

    def fee_for(self, kind: str) -> Decimal:
        return self.renewal_fee if kind == Application.Kind.RENEWAL else self.new_application_fee


class Payment(models.Model):
    class Method(models.TextChoices):
        CHECK = "check", "Check"
        CASH = "cash", "Cash"
        CARD = "card", "Card"
        MONEY_ORDER = "money_order", "Money order"

    application = models.ForeignKey(Application, on_delete=models.PROTECT, related_name="payments")
    amount = models.DecimalField(max_digits=8, decimal_places=2, validators=NON_NEGATIVE_MONEY)
    received_on = models.DateField()
    method = models.CharField(max_length=12, choices=Method.choices)
    reference = models.CharField(max_length=60, blank=True, help_text="Check or receipt number.")
    received_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    voided = models.BooleanField(default=False)
    void_reason = models.CharField(max_length=200, blank=True)
    # A payment recorded to correct a mistyped one: the one it replaces, voided with the reason.
    corrects = models.OneToOneField(
        "self",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        editable=False,
        related_name="corrected_by",
    )
    history = HistoricalRecords()

    class Meta:
        ordering = ["application", "received_on", "id"]
        constraints = [
            models.CheckConstraint(condition=Q(amount__gt=0), name="payment_amount_positive")
        ]

    def __str__(self) -> str:
        return f"${self.amount} by {self.get_method_display().lower()} on {self.received_on}"


class PermitQuerySet(models.QuerySet):
    def paper_numbered(self, number: str):
        """The register's paper permits numbered `number`, whatever its case, found through the
        number's index."""
        return self.alias(number_upper=Upper("register_number")).filter(
            legacy=True, number_upper=Upper(Value(number))
        )

    def seen_by_holder(self, user):
        """The permits `user` sees as a holder: their own, void ones left out (a voided permit
        was never valid to show). Used by the applicant's home page, lists and PDFs alike."""
        return self.filter(holder__user=user, holder__user__isnull=False).exclude(
            status=Permit.Status.VOID
        )

    def in_status(self, status: str, day: date):
        """Permits a reader would see in `status` on `day`: an active permit past its expiry
        reads as expired (§20-20(5)) though no one changed it."""
        if status == Permit.Status.EXPIRED:
            return self.filter(status=Permit.Status.ACTIVE, expires_on__lt=day)
        if status == Permit.Status.ACTIVE:
            return self.filter(status=Permit.Status.ACTIVE, expires_on__gte=day)
        return self.filter(status=status)

    def expiring_on(self, day: date):
        """Active permits that expire on `day` and have no renewal issued or under way.

        NOT EXISTS, not NOT IN: PostgreSQL turns it into an anti-join (NOT IN, which must
        honour NULLs, once became a subquery rescanned per permit: four seconds at 10,000
        permits), and SQLite probes the renewal index once per permit expiring that day
        instead of listing every issued application (5 ms a query at 10,000 permits).
        """
        renewing = Application.objects.filter(
            renews=models.OuterRef("pk"),
            status__in=[*Application.OPEN_STATUSES, Application.Status.ISSUED],
        )
        return self.filter(status=Permit.Status.ACTIVE, expires_on=day).exclude(
            models.Exists(renewing)
        )

    def search(self, text: str):
        text = text.strip()
        if not text:
            return self
        return self.filter(
            Q(number__icontains=text)
            # The number on a permit issued on paper, as the holder reads it out ("93-41").
            | Q(register_number__icontains=text)
            | Q(holder__name__icontains=text)
            | Q(lot__street_address__icontains=text)
            | Q(lot__parcel_id__icontains=text)
        )


class Permit(models.Model):
    """A written permit to keep animals, valid to December 31 (§20-15(1), §20-20(5)).

    A permit is never edited after issue (§20-20(7)): it is revoked, or voided with a
    reason, and a new application leads to a new permit.
    """

    class Status(models.TextChoices):
        ACTIVE = "active", "Active"
        # Entered from the town's paper register: not in force until the Board accepts it.
        PROVISIONAL = "provisional", "Provisional (awaiting the Board's acceptance)"
        EXPIRED = "expired", "Expired"
        REVOKED = "revoked", "Revoked"
        VOID = "void", "Void"

    number = models.CharField(max_length=12, unique=True)
    year = models.PositiveSmallIntegerField(db_index=True)
    sequence = models.PositiveIntegerField()
    application = models.OneToOneField(Application, on_delete=models.PROTECT, related_name="permit")
    holder = models.ForeignKey(Applicant, on_delete=models.PROTECT, related_name="permits")
    # Who the permit was issued to, as the applicant record read at issue: the printed permit
    # and the public verification page name them, whatever the record says later
    # (§20-20(7): a permit is not transferable).
    holder_name = models.CharField("issued to", max_length=200, blank=True)
    holder_address = models.TextField("holder's address at issue", blank=True)
    lot = models.ForeignKey("facilities.Lot", on_delete=models.PROTECT, related_name="permits")
    issued_on = models.DateField()
    expires_on = models.DateField(db_index=True)
    status = models.CharField(
        max_length=12, choices=Status.choices, default=Status.ACTIVE, db_index=True
    )
    conditions = models.TextField(blank=True)
    variances_text = models.TextField(
        "variances", blank=True, help_text="The variances in force when issued, as printed."
    )
    grandfathered = models.BooleanField(default=False, help_text="§20-20(8).")
    # A keeping permitted on paper before the system existed is entered once, as a legacy
    # permit: the date it was first permitted and the record that shows it (§20-20(8)).
    legacy = models.BooleanField(default=False)
    first_permitted_on = models.DateField(
        "keeping first permitted on",
        null=True,
        blank=True,
        help_text="Legacy permits: the date of the original permit (§20-20(8)).",
    )
    legacy_basis = models.CharField(
        "the record it rests on",
        max_length=300,
        blank=True,
        help_text="Legacy permits: the paper permit or minutes that show the original date.",
    )
    # The paper register's entry: its own number, its scan, the rules' findings when entered,
    # and the day the Board accepted it by a vote at a meeting (until then, provisional).
    register_number = models.CharField("number on the paper permit", max_length=40, blank=True)
    register_document = models.ForeignKey(
        "Document", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    register_findings = models.JSONField(default=list, blank=True, editable=False)
    register_accepted_on = models.DateField("accepted by the Board on", null=True, blank=True)
    verify_token = models.CharField(max_length=43, unique=True, editable=False)
    issued_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    revoked_on = models.DateField(null=True, blank=True)
    revocation_reason = models.TextField(blank=True)
    removal_ordered_by = models.DateField(
        "animals to be removed by", null=True, blank=True, help_text="§20-20(6)."
    )
    void_reason = models.TextField(blank=True)
    history = HistoricalRecords()

    objects = PermitQuerySet.as_manager()

    class Meta:
        ordering = ["-year", "-sequence"]
        # A paper permit's number, whatever its case, is entered once (enter_register_permit):
        # found through this index, not by scanning the register (issue 39).
        indexes = [models.Index(Upper("register_number"), name="permit_register_number_upper")]
        constraints = [
            models.UniqueConstraint(fields=["year", "sequence"], name="permit_sequence_per_year"),
            models.CheckConstraint(condition=Q(sequence__gte=1), name="permit_sequence_positive"),
            models.CheckConstraint(
                condition=Q(expires_on__gte=F("issued_on")), name="permit_expires_after_issue"
            ),
        ]

    def __str__(self) -> str:
        return f"Permit {self.number}"

    def save(self, *args, **kwargs):
        if not self.verify_token:
            self.verify_token = secrets.token_urlsafe(32)
        super().save(*args, **kwargs)

    def take_holder_snapshot(self) -> None:
        """Copy the holder's name and mailing address as they stand now (at issue)."""
        self.holder_name = self.holder.name
        self.holder_address = "\n".join(
            line for line in self.holder.mailing_address_lines if line.strip(" ,")
        )

    @property
    def issued_to(self) -> str:
        return self.holder_name or self.holder.name

    @property
    def issued_to_address_lines(self) -> list[str]:
        if self.holder_name:
            return [line for line in self.holder_address.splitlines() if line]
        return self.holder.mailing_address_lines

    def status_on(self, day: date) -> str:
        """The status a reader sees: an active permit past December 31 shows as expired."""
        if self.status == self.Status.ACTIVE and day > self.expires_on:
            return self.Status.EXPIRED
        return self.status

    @property
    def current_status(self) -> str:
        return self.status_on(timezone.localdate())

    @property
    def current_status_label(self) -> str:
        return self.Status(self.current_status).label


def permit_expiry(year: int) -> date:
    """§20-20(5): every permit expires on December 31 of the year it is issued for."""
    return date(year, 12, 31)


class PermitAnimal(AnimalKind):
    """The exact number and kind of animals a permit authorizes (§20-20(3)), as issued."""

    permit = models.ForeignKey(Permit, on_delete=models.CASCADE, related_name="animals")
    species = models.CharField(max_length=20, choices=Species.choices)
    name = models.CharField(max_length=60, blank=True, help_text="Other domesticated animals.")
    count = models.PositiveIntegerField()
    mature_count = models.PositiveIntegerField(null=True, blank=True)
    history = HistoricalRecords()

    class Meta:
        ordering = ["permit", "species", "name"]
        constraints = [
            models.UniqueConstraint(
                fields=["permit", "species", "name"], name="permit_species_once"
            ),
            named_only_when_other_domestic("permit_animal_named_when_other_domestic"),
            models.CheckConstraint(
                condition=Q(mature_count__isnull=True) | Q(mature_count__lte=F("count")),
                name="permit_animal_mature_not_over_count",
            ),
        ]

    def __str__(self) -> str:
        return counted(self.count, self.species, label=self.name or None)


class PermitNumberCounter(models.Model):
    """The last permit number given in a year; locked while the next one is taken."""

    year = models.PositiveSmallIntegerField(primary_key=True)
    last_sequence = models.PositiveIntegerField(default=0)

    def __str__(self) -> str:
        return f"{self.year}: {self.last_sequence}"


class AuditRun(models.Model):
    """One run of the register's audit (permits.audit): when and by whom or what it ran, the
    day it judged, what it checked and every anomaly it found, as the page shows them. The
    page shows the last run, so a reader does not wait for the whole register to be read
    again; each run is a row of its own, never changed."""

    class Source(models.TextChoices):
        COMMAND = "command", "the command manage.py audit_permits"
        PAGE = "page", "the page"

    ran_at = models.DateTimeField(default=timezone.now, db_index=True)
    ran_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    source = models.CharField(max_length=10, choices=Source.choices)
    judged_on = models.DateField(help_text="The day the records were judged as of.")
    permits_checked = models.PositiveIntegerField()
    decisions_checked = models.PositiveIntegerField()
    seconds = models.FloatField()
    # [{"family", "provision", "kind", "sentence", "record": {"kind", "pk", "label",
    # "url_name"}}], in the order the audit found them (permits.audit.anomaly.Anomaly).
    anomalies = models.JSONField(default=list)

    class Meta:
        ordering = ["-ran_at", "-pk"]
        get_latest_by = ["ran_at", "pk"]

    def __str__(self) -> str:
        return f"Audit of {self.ran_at:%Y-%m-%d %H:%M}: {len(self.anomalies)} anomalies"


class RenewalBatch(models.Model):
    """Renewals the clerk renewed together from the list of those ready (renewal season): who,
    when, on what day, and for each permit chosen whether it was renewed or why not. Each was
    renewed through the one renewal path (permits/renewal_batch.py); this row says only that
    they were chosen together, so that their permits print together."""

    renewed_on = models.DateField(help_text="The day the renewals were received and issued.")
    run_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    run_at = models.DateTimeField(default=timezone.now)
    history = HistoricalRecords()

    class Meta:
        ordering = ["-run_at", "-pk"]

    def __str__(self) -> str:
        return f"Renewals of {long_date(self.renewed_on)} together"


class RenewalBatchEntry(models.Model):
    """One permit chosen for a renewal together: the permit it issued (and the payment recorded
    with it, if the clerk took one), or the reasons it was not renewed, with their citations."""

    batch = models.ForeignKey(RenewalBatch, on_delete=models.PROTECT, related_name="entries")
    renews = models.ForeignKey(Permit, on_delete=models.PROTECT, related_name="+")
    permit = models.OneToOneField(
        Permit, on_delete=models.PROTECT, null=True, blank=True, related_name="renewal_batch_entry"
    )
    payment = models.OneToOneField(
        "Payment", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    refusal = models.TextField(blank=True, help_text="Why it was not renewed, one reason a line.")
    history = HistoricalRecords()

    class Meta:
        ordering = ["batch", "pk"]

    def __str__(self) -> str:
        return f"{self.renews.number}: {'renewed' if self.permit_id else 'not renewed'}"

    @property
    def reasons(self) -> list[str]:
        return [line for line in self.refusal.splitlines() if line]


# The applicant side's records live in their own sub-package; importing them here registers them.
from permits.amendments.models import Amendment  # noqa: E402, F401
from permits.online.models import InformationRequest  # noqa: E402, F401
from permits.portal.models import Invitation, Notification, RenewalRequest  # noqa: E402, F401
