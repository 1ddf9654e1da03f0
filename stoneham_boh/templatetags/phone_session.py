"""The live session's tag, written into the page, so that a copy of the page kept on the phone
says which session it belongs to (stoneham_boh/accounts/phone_session.py)."""

from django import template
from django.conf import settings

from stoneham_boh.accounts import phone_session

register = template.Library()


@register.simple_tag
def phone_session_lifetime() -> int:
    """How long a session lives, in seconds: the page counts it from the moment it first sees
    the session on this device, on the device's own clock, so a device whose clock is off by
    hours neither ends its session at once nor keeps it longer."""
    return settings.SESSION_COOKIE_AGE


@register.simple_tag(takes_context=True)
def phone_session_tag(context) -> str:
    request = context.get("request")
    return "" if request is None else phone_session.page_tag(request)
