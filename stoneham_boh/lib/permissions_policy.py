"""The Permissions-Policy header on every answer: the browser features the site never uses are
switched off for its pages and anything they embed, so a script that got in could not use them.

No page asks for the camera, the microphone or the position: the agent's photo is taken through
the file field's `capture` attribute, which opens the phone's own camera application (not the
page's access to the camera, which `camera` governs, through getUserMedia), and addresses are
typed, never located. A feature a page comes to need is allowed here, for `self` only.
"""

from __future__ import annotations

DENIED = (
    "accelerometer",
    "autoplay",
    "bluetooth",
    "camera",
    "display-capture",
    "encrypted-media",
    "geolocation",
    "gyroscope",
    "hid",
    "idle-detection",
    "magnetometer",
    "microphone",
    "midi",
    "payment",
    "picture-in-picture",
    "publickey-credentials-get",
    "screen-wake-lock",
    "serial",
    "usb",
    "xr-spatial-tracking",
)

POLICY = ", ".join(f"{feature}=()" for feature in DENIED)


class PermissionsPolicyMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        response.headers.setdefault("Permissions-Policy", POLICY)
        return response
