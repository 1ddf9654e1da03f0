"""`check --deploy` warnings of our own: what Django's checklist cannot know about."""

from __future__ import annotations

from django.conf import settings
from django.core.checks import Tags, Warning, register


@register(Tags.security, deploy=True)
def staff_two_factor_required(app_configs, **kwargs):
    if getattr(settings, "PRODUCTION", False) and not settings.REQUIRE_STAFF_2FA:
        return [
            Warning(
                "REQUIRE_STAFF_2FA is off in production: staff log in with a password alone.",
                hint="Unset REQUIRE_STAFF_2FA (it is on by default in production) or set it to 1.",
                id="stoneham_boh.W001",
            )
        ]
    return []
