"""One-time invitation links: how they are made, found and judged.

The link carries a random token; the database keeps only its SHA-256 digest, so a copy of the
database cannot be used to take over a pending account. A link works once, for seven days, and
only while no newer invitation has replaced it.
"""

from __future__ import annotations

import hashlib
import secrets
from datetime import datetime, timedelta

from django.contrib.auth import get_user_model

from permits.portal.models import Invitation

VALID_FOR = timedelta(days=7)
# token_urlsafe(32) gives 43 characters; anything much longer is not one of ours.
MAX_TOKEN_LENGTH = 64


def new_token() -> tuple[str, str]:
    """A fresh (token, digest) pair: the token goes in the e-mail, the digest in the database."""
    token = secrets.token_urlsafe(32)
    return token, digest(token)


def digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def find(token: str) -> Invitation | None:
    """The invitation a link's token belongs to, usable or not; None for a token never issued."""
    if not token or len(token) > MAX_TOKEN_LENGTH:
        return None
    return (
        Invitation.objects.select_related("applicant", "user")
        .filter(token_digest=digest(token))
        .first()
    )


def why_unusable(invitation: Invitation, now: datetime) -> str:
    """Why the link no longer works, in words for the applicant; empty when it works."""
    if invitation.accepted_at is not None:
        return (
            "This invitation link has already been used. Log in with your user name and password."
        )
    if invitation.superseded_at is not None:
        return "A newer invitation was sent to you. Use the link in the most recent e-mail."
    if invitation.expires_at <= now:
        return (
            "This invitation link has expired (links work for 7 days). Ask the Board of Health "
            "office to send a new one."
        )
    return ""


def username_for(email: str) -> str:
    """The applicant's user name: their e-mail address, made unique if someone already has it."""
    users = get_user_model().objects
    base = email.strip().lower()[:140]
    candidate, n = base, 1
    while users.filter(username__iexact=candidate).exists():
        n += 1
        candidate = f"{base}-{n}"
    return candidate
