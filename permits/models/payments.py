"""Fees and payments (§20-20(4)): the schedule of fees in force from a date, and each payment
received on an application (voided or corrected, never deleted).
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from django.conf import settings
from django.core.validators import MinValueValidator
from django.db import models
from django.db.models import Q
from simple_history.models import HistoricalRecords

from permits.models.applications import Application
from stoneham_boh.lib.dates import long_date

NON_NEGATIVE_MONEY = [MinValueValidator(Decimal("0"))]


class FeeSchedule(models.Model):
    """The schedule of fees in force from a date (§20-20(4): the fee at application or renewal)."""

    name = models.CharField(max_length=120)
    effective_from = models.DateField(unique=True)
    new_application_fee = models.DecimalField(
        max_digits=8, decimal_places=2, validators=NON_NEGATIVE_MONEY
    )
    renewal_fee = models.DecimalField(max_digits=8, decimal_places=2, validators=NON_NEGATIVE_MONEY)
    history = HistoricalRecords()

    class Meta:
        ordering = ["-effective_from"]
        constraints = [
            models.CheckConstraint(
                condition=Q(new_application_fee__gte=0) & Q(renewal_fee__gte=0),
                name="fee_schedule_non_negative",
            )
        ]

    def __str__(self) -> str:
        return f"{self.name} (from {long_date(self.effective_from)})"

    @classmethod
    def in_force_on(cls, day: date) -> FeeSchedule | None:
        return cls.objects.filter(effective_from__lte=day).order_by("-effective_from").first()

    def fee_for(self, kind: str) -> Decimal:
        return self.renewal_fee if kind == Application.Kind.RENEWAL else self.new_application_fee


class Payment(models.Model):
    class Method(models.TextChoices):
        CHECK = "check", "Check"
        CASH = "cash", "Cash"
        CARD = "card", "Card"
        MONEY_ORDER = "money_order", "Money order"

    application = models.ForeignKey(Application, on_delete=models.PROTECT, related_name="payments")
    amount = models.DecimalField(max_digits=8, decimal_places=2, validators=NON_NEGATIVE_MONEY)
    received_on = models.DateField()
    method = models.CharField(max_length=12, choices=Method.choices)
    reference = models.CharField(max_length=60, blank=True, help_text="Check or receipt number.")
    received_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    voided = models.BooleanField(default=False)
    void_reason = models.CharField(max_length=200, blank=True)
    # A payment recorded to correct a mistyped one: the one it replaces, voided with the reason.
    corrects = models.OneToOneField(
        "self",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        editable=False,
        related_name="corrected_by",
    )
    history = HistoricalRecords()

    class Meta:
        ordering = ["application", "received_on", "id"]
        constraints = [
            models.CheckConstraint(condition=Q(amount__gt=0), name="payment_amount_positive")
        ]

    def __str__(self) -> str:
        return f"${self.amount} by {self.get_method_display().lower()} on {self.received_on}"
