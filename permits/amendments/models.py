"""An amendment of one figure of the regulation, as the Board voted it."""

from __future__ import annotations

from datetime import date

from django.conf import settings
from django.db import models
from django.db.models import Q
from simple_history.models import HistoricalRecords


class AmendmentQuerySet(models.QuerySet):
    def in_force(self, on: date):
        """Voted, published by ``on`` (M.G.L. c.111 §31), effective by ``on``, not voided."""
        return self.filter(
            voided_on__isnull=True,
            published_on__isnull=False,
            published_on__lte=on,
            effective_on__lte=on,
        )

    def standing(self):
        return self.filter(voided_on__isnull=True)


class Amendment(models.Model):
    """The Board's vote that a figure of its regulation is now another, from a day on.

    Only figures and their citations are data: the rule and the figure must exist in the
    adopted ruleset (a new kind of rule is code). A mistaken record is voided, never deleted.
    """

    town = models.ForeignKey("town.Town", on_delete=models.PROTECT, related_name="amendments")
    rule = models.CharField(max_length=20, help_text="The catalogue rule whose figure changes.")
    figure = models.CharField(max_length=40, help_text="The figure's name in the ruleset.")
    value = models.DecimalField(max_digits=9, decimal_places=2)
    citation = models.CharField(
        max_length=40,
        blank=True,
        help_text="The section's citation as amended, if the vote renumbered it; blank keeps it.",
    )
    adopted_at = models.ForeignKey(
        "hearings.Meeting",
        on_delete=models.PROTECT,
        related_name="amendments_adopted",
        help_text="The meeting at which the Board voted the amendment.",
    )
    votes_for = models.PositiveSmallIntegerField()
    votes_against = models.PositiveSmallIntegerField(default=0)
    votes_abstaining = models.PositiveSmallIntegerField(default=0)
    effective_on = models.DateField(help_text="The day the Board's vote puts it in force.")
    published_on = models.DateField(
        null=True,
        blank=True,
        help_text="The day its summary was published in the newspaper (M.G.L. c.111 §31); "
        "not in force before.",
    )
    published_in = models.CharField(max_length=120, blank=True)
    deposited_on = models.DateField(
        "Deposited with the Town Clerk on",
        null=True,
        blank=True,
        help_text="§20-23: a copy deposited in the office of the Town Clerk.",
    )
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    voided_on = models.DateField(null=True, blank=True)
    void_reason = models.TextField(blank=True)
    history = HistoricalRecords()

    objects = AmendmentQuerySet.as_manager()

    class Meta:
        ordering = ["effective_on", "id"]
        constraints = [
            models.CheckConstraint(condition=Q(value__gte=0), name="amendment_figure_not_negative"),
        ]

    def __str__(self) -> str:
        return f"{self.rule} {self.figure} = {self.value} from {self.effective_on}"

    @property
    def in_force_from(self) -> date | None:
        """The first day it binds: its effective date, or its publication if that is later."""
        if self.published_on is None or self.voided_on is not None:
            return None
        return max(self.effective_on, self.published_on)
