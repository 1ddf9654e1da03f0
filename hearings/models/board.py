"""The Board's roll: its number of seats over time and its members with their terms
(hearings.actions.board_roll)."""

from __future__ import annotations

from datetime import date

from django.conf import settings
from django.db import models
from django.db.models import Q
from simple_history.models import HistoricalRecords


class BoardMemberQuerySet(models.QuerySet):
    def in_office(self, day: date):
        """The members whose term covers `day`: the Board whose majority is a quorum."""
        return self.filter(term_start__lte=day).filter(
            Q(term_end__isnull=True) | Q(term_end__gte=day)
        )


class BoardSeatsQuerySet(models.QuerySet):
    def in_force(self, day: date):
        """The Board's full membership on `day`: the last number of seats recorded for it."""
        return self.filter(effective_on__lte=day).order_by("-effective_on", "-id").first()


class BoardSeats(models.Model):
    """How many seats the Board has: its full membership, which a quorum is a majority of
    (M.G.L. c.30A §18, "a simple majority of the members of the public body"), whoever is in
    office. Recorded by the administrator from the town's by-law or charter."""

    seats = models.PositiveSmallIntegerField()
    effective_on = models.DateField("in force from")
    authority = models.CharField(
        max_length=300, help_text="The by-law, charter or vote that sets the number of seats."
    )
    history = HistoricalRecords()

    objects = BoardSeatsQuerySet.as_manager()

    class Meta:
        ordering = ["-effective_on", "-id"]
        verbose_name_plural = "board seats"
        constraints = [
            models.CheckConstraint(condition=Q(seats__gte=1), name="board_has_a_seat"),
        ]

    def __str__(self) -> str:
        return f"{self.seats} seats from {self.effective_on}"


class BoardMember(models.Model):
    """A member's appointment to the Board of Health for a term; votes are counted against the
    members in office, the quorum against the Board's full membership (BoardSeats)."""

    name = models.CharField(max_length=120, help_text="As printed on the Board's decisions.")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="board_terms"
    )
    appointed_on = models.DateField("appointed on", null=True)
    appointing_document = models.CharField(
        "appointing document",
        max_length=300,
        blank=True,
        help_text="The vote or letter of appointment, e.g. Select Board vote of May 4, 2027.",
    )
    chair = models.BooleanField(
        default=False, help_text="The chair records the Board's roll-call votes."
    )
    term_start = models.DateField("term begins")
    term_end = models.DateField("term ends", null=True, blank=True, help_text="Blank: open.")
    term_end_reason = models.CharField("why the term ends", max_length=300, blank=True)
    history = HistoricalRecords()

    objects = BoardMemberQuerySet.as_manager()

    class Meta:
        ordering = ["name", "term_start"]
        constraints = [
            models.CheckConstraint(
                condition=Q(term_end__isnull=True) | Q(term_end__gte=models.F("term_start")),
                name="board_term_ends_after_it_begins",
            )
        ]

    def __str__(self) -> str:
        return self.name

    def in_office_on(self, day: date) -> bool:
        return self.term_start <= day and (self.term_end is None or self.term_end >= day)
