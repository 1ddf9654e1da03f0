"""Changes of state of accounts that staff make: an administrator's reset of two-factor.

Like every actions module: atomic, keyword-only, names who acted (`by`), re-checks what it
depends on and raises `ActionRefused` with every reason when it cannot proceed.
"""

from __future__ import annotations

import logging

from django.db import transaction

from stoneham_boh.accounts.roles import Role, roles_of
from stoneham_boh.accounts.two_factor import remove_devices
from stoneham_boh.accounts.two_factor_mail import tell_account_holder
from stoneham_boh.lib.errors import ActionRefused
from stoneham_boh.lib.history import save_as

security_log = logging.getLogger("stoneham_boh.accounts.security")

TWO_FACTOR_RESET = "Two-factor authentication reset"


@transaction.atomic
def reset_two_factor(*, user, by, address: str = "-") -> int:
    """Remove `user`'s authenticator app and recovery codes: the next log-in sets it up anew.

    For a staff member who lost both phone and codes; only an administrator may. The user's
    history names who reset it, the security log says so, and the user is told by e-mail.
    Returns how many devices were removed (0 when none was set up: the reset is still kept).
    """
    if Role.ADMIN.value not in roles_of(by):
        raise ActionRefused("Only an administrator can reset two-factor authentication.")
    removed = remove_devices(user)
    user._change_reason = TWO_FACTOR_RESET
    save_as(user, by)
    security_log.warning(
        "two-factor reset: user=%s by=%s address=%s",
        user.get_username(),
        by.get_username(),
        address,
    )
    tell_account_holder(user, event="reset")
    return removed
