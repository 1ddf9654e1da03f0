"""What every record of a clerk's mistake undone keeps: why, by whom and when (issue 26.27).

The receipt taken back (permits.ReceiptUndone), the parcel id corrected
(facilities.ParcelIdCorrection) and the decision's clerical error corrected
(hearings.DecisionCorrection) each add what was corrected; each keeps its own history too.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone

REASON_LENGTH = 300


class MistakeCorrected(models.Model):
    reason = models.CharField("why", max_length=REASON_LENGTH)
    corrected_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    corrected_at = models.DateTimeField(default=timezone.now)

    class Meta:
        abstract = True
