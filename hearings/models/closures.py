"""The days the Town's offices close though no legal holiday (the business-day clocks skip
them). Alone in its module: it is the town's record, not the Board's."""

from __future__ import annotations

from django.db import models
from simple_history.models import HistoricalRecords

from stoneham_boh.lib.dates import long_date


class TownClosure(models.Model):
    """A day the Town's offices are closed though no legal holiday (a snow day, an extra
    holiday): the Town's business-day clocks skip it (stoneham_boh.lib.mass_calendar).

    Reference data the administrator keeps in the Django admin."""

    date = models.DateField(unique=True)
    reason = models.CharField(max_length=120, help_text="e.g. Snow emergency: offices closed.")
    history = HistoricalRecords()

    class Meta:
        ordering = ["-date"]

    def __str__(self) -> str:
        return f"{long_date(self.date)}: {self.reason}"
