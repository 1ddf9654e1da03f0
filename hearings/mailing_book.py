"""The post office's firm mailing book for one hearing's registered letters (§20-20(9): notice
to each abutter by registered mail): one line a letter, in the letters' own order, with the
article number once the clerk has recorded it and the postage at the rate in force
(REGISTERED_MAIL_POSTAGE_CENTS). The counter clerk stamps the sheet as the sender's receipt."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from facilities.models import Abutter
from hearings.models import AbutterNotice, DocketItem
from hearings.notice_cost import statement_for
from hearings.notice_timing import abutters_in_letter_order


@dataclass(frozen=True)
class MailingBookLine:
    article_number: str
    abutter: Abutter
    postage: Decimal

    @property
    def address_lines(self) -> list[str]:
        return self.abutter.mailing_address_lines


@dataclass(frozen=True)
class MailingBook:
    item: DocketItem
    lines: list[MailingBookLine]
    postage_each: Decimal

    @property
    def total(self) -> Decimal:
        return sum((line.postage for line in self.lines), Decimal("0.00"))

    @property
    def numbered(self) -> int:
        return sum(1 for line in self.lines if line.article_number)


def mailing_book_for(item: DocketItem) -> MailingBook:
    numbers = dict(
        AbutterNotice.objects.filter(docket_item=item).values_list("abutter_id", "article_number")
    )
    # The one rate the applicant is charged for each letter (hearings.notice_cost).
    each = statement_for(item).postage_each
    lines = [
        MailingBookLine(article_number=numbers.get(abutter.pk, ""), abutter=abutter, postage=each)
        for abutter in abutters_in_letter_order(item)
    ]
    return MailingBook(item=item, lines=lines, postage_each=each)
