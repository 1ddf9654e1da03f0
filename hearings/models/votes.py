"""Each member's vote on one motion (a decision, the minutes' approval, an executive session,
a settlement...), and the Board's settlement of a disputed vote (hearings.actions.votes)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from simple_history.models import HistoricalRecords

from hearings.models.meetings import Meeting


def _exactly_one_of(fields) -> Q:
    """Exactly one of `fields` (foreign keys) is set."""
    alternatives = []
    for chosen in fields:
        one = Q(**{f"{chosen}__isnull": False})
        for other in fields:
            if other != chosen:
                one &= Q(**{f"{other}__isnull": True})
        alternatives.append(one)
    condition = alternatives[0]
    for one in alternatives[1:]:
        condition |= one
    return condition


class Vote(models.Model):
    """One member's vote on one motion of the Board, as the roll was called: a decision on a
    docket item, the approval of minutes, an amendment of the regulation's figures, or the
    settlement of a disputed vote. Every vote in a member's name is a row here, written by
    hearings.actions.votes (the one mechanism): the member is e-mailed it and may dispute it
    from their own log-in."""

    class Choice(models.TextChoices):
        YES = "yes", "Yes"
        NO = "no", "No"
        ABSTAIN = "abstain", "Abstain"
        RECUSED = "recused", "Recused"
        ABSENT = "absent", "Absent"

    # The motion the vote was cast on: exactly one of these is set (SUBJECTS).
    decision = models.ForeignKey(
        "Decision", on_delete=models.CASCADE, null=True, blank=True, related_name="votes"
    )
    minutes = models.ForeignKey(
        "Minutes", on_delete=models.PROTECT, null=True, blank=True, related_name="approval_roll"
    )
    amendment = models.ForeignKey(
        "permits.Amendment",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="roll",
    )
    settlement = models.ForeignKey(
        "VoteSettlement", on_delete=models.PROTECT, null=True, blank=True, related_name="roll"
    )
    executive_session = models.ForeignKey(
        "ExecutiveSession", on_delete=models.PROTECT, null=True, blank=True, related_name="roll"
    )
    member = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    vote = models.CharField(max_length=8, choices=Choice.choices)
    # The chair records the roll call; the member is told and may dispute it from their log-in.
    disputed_at = models.DateTimeField(null=True, blank=True, editable=False)
    dispute = models.TextField("the member's dispute", blank=True, editable=False)
    history = HistoricalRecords()

    SUBJECTS = ("decision", "minutes", "amendment", "settlement", "executive_session")

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["decision", "member"], name="one_vote_per_member"),
            models.UniqueConstraint(
                fields=["minutes", "member"], name="one_minutes_vote_per_member"
            ),
            models.UniqueConstraint(
                fields=["amendment", "member"], name="one_amendment_vote_per_member"
            ),
            models.UniqueConstraint(
                fields=["settlement", "member"], name="one_settlement_vote_per_member"
            ),
            models.UniqueConstraint(
                fields=["executive_session", "member"],
                name="one_executive_session_vote_per_member",
            ),
            models.CheckConstraint(
                condition=_exactly_one_of(
                    ("decision", "minutes", "amendment", "settlement", "executive_session")
                ),
                name="a_vote_is_on_one_motion",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.member}: {self.get_vote_display()}"

    @property
    def subject_field(self) -> str:
        return next(name for name in self.SUBJECTS if getattr(self, f"{name}_id"))

    @property
    def subject(self):
        return getattr(self, self.subject_field)


class VoteSettlement(models.Model):
    """The Board's vote, at a later meeting, settling a member's dispute of a recorded vote:
    the record confirmed, or corrected to the vote the member cast. Its own roll call is
    recorded through the same mechanism (Vote.settlement), and can itself be disputed."""

    class Outcome(models.TextChoices):
        CONFIRMED = "confirmed", "The record is confirmed"
        CORRECTED = "corrected", "The record is corrected"

    disputed = models.OneToOneField(Vote, on_delete=models.PROTECT, related_name="settled_by")
    meeting = models.ForeignKey(Meeting, on_delete=models.PROTECT, related_name="settlements")
    outcome = models.CharField(max_length=10, choices=Outcome.choices)
    corrected_to = models.CharField(
        "the vote as corrected", max_length=8, choices=Vote.Choice.choices, blank=True
    )
    was = models.CharField("the vote as recorded before", max_length=8, editable=False)
    reasons = models.TextField(blank=True)
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    full_membership = models.PositiveSmallIntegerField(null=True, editable=False)
    present = models.PositiveSmallIntegerField(null=True, editable=False)
    history = HistoricalRecords()

    class Meta:
        ordering = ["meeting__date", "id"]

    def __str__(self) -> str:
        return f"{self.get_outcome_display()} at {self.meeting}"
