"""The public address that printed links, QR codes and e-mails point to."""

from __future__ import annotations

from django.conf import settings

# Where `make run` serves the demo: only for e-mails written outside any request in development.
DEVELOPMENT_ADDRESS = "http://127.0.0.1:8000"


def site_url(request=None) -> str:
    """SITE_URL when set (production refuses to start without it); in development, the address
    the request came in on, so a QR code printed from any host opens that same host."""
    if settings.SITE_URL:
        return settings.SITE_URL
    if request is not None:
        return request.build_absolute_uri("/").rstrip("/")
    return DEVELOPMENT_ADDRESS
