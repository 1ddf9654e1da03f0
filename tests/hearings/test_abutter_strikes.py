"""Issue 22, finding 13: striking the one un-mailed certified abutter on hearing day, with any
reason, cured the missing notice.

A certified name is struck only on a ground the Assessor's records support (sold, listed twice,
deceased with the estate noticed), recorded before the letters; after the letters the hearing
moves, or the struck owner still counts as not noticed (§20-14, §20-20(9)).
"""

from __future__ import annotations

import html
from datetime import timedelta

import pytest
import time_machine
from django.urls import reverse

from facilities import actions as facility_actions
from facilities.models import Abutter
from hearings import actions, notice_timing
from hearings.models import DocketItem
from hearings.notice_timing import timing_for
from stoneham_boh.accounts.roles import Role
from stoneham_boh.lib.errors import ActionRefused
from tests import factories
from tests.conftest import make_user
from tests.hearings import builders as b

pytestmark = pytest.mark.django_db

BEFORE_LETTERS = b.DEADLINE - timedelta(days=3)


def refused(call) -> str:
    with pytest.raises(ActionRefused) as caught:
        call()
    return str(caught.value)


def mail_all_but_last(item, clerk):
    """Registered letters to every abutter on the list but the last (in letter order)."""
    abutters = notice_timing.abutters_in_letter_order(item)
    for n, abutter in enumerate(abutters[:-1]):
        actions.record_mailing(
            item=item,
            abutter=abutter,
            article_number=b.article(item.pk * 1000 + n),
            mailed_on=b.DEADLINE,
            by=clerk,
            today=b.DEADLINE,
        )
    return abutters[-1]


@pytest.fixture
def member():
    return make_user("member-strike", Role.BOARD)


# --- through the action --------------------------------------------------------------------


def test_striking_the_unmailed_abutter_on_hearing_day_is_refused(clerk, member):
    item = b.docketed(by=clerk)
    unmailed = mail_all_but_last(item, clerk)
    b.publish(item.meeting, by=clerk)
    message = refused(
        lambda: facility_actions.void_abutter(
            abutter=unmailed, ground="sold", reason="Sold in 2029.", by=clerk, today=b.HEARING
        )
    )
    assert "were mailed on March 12, 2030" in message
    assert "still needs its notice" in message
    unmailed.refresh_from_db()
    assert not unmailed.voided
    assert "1 of 3 abutters have no registered-mail notice" in refused(
        lambda: b.decide(item, by=member)
    )


def test_a_strike_recorded_after_the_letters_still_counts_as_unnoticed(clerk, member):
    """However it came to be recorded (an import, the history), a late strike cures nothing."""
    item = b.docketed(by=clerk)
    unmailed = mail_all_but_last(item, clerk)
    b.publish(item.meeting, by=clerk)
    Abutter.objects.filter(pk=unmailed.pk).update(
        voided=True, void_ground="sold", voided_on=b.HEARING
    )
    timing = timing_for(item)
    assert (timing.abutter_total, timing.abutters_mailed) == (3, 2)
    message = refused(lambda: b.decide(item, by=member))
    assert "1 of 3 abutters have no registered-mail notice" in message
    assert "Struck from the certified list after the letters were mailed" in message
    assert unmailed.owner_names in message


def test_a_strike_of_unknown_day_does_not_cure_a_missing_letter(clerk, member):
    item = b.docketed(by=clerk)
    unmailed = mail_all_but_last(item, clerk)
    b.publish(item.meeting, by=clerk)
    Abutter.objects.filter(pk=unmailed.pk).update(voided=True, void_reason="Any reason.")
    assert not timing_for(item).abutters_complete


def test_a_strike_before_the_letters_needs_no_notice(clerk, member):
    item = b.docketed(by=clerk)
    last = notice_timing.abutters_in_letter_order(item)[-1]
    facility_actions.void_abutter(
        abutter=last, ground="sold", reason="Now owned by R. Doyle.", by=clerk, today=BEFORE_LETTERS
    )
    b.mail_all(item, by=clerk)
    b.publish(item.meeting, by=clerk)
    timing = timing_for(item)
    assert (timing.abutter_total, timing.abutters_mailed) == (2, 2)
    b.decide(item, by=member)
    assert DocketItem.objects.get(pk=item.pk).status == DocketItem.Status.DECIDED


def test_after_the_letters_a_name_is_struck_once_the_hearing_moves(clerk, member):
    item = b.docketed(by=clerk)
    unmailed = mail_all_but_last(item, clerk)
    b.publish(item.meeting, by=clerk)
    later = b.meeting(by=clerk, on=b.HEARING + timedelta(days=28))
    b.decide(item, by=member, result="continued", continue_to=later)
    moved = DocketItem.objects.get(continued_from=item)
    assert moved.notice_carried is False
    facility_actions.void_abutter(
        abutter=unmailed, ground="sold", reason="Sold in 2029.", by=clerk, today=b.HEARING
    )
    unmailed.refresh_from_db()
    assert (unmailed.voided, unmailed.voided_on) == (True, b.HEARING)
    # The moved hearing's letters go to the two left, and they are all it needs.
    b.mail_all(moved, by=clerk, mailed_on=later.last_notice_day)
    timing = timing_for(moved)
    assert (timing.abutter_total, timing.abutters_mailed) == (2, 2)


