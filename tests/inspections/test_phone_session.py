"""What the phone keeps dies with the session (issue 38, M1), as the server sees it: each session
hands the page a tag and its last moment in a cookie the browser forgets when it closes; the
pages the phone may keep name their session; the log-out, and any answer to a session that has
ended, tell the browser to clear what it keeps of the site."""

from __future__ import annotations

from datetime import timedelta

import pytest
import time_machine
from django.conf import settings
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from inspections.views.common import SESSION_HEADER
from stoneham_boh.accounts.phone_session import COOKIE
from stoneham_boh.accounts.roles import Role
from tests.conftest import make_user

pytestmark = pytest.mark.django_db

CLEARED = '"cache", "storage"'


def logged_in(user, password="correct horse battery"):
    client = Client()
    client.force_login(user)
    return client


def test_a_session_hands_the_page_its_tag_in_a_cookie_that_dies_with_the_browser(agent):
    client = logged_in(agent)
    response = client.get(reverse("inspections:agenda"))
    cookie = response.cookies[COOKIE]
    tag, until = cookie.value.split(".")
    assert len(tag) == 32
    assert int(until) == int(timezone.now().timestamp()) + settings.SESSION_COOKIE_AGE
    assert not cookie["max-age"] and not cookie["expires"]  # a browser-session cookie
    assert not cookie["httponly"] and cookie["samesite"] == "Strict"
    # The page kept on the phone names the same session; so does the page's script.
    assert response[SESSION_HEADER] == cookie.value
    assert f'data-session="{tag}"' in response.content.decode()
    # Sent again unchanged, it is not set again.
    again = client.get(reverse("inspections:agenda"))
    assert COOKIE not in again.cookies and again[SESSION_HEADER] == cookie.value


def test_the_log_out_tells_the_browser_to_clear_the_site_and_forgets_the_tag(agent):
    client = logged_in(agent)
    client.get(reverse("inspections:agenda"))
    response = client.post(reverse("logout"))
    assert response["Clear-Site-Data"] == CLEARED
    assert response.cookies[COOKIE].value == ""
    assert "cookies" not in response["Clear-Site-Data"]


@pytest.mark.parametrize("ended_by", ["expiry", "reset elsewhere"])
def test_the_first_answer_after_the_session_ended_clears_the_phone(agent, ended_by):
    client = logged_in(agent)
    client.get(reverse("inspections:agenda"))
    if ended_by == "expiry":
        client.session.flush()  # what the server does once SESSION_COOKIE_AGE has passed
        client.cookies[settings.SESSION_COOKIE_NAME] = "gone"
    else:
        agent.set_password("a brand new passphrase 2027")
        agent.save()
    # The phone's background sending asks for the list: led to the log-in, the phone is told.
    response = client.get(reverse("inspections:agenda"), HTTP_X_PHONE_SYNC="1")
    assert response.status_code == 302
    assert response["Clear-Site-Data"] == CLEARED
    assert response.cookies[COOKIE].value == ""


def test_another_users_log_in_gets_a_session_of_its_own(agent):
    first = logged_in(agent).get(reverse("inspections:agenda")).cookies[COOKIE].value
    other = make_user("agent2", Role.AGENT)
    second = logged_in(other).get(reverse("inspections:agenda")).cookies[COOKIE].value
    assert first.split(".")[0] != second.split(".")[0]


def test_a_session_past_its_lifetime_gets_a_new_tag_so_nothing_older_is_shown(agent):
    client = logged_in(agent)
    first = client.get(reverse("inspections:agenda")).cookies[COOKIE].value
    later = timezone.now() + timedelta(seconds=settings.SESSION_COOKIE_AGE + 60)
    with time_machine.travel(later, tick=False):
        client.force_login(agent)  # the server's session lives on (it was saved again)
        renewed = client.get(reverse("inspections:agenda")).cookies[COOKIE].value
    assert renewed.split(".")[0] != first.split(".")[0]
    assert int(renewed.split(".")[1]) > int(first.split(".")[1])


def test_an_anonymous_visitor_without_the_cookie_is_told_nothing(client):
    response = client.get(reverse("public-home"))
    assert "Clear-Site-Data" not in response and COOKIE not in response.cookies


def test_the_worker_keeps_and_shows_a_copy_only_under_its_live_session(agent):
    script = logged_in(agent).get(reverse("inspections:service-worker")).content.decode()
    assert "X-Phone-Session" in script and "cookieStore" in script
    assert "Your session has ended" in script
