"""The Board's decisions on docket items, and their corrections (hearings.actions.decisions,
hearings.corrections)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from simple_history.models import HistoricalRecords

from hearings.models.docket import DocketItem
from hearings.models.votes import Vote
from stoneham_boh.lib.corrections import MistakeCorrected


class Decision(models.Model):
    class Result(models.TextChoices):
        APPROVED = "approved", "Approved"
        DENIED = "denied", "Denied"
        CONTINUED = "continued", "Continued"
        REVOKED = "revoked", "Permit revoked"
        RESCINDED = "rescinded", "Variance rescinded"
        DISMISSED = "dismissed", "Dismissed"

    docket_item = models.OneToOneField(
        DocketItem, on_delete=models.PROTECT, related_name="decision"
    )
    result = models.CharField(max_length=10, choices=Result.choices)
    decided_on = models.DateField()
    conditions = models.TextField(blank=True)
    reasons = models.TextField(blank=True)
    removal_by = models.DateField(
        "animals to be removed by", null=True, blank=True, help_text="§20-20(6)."
    )
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    # The quorum as it was counted, printed on the decision: a majority of the Board's full
    # membership (c.30A §18), the members present from the meeting's attendance.
    full_membership = models.PositiveSmallIntegerField(null=True, editable=False)
    quorum = models.PositiveSmallIntegerField(null=True, editable=False)
    present = models.PositiveSmallIntegerField(null=True, editable=False)
    # A member took part remotely: every vote is taken by roll call (940 CMR 29.10(7)(c)).
    roll_call = models.BooleanField(default=False, editable=False)
    # The written decision sent to the applicant or holder (registered mail, return receipt
    # requested, as the regulation sends its notices) and the day the receipt says it arrived:
    # the receipt is the proof of service; the appeal's time runs from the decision itself
    # (hearings.clocks.appeal_deadline).
    mailed_on = models.DateField("written decision mailed on", null=True, blank=True)
    mail_article_number = models.CharField(
        "registered-mail article number", max_length=40, blank=True
    )
    received_on = models.DateField("received on (return receipt)", null=True, blank=True)
    history = HistoricalRecords()

    ADVERSE = ("denied", "revoked", "rescinded")

    def __str__(self) -> str:
        return f"{self.get_result_display()} on {self.decided_on}"

    @property
    def is_adverse(self) -> bool:
        """A denial or a revocation (or a variance rescinded): it states the route of appeal."""
        return self.result in self.ADVERSE

    @property
    def appeal_clock(self):
        """The last day to appeal, counted from the decision (c.249 §4)."""
        # late: the clocks are tier 3 and import these models; a model calls them only from inside.
        from hearings.clocks import appeal_deadline

        return appeal_deadline(self.decided_on)

    @property
    def quorum_summary(self) -> str:
        """``2 of the 3 members present; a quorum is 2`` as the decision states it."""
        if self.full_membership is None:
            return ""
        text = (
            f"{self.present} of the Board's {self.full_membership} members present; a quorum "
            f"is {self.quorum} (a majority of the full membership, M.G.L. c.30A §18)"
        )
        return text + (". Vote taken by roll call." if self.roll_call else ".")

    @property
    def vote_summary(self) -> str:
        """``2 yes, 1 no, 1 absent``: the count of each vote cast, in the ballot's order."""
        cast = [v.vote for v in self.votes.all()]
        return ", ".join(
            f"{cast.count(choice)} {label.lower()}"
            for choice, label in Vote.Choice.choices
            if choice in cast
        )


class DecisionCorrection(MistakeCorrected):
    """A clerical error in a recorded decision corrected: one field of the written decision
    (its text, or the record of its mailing), as it read and as it reads now, who, when and
    why. Never a new vote: the result, the votes and what the decision grants are not fields
    a correction can name (hearings.corrections.actions.CORRECTABLE)."""

    decision = models.ForeignKey(Decision, on_delete=models.PROTECT, related_name="corrections")
    field = models.CharField(max_length=30)
    old_value = models.TextField("read", blank=True)
    new_value = models.TextField("reads now", blank=True)
    history = HistoricalRecords()

    class Meta:
        ordering = ["decision", "corrected_at", "id"]

    def __str__(self) -> str:
        return f"Correction of the decision's {self.field_label}"

    # The fields a correction may name, as the decision's reader knows them.
    LABELS = {
        "conditions": "conditions",
        "reasons": "findings and reasons",
        "mailed_on": "day the written decision was mailed",
        "mail_article_number": "registered-mail article number",
        "received_on": "day on the return receipt",
    }

    @property
    def field_label(self) -> str:
        return self.LABELS.get(self.field, self.field)
