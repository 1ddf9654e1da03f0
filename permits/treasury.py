"""The day's payments, as the clerk turns them over to the Town Treasurer: every payment
received that day with its application, totals by method, and the payments voided since (they
stay on the sheet, struck through, so the count matches the receipts written)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from datetime import date
from decimal import Decimal

from permits.models import Payment


@dataclass(frozen=True)
class DayOfPayments:
    day: date
    payments: list[Payment]  # received that day, void ones included, in the order recorded

    @property
    def kept(self) -> list[Payment]:
        return [p for p in self.payments if not p.voided]

    @property
    def total(self) -> Decimal:
        return sum((p.amount for p in self.kept), Decimal("0"))

    @property
    def by_method(self) -> list[tuple[str, int, Decimal]]:
        """(method, how many, amount) for each method taken that day, in the form's order."""
        counts, sums = Counter(), Counter()
        for payment in self.kept:
            counts[payment.method] += 1
            sums[payment.method] += payment.amount
        return [
            (label, counts[value], sums[value])
            for value, label in Payment.Method.choices
            if counts[value]
        ]


def payments_received_on(day: date) -> DayOfPayments:
    payments = (
        Payment.objects.filter(received_on=day)
        .select_related("application__applicant", "application__lot", "received_by", "corrects")
        .order_by("id")
    )
    return DayOfPayments(day, list(payments))


CSV_HEADERS = [
    "Received on",
    "Application",
    "Payer",
    "Address",
    "Method",
    "Check or receipt number",
    "Amount",
    "Recorded by",
    "Void",
    "Void reason",
]


def csv_rows(sheet: DayOfPayments):
    for payment in sheet.payments:
        application = payment.application
        yield [
            payment.received_on,
            f"#{application.pk}",
            application.applicant.name,
            application.lot.street_address if application.lot else "",
            payment.get_method_display(),
            payment.reference,
            payment.amount,  # a Decimal of two places: "40.00" in the CSV, a number in Excel
            payment.received_by.get_full_name() or payment.received_by.username
            if payment.received_by
            else "",
            "yes" if payment.voided else "",
            payment.void_reason,
        ]
