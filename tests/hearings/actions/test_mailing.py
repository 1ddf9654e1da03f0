"""Recording the abutters' letters (hearings.actions.mailing): each mailing, a pasted list,
the return receipts, and their refusals.

Issue 22, finding 14 (first half): certified-mail and Priority Mail numbers were accepted as
"registered", and the message even invited certified numbers.

§20-20(9): abutters are noticed "by registered return receipt mail". Only a USPS Registered Mail
article number (two letters starting with R, nine digits, US: RA 123 456 789 US) records a
letter; the others are refused at the field, saying what they are.
"""

from __future__ import annotations

import html
from datetime import timedelta

import pytest
import time_machine
from django.urls import reverse

from hearings import actions, notice_timing
from hearings.models import AbutterNotice
from hearings.notice_timing import normalize_article_number
from stoneham_boh.lib.errors import ActionRefused
from tests import factories
from tests.hearings import builders as b

pytestmark = pytest.mark.django_db

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


FOURTEEN_BEFORE = b.HEARING - timedelta(days=14)


TWENTY_BEFORE = b.HEARING - timedelta(days=20)


def refused(call) -> str:
    with pytest.raises(ActionRefused) as caught:
        call()
    return str(caught.value)


def mail(item, abutter, n, on, by):
    return actions.record_mailing(
        item=item, abutter=abutter, article_number=b.article(n), mailed_on=on, by=by, today=on
    )


def test_a_mailing_is_recorded_with_its_history_row(clerk):
    item = b.docketed(by=clerk)
    abutter = notice_timing.abutters_in_letter_order(item)[0]
    notice = actions.record_mailing(
        item=item,
        abutter=abutter,
        article_number="RE 123 456 789 US",
        mailed_on=TWENTY_BEFORE,
        by=clerk,
        today=TWENTY_BEFORE,
    )
    assert (notice.article_number, notice.mailed_on) == ("RE123456789US", TWENTY_BEFORE)
    assert notice.history.first().history_user == clerk


def test_a_mailing_is_refused_when_dated_ahead_after_the_hearing_or_malformed(clerk):
    item = b.docketed(by=clerk)
    abutter = notice_timing.abutters_in_letter_order(item)[0]
    message = refused(
        lambda: actions.record_mailing(
            item=item,
            abutter=abutter,
            article_number="12",
            mailed_on=b.HEARING + timedelta(1),
            by=clerk,
            today=b.HEARING,
        )
    )
    assert "cannot be in the future" in message
    assert "after the hearing" in message
    assert "not a Registered Mail article number" in message


def test_one_article_number_cannot_serve_two_abutters(clerk):
    item = b.docketed(by=clerk)
    first, second, _ = notice_timing.abutters_in_letter_order(item)
    mail(item, first, 7, TWENTY_BEFORE, clerk)
    assert "already recorded for another abutter" in refused(
        lambda: mail(item, second, 7, TWENTY_BEFORE, clerk)
    )


def test_an_abutter_of_another_application_cannot_be_noticed_here(clerk):
    item = b.docketed(by=clerk)
    other = b.docketed(by=clerk, the_meeting=item.meeting)
    stranger = notice_timing.abutters_in_letter_order(other)[0]
    assert "not on this application's certified list" in refused(
        lambda: mail(item, stranger, 1, TWENTY_BEFORE, clerk)
    )


def test_a_pasted_list_is_recorded_in_letter_order(clerk):
    item = b.docketed(by=clerk, abutters=3)
    notices = actions.record_mailing_list(
        item=item,
        article_numbers=["RE 000 000 001 US", "RE000000002US", "re000000003us"],
        mailed_on=TWENTY_BEFORE,
        by=clerk,
        today=TWENTY_BEFORE,
    )
    names = [n.abutter.owner_names for n in notices]
    assert names == ["Owner 001", "Owner 002", "Owner 003"]
    assert [n.article_number for n in notices][-1] == "RE000000003US"


def test_a_pasted_list_of_the_wrong_length_or_with_repeats_records_nothing(clerk):
    item = b.docketed(by=clerk, abutters=3)
    message = refused(
        lambda: actions.record_mailing_list(
            item=item,
            article_numbers=["RE000000001US", "RE000000001US"],
            mailed_on=TWENTY_BEFORE,
            by=clerk,
            today=TWENTY_BEFORE,
        )
    )
    assert "2 article numbers and the certified list 3 abutters" in message
    assert "Repeated article numbers: RE000000001US" in message
    assert not AbutterNotice.objects.exists()
    message = refused(
        lambda: actions.record_mailing_list(
            item=item,
            article_numbers=["RE000000001US", "bad", "RE000000003US"],
            mailed_on=TWENTY_BEFORE,
            by=clerk,
            today=TWENTY_BEFORE,
        )
    )
    assert "Line 2:" in message


def test_return_receipts_are_marked_after_their_mailing_only(clerk):
    item = b.docketed(by=clerk)
    b.mail_all(item, by=clerk, mailed_on=TWENTY_BEFORE)
    notice = AbutterNotice.objects.filter(docket_item=item).first()
    message = refused(
        lambda: actions.mark_receipt_returned(
            notice=notice, returned_on=TWENTY_BEFORE - timedelta(1), by=clerk, today=b.HEARING
        )
    )
    assert "before the mailing" in message
    assert "in the future" in refused(
        lambda: actions.mark_receipt_returned(
            notice=notice, returned_on=b.HEARING, by=clerk, today=FOURTEEN_BEFORE
        )
    )
    actions.mark_receipt_returned(
        notice=notice, returned_on=FOURTEEN_BEFORE, by=clerk, today=b.HEARING
    )
    notice.refresh_from_db()
    assert notice.receipt_returned_on == FOURTEEN_BEFORE


def test_a_receipt_cannot_be_marked_for_a_letter_never_mailed(clerk):
    item = b.docketed(by=clerk)
    abutter = notice_timing.abutters_in_letter_order(item)[0]
    unmailed = AbutterNotice.objects.create(docket_item=item, abutter=abutter)
    assert "Record the mailing" in refused(
        lambda: actions.mark_receipt_returned(
            notice=unmailed, returned_on=b.HEARING, by=clerk, today=b.HEARING
        )
    )


def test_no_mailing_is_recorded_once_the_item_is_decided(clerk, board_member):
    item = b.noticed(by=clerk)
    b.decide(item, by=board_member)
    abutter = notice_timing.abutters_in_letter_order(item)[0]
    assert "record of its hearing is closed" in refused(
        lambda: mail(item, abutter, 99, FOURTEEN_BEFORE, clerk)
    )
