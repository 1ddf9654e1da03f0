"""The one accessor for the town's settings: ``current_town()``.

Within a request the record is read once and kept for the rest of that request (the request
scope, stoneham_boh/lib/request_scope.py, opened by its middleware); outside a request (a
command, the demo loader, a test) every call reads the database, so a change made a moment ago
is always what the next letter prints.
"""

from __future__ import annotations

from stoneham_boh.lib.request_scope import forget, remembered, request_scope

_KEY = "town.current"


def _unset_town():
    """What a new installation shows until the administrator fills in the settings page."""
    # late: the models import this module (through town.defaults) while the apps load.
    from stoneham_boh.town.models import Town

    return Town(slug="unset", board_name="Board of Health")


def current_town():
    """The Town this installation serves (an unsaved, nearly empty one before it is set)."""
    return remembered(_KEY, _read_town)


def _read_town():
    # late: as in _unset_town (the models import this module while the apps load)
    from stoneham_boh.town.models import Town

    return Town.objects.filter(is_current=True).first() or _unset_town()


def town_context() -> dict:
    """What every template, PDF and e-mail is given: the town, and the older ``BOARD`` keys."""
    town = current_town()
    return {"TOWN": town, "BOARD": town.board}


def town_scope():
    """Read the town at most once within the block, as a request does (a long command, the
    audit of the register): the request scope, usable as a decorator too."""
    return request_scope()


def forget_current_town() -> None:
    """After the settings are saved: the rest of this request reads them afresh."""
    forget(_KEY)


def board_name_for_device(device=None) -> str:
    """The issuer an authenticator app shows beside the code (django-otp's OTP_TOTP_ISSUER)."""
    return current_town().board_name
