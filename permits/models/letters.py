"""Letters the clerk writes to an applicant, kept on the application's file as written."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone
from simple_history.models import HistoricalRecords

from permits.models.applications import Application
from stoneham_boh.lib.dates import long_date


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
        return f"Letter of {long_date(timezone.localdate(self.written_at))}: {self.subject}"
