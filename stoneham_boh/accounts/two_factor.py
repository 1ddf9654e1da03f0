"""Two-factor authentication for staff: an authenticator app (TOTP) and recovery codes.

django-otp holds the devices; this module decides who must use them and when. After the
password, a user who has enrolled is asked for a code; a staff member who has not enrolled
is sent to enrol first when `settings.REQUIRE_STAFF_2FA` is on (the default in production).
Where it is off (the demo), enrolling is optional and the log-in form works as before.

Whether a staff role requires two-factor is decided on every request from the user's roles
as they are now: a role given during a session is asked for it at the next page. Only the
fact that the log-in found a device (so the code is owed) is kept in the session.

Each set-up attempt (each session) gets a secret of its own, unconfirmed ones expire after
TWO_FACTOR_SETUP_MINUTES, and confirming one removes the others: someone who learnt the
password and opened set-up first holds a key that never works.
"""

from __future__ import annotations

import logging
from base64 import b32encode
from datetime import timedelta
from urllib.parse import urlencode

import segno
from django.conf import settings
from django.contrib.auth.signals import user_logged_in
from django.db import transaction
from django.db.models import Q
from django.dispatch import receiver
from django.http import HttpResponseRedirect
from django.urls import Resolver404, resolve, reverse
from django.utils import timezone
from django_htmx.http import HttpResponseClientRedirect
from django_otp import login as otp_login
from django_otp import user_has_device
from django_otp import verify_token as otp_verify_token
from django_otp.plugins.otp_static.models import StaticDevice, StaticToken
from django_otp.plugins.otp_totp.models import TOTPDevice

from stoneham_boh.accounts.roles import is_staff_member
from stoneham_boh.accounts.security import address_of
from stoneham_boh.accounts.two_factor_mail import tell_account_holder

security_log = logging.getLogger("stoneham_boh.accounts.security")

STEP_KEY = "two_factor_step"
NEW_CODES_KEY = "two_factor_new_codes"
SETUP_DEVICE_KEY = "two_factor_setup_device"
SETUP, VERIFY, DONE = "setup", "verify", ""
APP_DEVICE_NAME = "Authenticator app"
RECOVERY_DEVICE_NAME = "Recovery codes"

# Pages a person who still owes the second factor may open: the steps themselves and log-out.
OPEN_BEFORE_SECOND_FACTOR = frozenset({"logout", "two_factor:setup", "two_factor:verify"})


def is_required_for(user) -> bool:
    return bool(settings.REQUIRE_STAFF_2FA) and is_staff_member(user)


def has_app(user) -> bool:
    return TOTPDevice.objects.filter(user=user, confirmed=True).exists()


def has_device(user) -> bool:
    return user_has_device(user, confirmed=True)


@receiver(user_logged_in)
def _require_second_factor(sender, request, user, **kwargs):
    session = getattr(request, "session", None)
    if session is not None:
        session[STEP_KEY] = VERIFY if has_device(user) else DONE


def pending_step(request) -> str:
    """What the user still owes after the password: verify, set up, or nothing.

    Decided on every request: the requirement from the user's roles now, a passed second
    factor from django-otp (a reset device is no longer passed).
    """
    user = request.user
    if not user.is_authenticated or user.is_verified():
        return DONE
    required = is_required_for(user)
    owed = request.session.get(STEP_KEY)
    if owed is None:
        # A session opened before two-factor existed: settle it once.
        owed = request.session[STEP_KEY] = VERIFY if has_device(user) else DONE
    if (owed == VERIFY or required) and has_device(user):
        return VERIFY
    return SETUP if required else DONE


def mark_verified(request, device) -> None:
    otp_login(request, device)
    request.session[STEP_KEY] = DONE