@pytest.mark.parametrize(
    ("ground", "reason", "expected"),
    [
        ("", "Moved away.", "Choose why"),
        ("moved", "Moved away.", "Choose why"),
        ("sold", "", "Say what the Assessor's records show"),
        ("deceased", "", "Name the estate's representative"),
        ("duplicate", "", "it is not listed twice"),
    ],
)
def test_a_strike_needs_a_ground_the_assessors_records_support(clerk, ground, reason, expected):
    item = b.docketed(by=clerk)
    abutter = notice_timing.abutters_in_letter_order(item)[0]
    message = refused(
        lambda: facility_actions.void_abutter(
            abutter=abutter, ground=ground, reason=reason, by=clerk
        )
    )
    assert expected in message
    abutter.refresh_from_db()
    assert not abutter.voided


def test_a_name_listed_twice_is_struck_as_a_duplicate(clerk):
    item = b.docketed(by=clerk)
    application = item.application
    rows = [b.abutter_rows(1)[0] | {"owner_names": "Owner  001 Trust"}]
    facility_actions.import_abutters(
        application=application,
        rows=rows,
        certified_on=application.abutter_list.certified_on,
        source_name="second.csv",
        by=clerk,
    )
    # Not the same name: no duplicate to strike.
    assert "not listed twice" in refused(
        lambda: facility_actions.void_abutter(
            abutter=Abutter.objects.get(owner_names="Owner  001 Trust"),
            ground="duplicate",
            by=clerk,
        )
    )
    # The same owner entered again by hand, spaced and cased otherwise: a duplicate.
    twice = facility_actions.add_abutter(
        application=application,
        by=clerk,
        owner_names="OWNER  001",
        mailing_street="1 Abutting Way",
        mailing_city="Stoneham",
        mailing_zip="02180",
    )
    facility_actions.void_abutter(abutter=twice, ground="duplicate", by=clerk)
    twice.refresh_from_db()
    assert (twice.voided, twice.void_ground) == (True, "duplicate")
    assert twice.history.first().history_user == clerk


def test_a_deceased_owner_is_struck_with_the_estate_named(clerk):
    item = b.docketed(by=clerk)
    abutter = notice_timing.abutters_in_letter_order(item)[1]
    facility_actions.void_abutter(
        abutter=abutter,
        ground="deceased",
        reason="Estate of Owner 002, c/o J. Lane, executor, added to the list.",
        by=clerk,
    )
    abutter.refresh_from_db()
    assert abutter.get_void_ground_display().startswith("Deceased")


# --- through the clerk's screen ------------------------------------------------------------


def _strike(client, clerk, abutter, data, day):
    with time_machine.travel(factories.midday(day), tick=False):
        client.force_login(clerk)
        return client.post(reverse("permits:abutter-void", args=[abutter.pk]), data, follow=True)


def test_the_clerk_cannot_strike_the_unmailed_abutter_on_hearing_day(clerk, client):
    item = b.docketed(by=clerk)
    unmailed = mail_all_but_last(item, clerk)
    page = _strike(
        client, clerk, unmailed, {"ground": "sold", "reason": "Sold in 2029."}, b.HEARING
    )
    text = html.unescape(page.content.decode())
    assert page.status_code == 200
    assert "were mailed on March 12, 2030" in text
    unmailed.refresh_from_db()
    assert not unmailed.voided


def test_the_clerk_strikes_from_a_fixed_list_of_grounds_before_the_letters(clerk, client):
    item = b.docketed(by=clerk)
    abutter = notice_timing.abutters_in_letter_order(item)[0]
    with time_machine.travel(factories.midday(BEFORE_LETTERS), tick=False):
        client.force_login(clerk)
        form = client.get(reverse("permits:abutter-import", args=[item.application_id]))
    text = html.unescape(form.content.decode())
    for value, label in Abutter.STRIKE_GROUND_CHOICES:
        assert f'<option value="{value}">{label}</option>' in text
    assert len(Abutter.STRIKE_GROUND_CHOICES) == 3
    page = _strike(
        client, clerk, abutter, {"ground": "any", "reason": "He said so."}, BEFORE_LETTERS
    )
    assert "Select a valid choice" in html.unescape(page.content.decode())
    abutter.refresh_from_db()
    assert not abutter.voided
    page = _strike(
        client, clerk, abutter, {"ground": "sold", "reason": "Now R. Doyle's."}, BEFORE_LETTERS
    )
    text = html.unescape(page.content.decode())
    assert "struck from the list." in text
    assert "Sold: the Assessor's records show another owner of the parcel; Now R. Doyle's." in text
    abutter.refresh_from_db()
    assert (abutter.voided, abutter.voided_on) == (True, BEFORE_LETTERS)
