"""Permits (§20-15(1), §20-20(5)-(8)): the permit issued or entered from the paper register, the
animals it authorizes as issued, its expiry and the year's gapless numbering.
"""

from __future__ import annotations

import secrets
from datetime import date

from django.conf import settings
from django.db import models
from django.db.models import F, Q, Value
from django.db.models.functions import Upper
from django.utils import timezone
from simple_history.models import HistoricalRecords

from facilities.choices import Species, counted
from facilities.models import AnimalKind, named_only_when_other_domestic
from permits.models.applicants import Applicant
from permits.models.applications import Application


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
