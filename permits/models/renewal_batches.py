"""Renewals renewed together in renewal season: the batch the clerk ran, and for each permit
chosen its new permit or the reasons it was not renewed.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone
from simple_history.models import HistoricalRecords

from permits.models.permits import Permit
from stoneham_boh.lib.dates import long_date


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
