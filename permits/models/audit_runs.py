"""The register's audit, as each run kept it (permits.audit)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone


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
