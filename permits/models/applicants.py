"""Applicants: the person or organisation an application and its permit name (§20-20(7)), found
by name, free text or e-mail.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q, Value
from django.db.models.functions import Upper
from simple_history.models import HistoricalRecords

from facilities.models import MailingAddress
from stoneham_boh.lib.emails import canonical_email, same_email


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
