"""The one accessor for the town's settings: ``current_town()``.

Within a request the record is read once and kept for the rest of that request (the middleware
below opens and closes the cache); outside a request (a command, the demo loader, a test) every
call reads the database, so a change made a moment ago is always what the next letter prints.
"""

from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar

_NOT_IN_A_REQUEST = object()
_cached: ContextVar[object] = ContextVar("current_town", default=_NOT_IN_A_REQUEST)


def _unset_town():
    """What a new installation shows until the administrator fills in the settings page."""
    from stoneham_boh.town.models import Town

    return Town(slug="unset", board_name="Board of Health")


def current_town():
    """The Town this installation serves (an unsaved, nearly empty one before it is set)."""
    cached = _cached.get()
    if cached is not _NOT_IN_A_REQUEST and cached is not None:
        return cached
    from stoneham_boh.town.models import Town

    town = Town.objects.filter(is_current=True).first() or _unset_town()
    if cached is None:  # inside a request: keep it until the request ends
        _cached.set(town)
    return town


def town_context() -> dict:
    """What every template, PDF and e-mail is given: the town, and the older ``BOARD`` keys."""
    town = current_town()
    return {"TOWN": town, "BOARD": town.board}


@contextmanager
def town_scope():
    """Read the town at most once within the block, as a request does (a long command, the
    audit of the register)."""
    token = _cached.set(None)
    try:
        yield
    finally:
        _cached.reset(token)


class CurrentTownMiddleware:
    """Reads the town at most once per request, and never keeps it past the request."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        token = _cached.set(None)
        try:
            return self.get_response(request)
        finally:
            _cached.reset(token)


def forget_current_town() -> None:
    """After the settings are saved: the rest of this request reads them afresh."""
    if _cached.get() is not _NOT_IN_A_REQUEST:
        _cached.set(None)


def board_name_for_device(device=None) -> str:
    """The issuer an authenticator app shows beside the code (django-otp's OTP_TOTP_ISSUER)."""
    return current_town().board_name
