"""The drawn plan: a list of shapes, stored as JSON in state-plane metres (EPSG:26986)."""

from __future__ import annotations

from django.db import models
from simple_history.models import HistoricalRecords


class SitePlan(models.Model):
    """The plan of one application. `shapes` holds the drawing (see facilities.siteplan.shapes);
    the distances measured from it are written onto the structures when the plan is saved."""

    application = models.OneToOneField(
        "permits.Application", on_delete=models.CASCADE, related_name="site_plan"
    )
    shapes = models.JSONField(default=list, blank=True)
    updated_at = models.DateTimeField(auto_now=True)
    history = HistoricalRecords()

    def __str__(self) -> str:
        return f"Site plan of {self.application}"
