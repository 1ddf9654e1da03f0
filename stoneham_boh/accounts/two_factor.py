"""Two-factor authentication for staff: an authenticator app (TOTP) and recovery codes.

django-otp holds the devices; this module decides who must use them and when. After the
password, a user who has enrolled is asked for a code; a staff member who has not enrolled
is sent to enrol first when `settings.REQUIRE_STAFF_2FA` is on (the default in production).
Where it is off (the demo), enrolling is optional and the log-in form works as before.

The step still owed is kept in the session, set at log-in, so that a page view costs no
extra query once the person is through.
"""

from __future__ import annotations

import logging
from base64 import b32encode
from urllib.parse import urlencode

import segno
from django.conf import settings
from django.contrib.auth.signals import user_logged_in
from django.db import transaction
from django.dispatch import receiver
from django.http import HttpResponseRedirect
from django.urls import Resolver404, resolve, reverse
from django_htmx.http import HttpResponseClientRedirect
from django_otp import login as otp_login
from django_otp import user_has_device
from django_otp import verify_token as otp_verify_token
from django_otp.plugins.otp_static.models import StaticDevice, StaticToken
from django_otp.plugins.otp_totp.models import TOTPDevice

from stoneham_boh.accounts.roles import is_staff_member
from stoneham_boh.accounts.security import address_of

security_log = logging.getLogger("stoneham_boh.accounts.security")

STEP_KEY = "two_factor_step"
NEW_CODES_KEY = "two_factor_new_codes"
SETUP, VERIFY, DONE = "setup", "verify", ""
APP_DEVICE_NAME = "Authenticator app"
RECOVERY_DEVICE_NAME = "Recovery codes"

# Pages a person who still owes the second factor may open: the steps themselves and log-out.
OPEN_BEFORE_SECOND_FACTOR = frozenset({"logout", "two_factor:setup", "two_factor:verify"})


def is_required_for(user) -> bool:
    return bool(settings.REQUIRE_STAFF_2FA) and is_staff_member(user)


def has_app(user) -> bool:
    return TOTPDevice.objects.filter(user=user, confirmed=True).exists()


def step_for(user) -> str:
    """What the user still owes after the password: verify, set up, or nothing."""
    if user_has_device(user, confirmed=True):
        return VERIFY
    if is_required_for(user):
        return SETUP
    return DONE


@receiver(user_logged_in)
def _require_second_factor(sender, request, user, **kwargs):
    session = getattr(request, "session", None)
    if session is not None:
        session[STEP_KEY] = step_for(user)


def pending_step(request) -> str:
    user = request.user
    if not user.is_authenticated:
        return DONE
    step = request.session.get(STEP_KEY)
    if step is None:
        # A session opened before two-factor existed: settle it once.
        step = request.session[STEP_KEY] = step_for(user)
    return step


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


def pending_app(user) -> TOTPDevice:
    """The unconfirmed authenticator being enrolled (the same one across page reloads)."""
    device = TOTPDevice.objects.filter(user=user, confirmed=False).order_by("pk").first()
    if device is None:
        device = TOTPDevice.objects.create(user=user, name=APP_DEVICE_NAME, confirmed=False)
    return device


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
    # Any other half-finished enrolment is now obsolete.
    TOTPDevice.objects.filter(user=request.user, confirmed=False).delete()
    codes = replace_recovery_codes(user=request.user)
    mark_verified(request, device)
    security_log.info(
        "two-factor enrolled: user=%s address=%s",
        request.user.get_username(),
        address_of(request),
    )
    return codes


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
