"""The documents of an application: the six §20-20(1) asks for (`DOCUMENT_FIELDS`, the
application's flags and the kinds that answer them), and each file or paper original received.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone
from simple_history.models import HistoricalRecords

from permits.models.applications import Application

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
