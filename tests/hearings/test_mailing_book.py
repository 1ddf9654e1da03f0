"""The firm mailing book of a hearing's registered letters, read back from the PDF."""

import io
from datetime import timedelta
from decimal import Decimal

import pytest
from django.urls import reverse
from pypdf import PdfReader

from hearings import actions, notice_timing
from hearings.printing import mailing_book_pdf
from stoneham_boh.town.current import current_town
from stoneham_boh.town.models import Town
from tests.hearings import builders as b

pytestmark = pytest.mark.django_db

MAILED = b.HEARING - timedelta(days=20)


def text_of(pdf: bytes) -> str:
    """The PDF's words, one space between them wherever the print wrapped a line."""
    pages = (page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)
    return " ".join(" ".join(pages).split())


def money(cents: int) -> str:
    return f"${Decimal(cents) / 100:.2f}"


def test_the_book_lists_each_letter_with_its_article_number_address_and_postage(clerk):
    item = b.docketed(by=clerk, abutters=3)
    first, second, third = notice_timing.abutters_in_letter_order(item)
    for n, abutter in enumerate((first, third), start=1):
        actions.record_mailing(
            item=item,
            abutter=abutter,
            article_number=b.article(n),
            mailed_on=MAILED,
            by=clerk,
            today=MAILED,
        )
    text = text_of(mailing_book_pdf(item, today=MAILED))

    assert current_town().board_name in text
    assert current_town().office_address in text
    for abutter in (first, second, third):
        assert abutter.owner_names in text
        for line in abutter.mailing_address_lines:
            assert line in text
    numbers = [notice.article_number for notice in item.abutter_notices.order_by("pk")]
    assert len(numbers) == 2
    for number in numbers:
        assert text.count(number) == 1
    each = current_town().registered_mail_postage_cents
    assert text.count(money(each)) >= 3  # each letter's line, and the rate in the heading
    assert money(3 * each) in text  # the total
    assert "3 letters, 2 with an article number recorded" in text


def test_the_book_follows_the_rate_on_the_towns_settings(clerk):
    Town.objects.filter(is_current=True).update(registered_mail_postage=Decimal("19.99"))
    item = b.docketed(by=clerk, abutters=2)
    text = text_of(mailing_book_pdf(item))
    assert "$19.99" in text and "$39.98" in text


def test_the_notices_page_links_the_clerk_to_the_book(client, clerk):
    item = b.docketed(by=clerk, abutters=2)
    client.force_login(clerk)
    url = reverse("hearings:item-mailing-book", args=[item.pk])
    assert url in client.get(reverse("hearings:item-notices", args=[item.pk])).content.decode()
    response = client.get(url)
    assert response["Content-Type"] == "application/pdf"
    assert notice_timing.abutters_in_letter_order(item)[0].owner_names in text_of(response.content)
