"""What binds the copies a phone keeps (the agent's day, checklists in progress) to the session.

Each log-in session gets a tag of its own and the moment it ends at the latest (its start plus
SESSION_COOKIE_AGE). Both reach the page in a cookie that the browser forgets when it closes, as
it forgets the session's own (SESSION_EXPIRE_AT_BROWSER_CLOSE), and that the page and the
phone's service worker can read without a signal: a copy is written with the tag of the session
it was made in, and a copy whose tag is not the live cookie's, or whose session has outlived its
lifetime, is dropped unread (static/js/phone-store.js, templates/inspections/phone/
service-worker.js). The tag is no secret: it grants nothing on the server, whose session cookie
stays HttpOnly.

A response to a request that still carries the cookie of a session that has ended (logged out,
expired, ended by a password reset elsewhere) deletes the cookie and tells the browser to clear
what it keeps of the site (`Clear-Site-Data`), so that the phone learns of the end the first
time it reaches the server. The log-out always says so too (`clear_site_data`).
"""

from __future__ import annotations

import secrets
import time

from django.conf import settings
from django.contrib.auth import SESSION_KEY
from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver

COOKIE = "boh_phone"
TAG_KEY = "phone_tag"
UNTIL_KEY = "phone_until"
USER_KEY = "phone_user"
# "cookies" is left out on purpose: it would clear every cookie of the town's whole domain
# (other services of the town on sibling hosts), and the session's own cookie is already
# deleted by the log-out; this site's phone cookie is deleted by name.
CLEAR_SITE_DATA = '"cache", "storage"'


def phone_tag(request) -> tuple[str, int]:
    """This session's tag and the moment (seconds since the epoch) past which nothing kept under
    it may be shown; a new tag once that moment has passed, or for another user."""
    session = request.session
    tag, until = session.get(TAG_KEY), session.get(UNTIL_KEY)
    if (
        not tag
        or not isinstance(until, int)
        or until <= int(time.time())
        or session.get(USER_KEY) != request.user.pk
    ):
        tag, until = _start(session, request.user.pk)
    return tag, until


def _start(session, user_pk) -> tuple[str, int]:
    tag, until = secrets.token_hex(16), int(time.time()) + settings.SESSION_COOKIE_AGE
    session[TAG_KEY], session[UNTIL_KEY], session[USER_KEY] = tag, until, user_pk
    return tag, until


@receiver(user_logged_in)
def _tag_at_log_in(sender, request, user, **kwargs):
    """Each log-in starts a session of the phone's own (and saves the pages that follow a write
    of the session: they only read it)."""
    session = getattr(request, "session", None)
    if session is not None:
        _start(session, user.pk)


def cookie_value(request) -> str:
    tag, until = phone_tag(request)
    return f"{tag}.{until}"


def clear_site_data(response):
    """Tell the browser to drop what it keeps of this site: pages, databases, service worker."""
    response["Clear-Site-Data"] = CLEAR_SITE_DATA
    response.delete_cookie(COOKIE, samesite="Strict")
    return response


def page_tag(request) -> str:
    """The tag a page names (data-session on the phone's script), "" with nobody logged in."""
    return phone_tag(request)[0] if _logged_in(request, getattr(request, "user", None)) else ""


def _logged_in(request, user) -> bool:
    """A person logged in through a session (a client of the API signed in by its token has no
    session of its own to bind anything to, and gets none)."""
    session = getattr(request, "session", None)
    return (
        user is not None
        and user.is_authenticated
        and session is not None
        and session.get(SESSION_KEY) == str(user.pk)
    )


class PhoneSessionMiddleware:
    """Hands the live session's tag to the page; a session that has ended clears the phone."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        user = getattr(request, "user", None)
        sent = request.COOKIES.get(COOKIE)
        if _logged_in(request, user):
            value = cookie_value(request)
            if sent != value:
                response.set_cookie(
                    COOKIE,
                    value,
                    max_age=None,  # forgotten when the browser closes, as the session is
                    secure=settings.SESSION_COOKIE_SECURE,
                    httponly=False,  # read by the page and the worker, offline
                    samesite="Strict",
                )
        elif sent:
            clear_site_data(response)
        return response
