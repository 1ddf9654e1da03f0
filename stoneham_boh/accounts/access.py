"""View decorators that admit a role and refuse everyone else with a 403 (logged)."""

from __future__ import annotations

import logging
from functools import wraps

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied

from stoneham_boh.accounts.roles import STAFF, Role, has_role, roles_of
from stoneham_boh.accounts.security import address_of

security_log = logging.getLogger("stoneham_boh.accounts.security")


def role_required(*roles: Role):
    """Admit logged-in users holding any of `roles` (administrators always pass)."""

    def decorator(view):
        @wraps(view)
        def wrapped(request, *args, **kwargs):
            user = request.user
            if not user.is_authenticated:
                return redirect_to_login(request.get_full_path())
            if not has_role(user, roles):
                security_log.warning(
                    "permission refused: user=%s path=%s address=%s",
                    user.get_username(),
                    request.path,
                    address_of(request),
                )
                raise PermissionDenied
            return view(request, *args, **kwargs)

        wrapped.required_roles = roles
        return wrapped

    return decorator


clerk_required = role_required(Role.CLERK)
#: Any of the office's staff: clerk, agent or Board member (administrators always pass).
staff_required = role_required(*STAFF)


def board_member_required(view):
    """Admit only a log-in that holds the Board role itself: an administrator reads the Board's
    pages but does not pass as a member of it (the roll says who votes)."""

    @wraps(view)
    def wrapped(request, *args, **kwargs):
        user = request.user
        if not user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        if Role.BOARD.value not in roles_of(user) or user.is_superuser:
            security_log.warning(
                "permission refused: user=%s path=%s address=%s",
                user.get_username(),
                request.path,
                address_of(request),
            )
            raise PermissionDenied
        return view(request, *args, **kwargs)

    wrapped.required_roles = (Role.BOARD,)
    return wrapped
