"""The e-mail that tells an account holder their two-factor authentication changed.

Sent when it is set up and when an administrator resets it, so that a change the holder did
not make is noticed. It is a security notice, not a record: it goes every time, and a mail
server that refuses it is logged rather than undoing the change.
"""

from __future__ import annotations

import logging

from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.template.loader import render_to_string
from django.utils import timezone

from stoneham_boh.town.current import town_context

log = logging.getLogger(__name__)

EVENTS = {
    "set_up": "was set up",
    "reset": "was reset by an administrator",
}


def tell_account_holder(user, *, event: str, address: str = "-") -> bool:
    """E-mail `user` that two-factor `event` happened; False when there is no address."""
    to = (user.email or "").strip()
    if not to:
        return False
    context = {
        **town_context(),
        "SITE_URL": settings.SITE_URL,
        "user": user,
        "event": event,
        "what_happened": EVENTS[event],
        "when": timezone.localtime(),
        "address": address,
    }
    subject = " ".join(
        render_to_string("security/email/two_factor_changed_subject.txt", context).split()
    )
    text = render_to_string("security/email/two_factor_changed.txt", context)
    html = render_to_string("security/email/two_factor_changed.html", context)
    message = EmailMultiAlternatives(subject, text, settings.DEFAULT_FROM_EMAIL, [to])
    message.attach_alternative(html, "text/html")
    try:
        message.send()
    except OSError:
        log.exception("two-factor notice not sent: user=%s", user.get_username())
        return False
    return True
