"""What the applicant pays for the notice of the hearing (§20-20(9): "at the applicant's
expense"): registered mail with return receipt to each abutter on the certified list, at the
rate in force (the town's settings), and the newspaper's charge as entered."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from facilities.noticed_abutters import live_abutter_ids
from hearings.loaded_docket import docket_items_of
from hearings.models import DocketItem, NoticeCharge
from stoneham_boh.town.current import current_town

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


def charged_hearings(application) -> list[tuple[DocketItem, NoticeCostStatement]]:
    """The application's public hearings whose notice went out (a letter mailed), each with
    its statement: what §20-20(9) charges the applicant, carried on the application's fees
    (permits.eligibility.fee_due). A continuation that kept its hearing's notice sent none.

    The hearings and the abutters are read as the caller loaded them (a page's prefetched
    lists cost nothing more); the charges in one query when a notice went out."""
    items = sorted(
        (
            item
            for item in docket_items_of(application)
            if item.kind in DocketItem.PUBLIC_HEARING_KINDS
            and not item.notice_carried
            and any(n.mailed_on for n in item.abutter_notices.all())
        ),
        key=lambda item: (item.meeting.date, item.pk),
    )
    if not items:
        return []
    abutters = len(live_abutter_ids(application))
    return [(item, _statement(abutters, _charge_of(item))) for item in items]


def _charge_of(item: DocketItem):
    """The item's newspaper charge (selected with it where the page loaded it), or None."""
    try:
        return item.notice_charge
    except NoticeCharge.DoesNotExist:
        return None


def _postage_each() -> Decimal:
    return current_town().registered_mail_postage.quantize(CENT)


def _statement(abutters: int, charge) -> NoticeCostStatement:
    return NoticeCostStatement(
        abutters=abutters,
        postage_each=_postage_each(),
        newspaper=charge.newspaper_charge if charge else None,
    )


def statement_for(item: DocketItem) -> NoticeCostStatement:
    charge = NoticeCharge.objects.filter(docket_item=item).first()
    return _statement(len(live_abutter_ids(item.application)), charge)
