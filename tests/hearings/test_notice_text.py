"""What the Board decides is no larger than what every notice said (issue 22, findings 5, 7, 8).

Each abutter letter and the published legal notice keep the facts of the keeping as the rules
read them when they went out (measured distances where a plan is drawn); the decision compares
the request with each of them through the one comparison (permits.rules.compare).
"""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.urls import reverse

from hearings import actions
from permits import actions as permit_actions
from stoneham_boh.accounts.roles import Role
from stoneham_boh.lib.errors import ActionRefused
from tests.conftest import make_user
from tests.hearings import builders as b

pytestmark = pytest.mark.django_db


def refused(call) -> str:
    with pytest.raises(ActionRefused) as caught:
        call()
    return str(caught.value)


@pytest.fixture
def member(db):
    return make_user("member0", Role.BOARD, last_name="Member0")


def _decide_page(client, member, item) -> str:
    client.force_login(member)
    return client.get(reverse("hearings:decide", args=[item.pk])).content.decode()


def _forty_hens_and_six_goats(clerk):
    application = b.new_hen_application(by=clerk)
    permit_actions.set_animals(
        application=application, by=clerk, animals={"chicken": 40, "goat": 6}
    )
    item = b.docketed(by=clerk, application=application)
    b.mail_all(item, by=clerk)
    return item


def _send_and_publish(meeting, clerk):
    sent_on = b.DEADLINE - timedelta(days=3)
    actions.send_legal_notice(meeting=meeting, sent_on=sent_on, by=clerk, today=sent_on)
    actions.record_publication(meeting=meeting, published_on=b.DEADLINE, by=clerk, today=b.DEADLINE)
    b.post_online(meeting, by=clerk, posted_on=b.DEADLINE)


def test_a_legal_notice_saying_6_chickens_for_40_chickens_and_6_goats_notices_nothing(
    clerk, member, client
):
    item = _forty_hens_and_six_goats(clerk)
    notice = actions.draft_legal_notice(meeting=item.meeting, by=clerk)
    name = item.application.applicant.name
    # The draft names the applicant, the address, the animals and the structures asked for.
    assert "40 chickens and 6 goats" in notice.text and "coop C1" in notice.text
    assert name in notice.text and item.application.lot.street_address in notice.text
    entry = notice.content[0]
    assert entry["gaps"] == [] and entry["facts"]["animals"][0]["count"] == 40

    # The clerk edits it on the legal notice page before sending it.
    client.force_login(clerk)
    url = reverse("hearings:legal-notice", args=[item.meeting.pk])
    edited = notice.text.replace("40 chickens and 6 goats", "6 chickens")
    response = client.post(url, {"text": edited, "newspaper": "Stoneham Independent"})
    assert response.status_code == 302
    page = client.get(url).content.decode()
    assert "it does not name 40 chickens; 6 goats." in page
    assert "the Board cannot decide it at this hearing" in page

    _send_and_publish(item.meeting, clerk)
    message = refused(lambda: b.decide(item, by=member))
    assert "The legal notice does not name 40 chickens; 6 goats" in message
    assert "The legal notice does not name 40 chickens; 6 goats" in _decide_page(
        client, member, item
    )


def test_a_legal_notice_that_never_names_an_item_does_not_notice_it(clerk, member, client):
    item = _forty_hens_and_six_goats(clerk)
    other = b.docketed(by=clerk, the_meeting=item.meeting)
    b.mail_all(other, by=clerk)
    notice = actions.draft_legal_notice(meeting=item.meeting, by=clerk)
    # The clerk cuts the first item out of the text.
    first, second = (line for line in notice.text.splitlines() if line[:2] in ("1.", "2."))
    actions.edit_legal_notice(
        meeting=item.meeting,
        text=notice.text.replace(first + "\n", "").replace("2. ", "1. "),
        newspaper=notice.newspaper,
        by=clerk,
    )
    _send_and_publish(item.meeting, clerk)
    assert "The legal notice does not name" in refused(lambda: b.decide(item, by=member))
    # The item the notice names is decided.
    assert b.decide(other, by=member).result == "approved"


def test_a_legal_notice_drafted_before_the_request_grew_does_not_cover_it(clerk, member):
    item = b.docketed(by=clerk)
    b.mail_all(item, by=clerk)
    actions.draft_legal_notice(meeting=item.meeting, by=clerk)
    permit_actions.set_animals(application=item.application, by=clerk, animals={"chicken": 9})
    _send_and_publish(item.meeting, clerk)
    message = refused(lambda: b.decide(item, by=member))
    assert "The legal notice does not name 9 chickens" in message


def test_a_legal_notice_kept_before_its_content_is_judged_by_its_text(clerk, member):
    """A notice sent before the notice kept its content (no structures were printed then)."""
    item = _forty_hens_and_six_goats(clerk)
    actions.draft_legal_notice(meeting=item.meeting, by=clerk)
    _send_and_publish(item.meeting, clerk)
    notice = item.meeting.legal_notice.__class__.objects.get(meeting=item.meeting)
    text = re.sub(r", in the structures shown on the plan: [^,.]*", "", notice.text)
    assert "coop C1" not in text
    type(notice).objects.filter(pk=notice.pk).update(content=None, text=text)
    assert b.decide(item, by=member).result == "approved"


def test_an_understated_legal_notice_kept_before_its_content_notices_nothing(clerk, member):
    item = _forty_hens_and_six_goats(clerk)
    actions.draft_legal_notice(meeting=item.meeting, by=clerk)
    _send_and_publish(item.meeting, clerk)
    notice = item.meeting.legal_notice.__class__.objects.get(meeting=item.meeting)
    text = notice.text.replace("40 chickens and 6 goats", "6 chickens")
    type(notice).objects.filter(pk=notice.pk).update(content=None, text=text)
    assert "does not name 40 chickens; 6 goats" in refused(lambda: b.decide(item, by=member))
