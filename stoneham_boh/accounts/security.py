"""Log-in protection and the security log.

Every log-in, log-out, failed log-in and lockout is written to the `stoneham_boh.accounts.security`
logger with the user name, the time (the log line's timestamp) and the client's address;
permission refusals are written there by `stoneham_boh.accounts.access`.
"""

from __future__ import annotations

import ipaddress
import logging

from axes.backends import AxesStandaloneBackend
from axes.signals import user_locked_out
from django.conf import settings
from django.contrib.auth.signals import user_logged_in, user_logged_out, user_login_failed
from django.core.cache import cache
from django.dispatch import receiver
from django.shortcuts import render

security_log = logging.getLogger("stoneham_boh.accounts.security")
USERNAME_MAX_LENGTH = 150  # stoneham_boh.User.username


def client_address(request) -> str | None:
    """The client's IP address: the socket's, or the one our trusted proxies forwarded.

    Only the last TRUSTED_PROXY_COUNT entries of X-Forwarded-For were written by our own
    proxies; anything to their left is whatever the client chose to send, so it is ignored.
    None when there is no request or no valid address (a log-in made by code, not a browser).
    """
    if request is None:
        return None
    address = request.META.get("REMOTE_ADDR")
    hops = settings.TRUSTED_PROXY_COUNT
    if hops > 0:
        forwarded = [
            part.strip() for part in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")
        ]
        forwarded = [part for part in forwarded if part]
        if len(forwarded) >= hops:
            address = forwarded[-hops]
    return _valid_ip(address)


def _valid_ip(value) -> str | None:
    try:
        return str(ipaddress.ip_address(str(value).strip()))
    except ValueError:
        return None


def address_of(request) -> str:
    """The client's address for a log line ("-" when unknown)."""
    return client_address(request) or "-"


def lockout_username(request, credentials=None) -> str | None:
    """The user name a failed log-in is counted under, cut to what a user name can be.

    Django's log-in form does not enforce the name's length, and django-axes stores it in a
    255-character column: an absurdly long name must be refused, not crash the log-in page.
    """
    field = settings.AXES_USERNAME_FORM_FIELD
    source = credentials if credentials else getattr(request, "POST", {})
    name = source.get(field) if source else None
    if name is None:
        return None
    return str(name).replace("\x00", "")[:USERNAME_MAX_LENGTH]


class LockoutBackend(AxesStandaloneBackend):
    """django-axes' lockout check, for log-ins that come through a request.

    A log-in without a request (the test client's `login()`, the shell) has no address to
    lock out, so it is left to the password backend rather than refused outright.
    """

    def authenticate(self, request, username=None, password=None, **kwargs):
        if request is None:
            return None
        return super().authenticate(request, username=username, password=password, **kwargs)


def lockout_response(request, original_response=None, credentials=None):
    """The page a locked-out log-in gets: what happened and how long to wait (HTTP 429)."""
    minutes = int(settings.AXES_COOLOFF_TIME.total_seconds() // 60)
    context = {"failure_limit": settings.AXES_FAILURE_LIMIT, "minutes": minutes}
    return render(request, "security/locked_out.html", context, status=429)


@receiver(user_logged_in)
def _log_login(sender, request, user, **kwargs):
    security_log.info("log-in: user=%s address=%s", user.get_username(), address_of(request))


@receiver(user_logged_out)
def _log_logout(sender, request, user, **kwargs):
    name = user.get_username() if user is not None else "-"
    security_log.info("log-out: user=%s address=%s", name, address_of(request))


@receiver(user_login_failed)
def _log_login_failure(sender, credentials, request=None, **kwargs):
    # Django has already masked the password in `credentials`; only the name is logged.
    security_log.warning(
        "log-in failed: user=%s address=%s",
        _printable(credentials.get("username", "-")),
        address_of(request),
    )


@receiver(user_locked_out)
def _log_lockout(sender, request, username, ip_address, **kwargs):
    security_log.warning(
        "locked out after %s failures: user=%s address=%s",
        settings.AXES_FAILURE_LIMIT,
        _printable(username or "-"),
        ip_address or address_of(request),
    )


def _printable(value) -> str:
    """A user name as typed, made safe for one log line (no forged extra lines)."""
    text = str(value)[:150]
    return "".join(ch if ch.isprintable() else "?" for ch in text)


# --- password-change guesses -------------------------------------------------------------

# Wrong current passwords on the change-password page, per user, before it pauses: a stolen
# session must not become an unlimited password oracle.
PASSWORD_CHANGE_FAILURES = 5
PASSWORD_CHANGE_WINDOW_SECONDS = 15 * 60


def _password_change_key(user) -> str:
    return f"password-change-failures:{user.pk}"


def password_change_paused(user) -> bool:
    return (cache.get(_password_change_key(user)) or 0) >= PASSWORD_CHANGE_FAILURES


def note_password_change_failure(request, user) -> None:
    key = _password_change_key(user)
    cache.add(key, 0, PASSWORD_CHANGE_WINDOW_SECONDS)
    try:
        count = cache.incr(key)
    except ValueError:  # expired between add and incr
        cache.set(key, 1, PASSWORD_CHANGE_WINDOW_SECONDS)
        count = 1
    security_log.warning(
        "password change refused (wrong current password %s of %s): user=%s address=%s",
        count,
        PASSWORD_CHANGE_FAILURES,
        user.get_username(),
        address_of(request),
    )


def clear_password_change_failures(user) -> None:
    cache.delete(_password_change_key(user))


def password_change_paused_response(request):
    minutes = PASSWORD_CHANGE_WINDOW_SECONDS // 60
    context = {"failure_limit": PASSWORD_CHANGE_FAILURES, "minutes": minutes}
    return render(request, "security/password_change_paused.html", context, status=429)
