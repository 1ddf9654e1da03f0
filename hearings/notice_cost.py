"""What the applicant pays for the notice of the hearing (§20-20(9): "at the applicant's
expense"): registered mail with return receipt to each abutter on the certified list, at the
rate in force (REGISTERED_MAIL_POSTAGE_CENTS), and the newspaper's charge as entered."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from django.conf import settings

from hearings.models import DocketItem, NoticeCharge
from permits.facts_from_records import live_abutter_ids

CENT = Decimal("0.01")


@dataclass(frozen=True)
class NoticeCostStatement:
    abutters: int
    postage_each: Decimal
    newspaper: Decimal | None

    @property
    def postage(self) -> Decimal:
        return (self.postage_each * self.abutters).quantize(CENT)

    @property
    def total(self) -> Decimal:
        return self.postage + (self.newspaper or Decimal("0"))


def statement_for(item: DocketItem) -> NoticeCostStatement:
    charge = NoticeCharge.objects.filter(docket_item=item).first()
    return NoticeCostStatement(
        abutters=len(live_abutter_ids(item.application)),
        postage_each=(Decimal(settings.REGISTERED_MAIL_POSTAGE_CENTS) * CENT).quantize(CENT),
        newspaper=charge.newspaper_charge if charge else None,
    )
