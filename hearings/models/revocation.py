"""A permit brought before the Board for revocation (§20-20(5); hearings.actions.revocation)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from simple_history.models import HistoricalRecords

from hearings.models.docket import DocketItem


class RevocationProceeding(models.Model):
    """§20-20(5): the clerk brings a permit holder's violations before the Board.

    The Board revokes, or dismisses, at a hearing of which the holder had written notice.
    """

    permit = models.ForeignKey(
        "permits.Permit", on_delete=models.PROTECT, related_name="revocation_proceedings"
    )
    docket_item = models.OneToOneField(
        DocketItem, on_delete=models.PROTECT, related_name="revocation"
    )
    grounds = models.TextField(help_text="The violations, as the holder is told of them.")
    findings = models.ManyToManyField(
        "inspections.ChecklistFinding", blank=True, related_name="revocation_proceedings"
    )
    orders = models.ManyToManyField(
        "inspections.Order", blank=True, related_name="revocation_proceedings"
    )
    opened_on = models.DateField()
    holder_notified_on = models.DateField("notice of hearing mailed to the holder on", null=True)
    history = HistoricalRecords(m2m_fields=[findings, orders])

    class Meta:
        ordering = ["-opened_on", "-id"]

    def __str__(self) -> str:
        return f"Revocation proceeding on permit {self.permit}"

    @property
    def holder_notice_clock(self):
        """The last business day to mail the holder's notice (REVOCATION_NOTICE_DAYS before)."""
        # late: the clocks are tier 3 and import these models; a model calls them only from inside.
        from hearings.clocks import revocation_notice_deadline

        return revocation_notice_deadline(self.docket_item.meeting.date)

    @property
    def holder_notice_short(self) -> bool:
        """The notice was mailed, but fewer than REVOCATION_NOTICE_DAYS before the hearing."""
        if self.holder_notified_on is None:
            return False
        gap = (self.docket_item.meeting.date - self.holder_notified_on).days
        return gap < settings.REVOCATION_NOTICE_DAYS
