"""What the Board's decisions grant beside a permit: variances (§20-21), the Board's approvals,
and the enlargement of a setback (§20-15(4))."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from django.core.validators import MinValueValidator
from django.db import models
from django.db.models import Q
from simple_history.models import HistoricalRecords

from hearings.models.decisions import Decision


class VarianceQuerySet(models.QuerySet):
    def in_effect(self, today: date):
        """Granted, not rescinded, and not expired on `today` (§20-21: shown to the public)."""
        return self.filter(granted=True, rescinded_on__isnull=True).filter(
            Q(expires_on__isnull=True) | Q(expires_on__gte=today)
        )

    def search(self, text: str):
        """Free text: part of the lot's street address or of the holder's name."""
        text = text.strip()
        if not text:
            return self
        return self.filter(
            Q(application__lot__street_address__icontains=text)
            | Q(application__applicant__name__icontains=text)
        )


class Variance(models.Model):
    """The Board's written variance of named rules for one case (§20-21)."""

    application = models.ForeignKey(
        "permits.Application", on_delete=models.PROTECT, related_name="variances"
    )
    decision = models.ForeignKey(
        Decision, on_delete=models.PROTECT, null=True, blank=True, related_name="variances"
    )
    rules = models.JSONField(help_text="The rule ids the variance covers, e.g. ['20-17.1'].")
    finding = models.TextField(
        "finding of manifest injustice",
        blank=True,
        help_text="§20-21: why enforcing the rules in this case would do manifest injustice.",
    )
    granted = models.BooleanField(default=True)
    granted_on = models.DateField(null=True, blank=True)
    conditions = models.TextField(blank=True)
    expires_on = models.DateField(null=True, blank=True)
    rescinded_on = models.DateField(null=True, blank=True)
    rescinded_reason = models.TextField(blank=True)
    history = HistoricalRecords()

    objects = VarianceQuerySet.as_manager()

    class Meta:
        ordering = ["-granted_on", "-id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(expires_on__isnull=True)
                | Q(granted_on__isnull=True)
                | Q(expires_on__gte=models.F("granted_on")),
                name="variance_expires_after_grant",
            )
        ]

    def __str__(self) -> str:
        return f"Variance of {', '.join(self.rules or [])} for {self.application}"

    def in_effect_on(self, day: date) -> bool:
        return (
            self.granted
            and self.rescinded_on is None
            and (self.expires_on is None or self.expires_on >= day)
        )


class BoardApproval(models.Model):
    """What the regulation calls the Board's approval, granted by a vote at a meeting."""

    class Subject(models.TextChoices):
        WILD_ANIMAL = "wild_animal", "Keeping of a wild animal (§20-15(10))"
        COMPOSTING = "composting", "Composting of manure (§20-16(3)(e))"
        VERMIN_PLAN = "vermin_plan", "Vermin control plan (§20-19)"
        CONSTRUCTION = "construction", "Plans for construction or remodelling (§20-20(2))"

    application = models.ForeignKey(
        "permits.Application", on_delete=models.PROTECT, related_name="board_approvals"
    )
    decision = models.ForeignKey(Decision, on_delete=models.PROTECT, related_name="approvals")
    subject = models.CharField(max_length=20, choices=Subject.choices)
    granted_on = models.DateField()
    # The count as the decision recorded it ("2 yes, 1 no"): a decision is never edited, and
    # the application page and permit show it without reading every vote again.
    vote_count = models.CharField(max_length=80)
    history = HistoricalRecords()

    class Meta:
        ordering = ["granted_on", "subject"]

    def __str__(self) -> str:
        return f"{self.get_subject_display()} approved on {self.granted_on}"


class SetbackEnlargement(models.Model):
    """The Board enlarged a minimum distance in this case (§20-15(4), last paragraph): a grant
    of the Board's vote, beside its variances and approvals. Its tables kept the names they
    had when the model was the permits app's (migrations moved the model, not the rows)."""

    class Rule(models.TextChoices):
        PROPERTY_LINE = "20-15.4.a", "§20-15(4)(a) abutting property line"
        WETLAND = "20-15.4.b", "§20-15(4)(b) wetland or watercourse"
        WELL = "20-15.4.d", "§20-15(4)(d) drinking-water well"
        SEWAGE = "20-15.4.e", "§20-15(4)(e) sewage disposal area"
        PUBLIC_WAY = "20-15.4.f", "§20-15(4)(f) public way"

    application = models.ForeignKey(
        "permits.Application", on_delete=models.CASCADE, related_name="setback_enlargements"
    )
    rule = models.CharField(max_length=12, choices=Rule.choices)
    minimum_ft = models.DecimalField(
        max_digits=6, decimal_places=1, validators=[MinValueValidator(Decimal("0"))]
    )
    reason = models.CharField(max_length=200, blank=True)
    decision = models.ForeignKey(
        Decision,
        on_delete=models.PROTECT,
        null=True,
        related_name="setback_enlargements",
        help_text="The Board's vote that enlarged the distance in this case.",
    )
    history = HistoricalRecords(table_name="permits_historicalsetbackenlargement")

    class Meta:
        db_table = "permits_setbackenlargement"
        constraints = [
            models.UniqueConstraint(fields=["application", "rule"], name="one_enlargement_per_rule")
        ]

    def __str__(self) -> str:
        return f"{self.get_rule_display()}: {self.minimum_ft} ft"


# The rule each of the Board's approvals answers (the rules module's ids).
APPROVAL_RULES = {
    BoardApproval.Subject.WILD_ANIMAL: "20-15.10",
    BoardApproval.Subject.COMPOSTING: "20-16.3.e",
    BoardApproval.Subject.VERMIN_PLAN: "20-19",
    BoardApproval.Subject.CONSTRUCTION: "20-20.2",
}
