"""The page a person gets when a limit on sign-up, resets or codes is reached (HTTP 429).

allauth answers a limit through the URLconf's `handler429`; ours says what happened, how long
to wait (the longest period among the limits of what was tried, from ACCOUNT_RATE_LIMITS) and
whom to call, in the site's own page.
"""

from __future__ import annotations

from allauth.account import app_settings as allauth_settings
from allauth.core.internal.ratelimit import parse_rates
from django.shortcuts import render

# Which limits stand behind each page that has them (allauth's names of the actions).
ACTIONS_OF_PAGE = {
    "account_signup": ("signup_sent", "signup"),
    "account_reset_password": ("reset_password",),
    "account_reset_password_from_key": ("reset_password_from_key",),
    "account_email_verification_sent": ("confirm_email_client", "confirm_email_address"),
    # An unconfirmed account's log-in sends a code (stoneham_boh.accounts.code_limit).
    "login": ("confirm_email_client", "confirm_email_address"),
}


def wait_minutes(url_name: str | None) -> int | None:
    """The longest period, in whole minutes (at least one), of the limits on the page."""
    periods = [
        rate.duration
        for action in ACTIONS_OF_PAGE.get(url_name or "", ())
        for rate in parse_rates(allauth_settings.RATE_LIMITS.get(action))
    ]
    if not periods:
        return None
    return max(1, -(-int(max(periods)) // 60))


def too_many_requests(request, exception=None):
    match = getattr(request, "resolver_match", None)
    minutes = wait_minutes(match.url_name if match else None)
    return render(request, "errors/429.html", {"minutes": minutes}, status=429)
