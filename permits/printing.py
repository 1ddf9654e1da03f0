"""The permit as a printed document (§20-20(3), (5), (7)), with its verification QR code."""

from __future__ import annotations

import segno
from django.conf import settings
from django.urls import reverse

from stoneham_boh.lib.pdf import render_pdf


def verification_url(permit) -> str:
    """The public page that says whether this permit is in force; the token is unguessable."""
    return settings.SITE_URL + reverse("permits:permit-verify", args=[permit.verify_token])


def qr_data_uri(url: str) -> str:
    # SVG keeps the code sharp at any print size and costs nothing to embed.
    return segno.make(url, error="m").svg_data_uri(scale=4, border=2, dark="#000")


def permit_context(permit) -> dict:
    url = verification_url(permit)
    return {
        "permit": permit,
        "animals": list(permit.animals.all()),
        "status": permit.current_status,
        "status_label": permit.current_status_label,
        "verify_url": url,
        "qr": qr_data_uri(url),
        "BOARD": settings.BOARD,
    }


def render_permit_pdf(permit) -> bytes:
    """The permit's PDF bytes."""
    return render_pdf("pdf/permit.html", permit_context(permit))