class TwoFactorMiddleware:
    """Sends a logged-in person who still owes the second factor to set-up or verification."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        step = pending_step(request)
        if step and not _open_before_second_factor(request):
            target = (
                reverse(f"two_factor:{step}") + "?" + urlencode({"next": request.get_full_path()})
            )
            if getattr(request, "htmx", False):
                return HttpResponseClientRedirect(target)
            return HttpResponseRedirect(target)
        return self.get_response(request)


def _open_before_second_factor(request) -> bool:
    try:
        match = resolve(request.path_info)
    except Resolver404:
        return False
    return match.view_name in OPEN_BEFORE_SECOND_FACTOR


def pending_app(request) -> tuple[TOTPDevice, bool]:
    """This session's unconfirmed authenticator, the same across reloads, and whether an
    earlier one of this session had expired (or was replaced by a set-up elsewhere)."""
    user = request.user
    drop_expired_setups(user)
    pk = request.session.get(SETUP_DEVICE_KEY)
    device = None
    if pk is not None:
        device = TOTPDevice.objects.filter(pk=pk, user=user, confirmed=False).first()
    if device is not None:
        return device, False
    device = TOTPDevice.objects.create(user=user, name=APP_DEVICE_NAME, confirmed=False)
    request.session[SETUP_DEVICE_KEY] = device.pk
    return device, pk is not None


def drop_expired_setups(user) -> None:
    since = timezone.now() - timedelta(minutes=settings.TWO_FACTOR_SETUP_MINUTES)
    TOTPDevice.objects.filter(user=user, confirmed=False).filter(
        Q(created_at__lt=since) | Q(created_at__isnull=True)
    ).delete()


def secret_for_typing(device: TOTPDevice) -> str:
    """The key in base32, grouped by four, for people who type it instead of scanning."""
    secret = b32encode(device.bin_key).decode("ascii").rstrip("=")
    return " ".join(secret[i : i + 4] for i in range(0, len(secret), 4))


def qr_data_uri(device: TOTPDevice) -> str:
    """The otpauth:// link as an SVG QR code in a data: URI (the CSP allows data: images)."""
    return segno.make(device.config_url, error="m").svg_data_uri(scale=5, border=2)


@transaction.atomic
def confirm_app(*, request, device: TOTPDevice, token: str) -> list[str] | None:
    """Confirm the app with its first code; return fresh recovery codes, or None if wrong."""
    device = TOTPDevice.objects.select_for_update().get(pk=device.pk, user=request.user)
    if not device.verify_token(normalise(token)):
        return None
    device.confirmed = True
    device.save(update_fields=["confirmed"])
    # Every other set-up, of this session or another, is now obsolete.
    TOTPDevice.objects.filter(user=request.user, confirmed=False).delete()
    request.session.pop(SETUP_DEVICE_KEY, None)
    codes = replace_recovery_codes(user=request.user)
    mark_verified(request, device)
    address = address_of(request)
    security_log.info(
        "two-factor enrolled: user=%s address=%s", request.user.get_username(), address
    )
    tell_account_holder(request.user, event="set_up", address=address)
    return codes


def remove_devices(user) -> int:
    """Remove the user's authenticator apps and recovery codes, confirmed or not."""
    removed, _ = TOTPDevice.objects.filter(user=user).delete()
    removed_codes, _ = StaticDevice.objects.filter(user=user).delete()
    return removed + removed_codes


@transaction.atomic
def replace_recovery_codes(*, user) -> list[str]:
    """New single-use recovery codes; the old ones stop working."""
    device, _ = StaticDevice.objects.get_or_create(
        user=user, name=RECOVERY_DEVICE_NAME, defaults={"confirmed": True}
    )
    device.token_set.all().delete()
    codes = [StaticToken.random_token() for _ in range(settings.TWO_FACTOR_RECOVERY_CODES)]
    StaticToken.objects.bulk_create(StaticToken(device=device, token=code) for code in codes)
    return codes


def recovery_codes_left(user) -> int:
    return StaticToken.objects.filter(device__user=user, device__confirmed=True).count()


def normalise(token: str) -> str:
    return "".join(str(token).split()).lower()


def verify(*, request, token: str) -> tuple[bool, str]:
    """Check a code from the app or a recovery code; (accepted, message for the person)."""
    token = normalise(token)
    user = request.user
    # Six digits come from the app; anything else can only be a recovery code. Trying the
    # code on one kind of device only keeps the other kind's throttle untouched.
    kind = TOTPDevice if token.isdigit() and len(token) == 6 else StaticDevice
    devices = list(kind.objects.filter(user=user, confirmed=True))
    for device in devices:
        allowed, details = device.verify_is_allowed()
        if not allowed:
            return False, "Too many wrong codes in a row: wait a minute, then try again."
        accepted = otp_verify_token(user, device.persistent_id, token)
        if accepted is not None:
            mark_verified(request, accepted)
            security_log.info(
                "two-factor verified (%s): user=%s address=%s",
                "app" if kind is TOTPDevice else "recovery code",
                user.get_username(),
                address_of(request),
            )
            return True, ""
    security_log.warning(
        "two-factor failed: user=%s address=%s", user.get_username(), address_of(request)
    )
    return False, "That code is not right. Check the time on your phone, or use a recovery code."
