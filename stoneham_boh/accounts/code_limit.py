"""The codes e-mailed to confirm an address (allauth's verification by code): how many one client
may have sent to one address, and what a password reset ends.

A sign-up needs no proof of the address it names, so a stranger can sign up with a resident's
address and log in with the password he chose, each time sending a code to her mailbox. Counted
per address alone (allauth's limit), his tries used up her log-ins' codes too, and after she
reset the password her first log-in was refused (429) for ten minutes. So:

- the limit that stops a client is counted per address AND client ("confirm_email_client"):
  one client's tries never hold up another's log-in;
- a looser count per address ("confirm_email_address") is the ceiling against a mailbox flooded
  from many clients. It is counted here, after the client's, so that the tries a client is
  refused spend nothing of it (allauth's own per-address count, "confirm_email", which it takes
  before asking us, is switched off in the settings for that reason);
- a password reset, which proves the mailbox is hers, clears the address's counts, and ends
  every code sent before it: each code carries a stamp of the password it was sent under, and
  the code page drops one whose stamp no longer matches (the stranger's session waiting on a
  code she might be talked into reading out).
"""

from __future__ import annotations

from allauth.account.internal.flows.email_verification_by_code import EmailVerificationProcess
from allauth.account.models import EmailAddress
from allauth.account.signals import password_reset
from allauth.core import ratelimit
from allauth.core.exceptions import ImmediateHttpResponse
from django.dispatch import receiver
from django.utils.crypto import constant_time_compare, salted_hmac

from stoneham_boh.accounts import security

PER_CLIENT = "confirm_email_client"
PER_ADDRESS = "confirm_email_address"
STAMP = "password_stamp"


def _client_key(request, email: str) -> str:
    return f"{email.lower()} {security.client_address(request) or '-'}"


def count_or_refuse(request, email: str) -> None:
    """Count a code about to go to `email` from this client, then to the address; past either
    limit, answer 429 (as allauth answers its own: the code page cannot silently send nothing)."""
    if not (
        ratelimit.consume(request, action=PER_CLIENT, key=_client_key(request, email))
        and ratelimit.consume(request, action=PER_ADDRESS, key=email.lower())
    ):
        raise ImmediateHttpResponse(ratelimit.respond_429(request))


def _stamp(user) -> str:
    # The password hash changes with every reset; an HMAC of it keeps the hash out of the session.
    return salted_hmac(__name__, user.password, algorithm="sha256").hexdigest()


def stamp_code(process) -> None:
    """Mark a code being sent with the password it is sent under (allauth saves the state in
    the session after sending)."""
    if process.user is not None:
        process.state[STAMP] = _stamp(process.user)


def drop_stale_code(request) -> None:
    """End the code this session waits on if the account's password has changed since it was
    sent: the code page then sends the session back to log in."""
    process = EmailVerificationProcess.resume(request)
    if process is None or process.user is None:
        return
    if not constant_time_compare(process.state.get(STAMP, ""), _stamp(process.user)):
        process.abort()


@receiver(password_reset)
def clear_counts_on_reset(sender, request, user, **kwargs) -> None:
    addresses = {user.email.lower()} if user.email else set()
    addresses |= {
        email.lower()
        for email in EmailAddress.objects.filter(user=user).values_list("email", flat=True)
    }
    for email in addresses:
        ratelimit.clear(request, action=PER_ADDRESS, key=email)
        ratelimit.clear(request, action=PER_CLIENT, key=_client_key(request, email))
