"""A meeting's minutes and the drafts released on request (hearings.actions.minutes)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from simple_history.models import HistoricalRecords

from hearings.models.meetings import Meeting


class MinutesQuerySet(models.QuerySet):
    def published(self):
        """Approved, and no member's unsettled dispute of the approval's roll call could change
        its result (hearings.motions): until the Board settles it, the minutes wait."""
        # late: motions is tier 3 and imports these models; a model calls it only from inside.
        from hearings import motions

        disputed = Minutes.objects.filter(approval_roll__disputed_at__isnull=False).distinct()
        doubtful = [minutes.pk for minutes in disputed if motions.in_doubt(minutes)]
        return self.filter(approved_on__isnull=False).exclude(pk__in=doubtful)


class Minutes(models.Model):
    """The minutes of a meeting (M.G.L. c.30A §22): drafted from the meeting's record, the
    clerk's summary of the discussion added, approved by the Board's vote at a later meeting.

    What the record holds (attendance, items, decisions, votes, documents) is read from it;
    only the summaries are written here. Once approved, the text is kept as approved."""

    meeting = models.OneToOneField(Meeting, on_delete=models.PROTECT, related_name="minutes")
    drafted_on = models.DateField()
    discussion = models.TextField("summary of the discussion", blank=True)
    # docket item id (as text) -> the clerk's summary of that item's discussion
    item_summaries = models.JSONField(default=dict, blank=True)
    approved_at = models.ForeignKey(
        Meeting,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="minutes_approved",
        help_text="The later meeting whose vote approved them.",
    )
    approved_on = models.DateField(null=True, blank=True)
    # member name -> vote, as the roll was called
    approval_votes = models.JSONField(default=dict, blank=True)
    approved_text = models.TextField(blank=True, editable=False)
    history = HistoricalRecords()

    objects = MinutesQuerySet.as_manager()

    class Meta:
        ordering = ["-meeting__date"]
        verbose_name_plural = "minutes"

    def __str__(self) -> str:
        return f"Minutes of {self.meeting}"

    @property
    def approved(self) -> bool:
        return self.approved_on is not None


class MinutesRelease(models.Model):
    """Draft minutes released on request before their approval (a public records request)."""

    minutes = models.ForeignKey(Minutes, on_delete=models.PROTECT, related_name="releases")
    requested_by = models.CharField("requested by", max_length=200)
    requested_on = models.DateField()
    released_on = models.DateField()
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    history = HistoricalRecords()

    class Meta:
        ordering = ["minutes", "released_on", "id"]

    def __str__(self) -> str:
        return f"Draft {self.minutes} released to {self.requested_by}"
