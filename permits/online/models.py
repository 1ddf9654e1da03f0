"""What the clerk asked of an online application, and when the applicant answered."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone
from simple_history.models import HistoricalRecords

# Why a file the applicant uploaded was withdrawn by the applicant themselves (void_reason):
# the pages tell these from the clerk's reasons for not accepting a document.
REMOVED_BY_APPLICANT = "Removed by the applicant before sending."
REPLACED_BY_APPLICANT = "Replaced by the applicant with a new file."
WITHDRAWN_BY_APPLICANT = (REMOVED_BY_APPLICANT, REPLACED_BY_APPLICANT)


class InformationRequest(models.Model):
    """The clerk's list of what is missing from an application sent online.

    While it is open the application is back in the applicant's hands, for the parts named
    in `sections` only (permits.online.sections); resubmitting answers it.
    """

    application = models.ForeignKey(
        "permits.Application", on_delete=models.PROTECT, related_name="information_requests"
    )
    sections = models.JSONField(help_text="The parts the applicant may change to answer.")
    message = models.TextField(help_text="What is missing, in the clerk's words.")
    asked_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    asked_at = models.DateTimeField(default=timezone.now)
    answered_at = models.DateTimeField(null=True, blank=True)
    history = HistoricalRecords()

    class Meta:
        ordering = ["-asked_at", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["application"],
                condition=models.Q(answered_at__isnull=True),
                name="one_open_information_request_per_application",
            )
        ]

    def __str__(self) -> str:
        return f"Information requested on application #{self.application_id}"

    @property
    def is_open(self) -> bool:
        return self.answered_at is None
