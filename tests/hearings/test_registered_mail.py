"""Issue 22, finding 14 (first half): certified-mail and Priority Mail numbers were accepted as
"registered", and the message even invited certified numbers.

§20-20(9): abutters are noticed "by registered return receipt mail". Only a USPS Registered Mail
article number (two letters starting with R, nine digits, US: RA 123 456 789 US) records a
letter; the others are refused at the field, saying what they are.
"""

from __future__ import annotations

import html

import pytest
import time_machine
from django.urls import reverse

from hearings import actions, notice_timing
from hearings.models import AbutterNotice
from hearings.notice_timing import normalize_article_number
from stoneham_boh.lib.errors import ActionRefused
from tests import factories
from tests.hearings import builders as b

CERTIFIED = "7015 0640 0003 5312 4587"  # Certified Mail, 20 digits
CERTIFIED_22 = "9214 8969 0099 9790 1234 56"  # Certified Mail, 22 digits
PRIORITY = "9405 5036 9930 0123 4567 89"  # Priority Mail tracking
PRIORITY_22 = "9407 1112 0620 1234 5678 90"
EXPRESS = "EA 123 456 789 US"  # Priority Mail Express (international)
PARCEL = "CP 123 456 789 US"


@pytest.mark.parametrize(
    ("typed", "kept"),
    [
        ("RA123456789US", "RA123456789US"),
        ("ra 123 456 789 us", "RA123456789US"),
        ("RE-123-456-789-US", "RE123456789US"),
        ("RR 987 654 321 US", "RR987654321US"),
    ],
)
def test_a_registered_mail_number_is_kept_without_spaces(typed, kept):
    assert normalize_article_number(typed) == kept


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        (CERTIFIED, "Certified Mail or Priority Mail tracking number"),
        (CERTIFIED_22, "Certified Mail or Priority Mail tracking number"),
        (PRIORITY, "Certified Mail or Priority Mail tracking number"),
        (PRIORITY_22, "Certified Mail or Priority Mail tracking number"),
        (EXPRESS, "another mail service (EA...)"),
        (PARCEL, "another mail service (CP...)"),
        ("RA 123 456 789 CA", "ends in CA"),
        ("RA 123 456 78 US", "not a Registered Mail article number"),
        ("R1 123 456 789 US", "not a Registered Mail article number"),
        ("", "not a Registered Mail article number"),
    ],
)
def test_certified_priority_and_other_numbers_are_not_registered_mail(typed, said):
    with pytest.raises(ValueError) as refused:
        normalize_article_number(typed)
    message = str(refused.value)
    assert said in message
    assert "registered mail, return receipt requested" in message
    assert "RA 123 456 789 US" in message
    # The message never invites a certified number any more.
    assert "certified article" not in message


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("number", "said"),
    [
        (CERTIFIED, "is a Certified Mail or Priority Mail tracking number, not a registered one"),
        (PRIORITY_22, "is a Certified Mail or Priority Mail tracking number, not a registered one"),
        (EXPRESS, "is the number of another mail service (EA...), not of Registered Mail"),
    ],
)
def test_a_certified_or_priority_number_records_no_letter(clerk, number, said):
    item = b.docketed(by=clerk)
    abutter = notice_timing.abutters_in_letter_order(item)[0]
    with pytest.raises(ActionRefused) as refused:
        actions.record_mailing(
            item=item,
            abutter=abutter,
            article_number=number,
            mailed_on=b.DEADLINE,
            by=clerk,
            today=b.DEADLINE,
        )
    assert said in str(refused.value)
    assert not AbutterNotice.objects.filter(mailed_on__isnull=False).exists()


@pytest.mark.django_db
def test_a_pasted_list_with_one_certified_number_records_none(clerk):
    item = b.docketed(by=clerk)
    numbers = [b.article(1), CERTIFIED, b.article(3)]
    with pytest.raises(ActionRefused) as refused:
        actions.record_mailing_list(
            item=item, article_numbers=numbers, mailed_on=b.DEADLINE, by=clerk, today=b.DEADLINE
        )
    assert "Line 2:" in str(refused.value)
    assert not AbutterNotice.objects.filter(mailed_on__isnull=False).exists()


# --- through the clerk's notices page ---------------------------------------------------------


def _post(client, clerk, url, data):
    with time_machine.travel(factories.midday(b.DEADLINE), tick=False):
        client.force_login(clerk)
        return client.post(url, data)


@pytest.mark.django_db
def test_the_clerk_is_told_at_the_field_that_a_certified_number_is_not_registered(clerk, client):
    item = b.docketed(by=clerk)
    abutter = notice_timing.abutters_in_letter_order(item)[0]
    prefix = f"a{abutter.pk}"
    response = _post(
        client,
        clerk,
        reverse("hearings:item-mailing", args=[item.pk, abutter.pk]),
        {
            f"{prefix}-article_number": CERTIFIED,
            f"{prefix}-mailed_on": b.DEADLINE.isoformat(),
        },
    )
    page = html.unescape(response.content.decode())
    assert response.status_code == 400
    row = page[page.index(f'action="/hearings/items/{item.pk}/mailing/{abutter.pk}/"') :]
    row = row[: row.index("</form>")]
    assert "Article number: “7015 0640 0003 5312 4587” is a Certified Mail" in row
    assert "RA 123 456 789 US" in page
    assert "certified article" not in page
    assert not AbutterNotice.objects.filter(mailed_on__isnull=False).exists()


@pytest.mark.django_db
def test_the_clerk_pasting_a_priority_number_is_told_which_line(clerk, client):
    item = b.docketed(by=clerk)
    response = _post(
        client,
        clerk,
        reverse("hearings:item-mailing-list", args=[item.pk]),
        {
            "numbers": "\n".join([b.article(1), b.article(2), PRIORITY]),
            "mailed_on": b.DEADLINE.isoformat(),
        },
    )
    page = html.unescape(response.content.decode())
    assert response.status_code == 400
    assert "Line 3: “9405 5036 9930 0123 4567 89” is a Certified Mail or Priority Mail" in page
    assert not AbutterNotice.objects.filter(mailed_on__isnull=False).exists()


@pytest.mark.django_db
def test_the_clerk_records_a_registered_number(clerk, client):
    item = b.docketed(by=clerk)
    abutter = notice_timing.abutters_in_letter_order(item)[0]
    prefix = f"a{abutter.pk}"
    response = _post(
        client,
        clerk,
        reverse("hearings:item-mailing", args=[item.pk, abutter.pk]),
        {
            f"{prefix}-article_number": "ra 123 456 789 us",
            f"{prefix}-mailed_on": b.DEADLINE.isoformat(),
        },
    )
    assert response.status_code == 302
    assert AbutterNotice.objects.get(abutter=abutter).article_number == "RA123456789US"
