"""The permit as a printed document (§20-20(3), (5), (7)), with its verification QR code."""

from __future__ import annotations

import segno
from django.urls import reverse

from hearings.ruleset_in_force import ruleset_on
from permits.facts_from_records import approvals_granted, setback_enlargements_for
from permits.verification.code import short_code
from stoneham_boh.lib.pdf import render_pdf, render_pdfs
from stoneham_boh.lib.site import site_url


def verification_url(permit, request=None) -> str:
    """The public page that says whether this permit is in force; the token is unguessable."""
    return site_url(request) + reverse("permits:permit-verify", args=[permit.verify_token])


def verify_lookup_url(request=None) -> str:
    """The page where the short code beside the QR code is typed."""
    return site_url(request) + reverse("permits:verify-lookup")


def qr_data_uri(url: str) -> str:
    # SVG keeps the code sharp at any print size and costs nothing to embed.
    return segno.make(url, error="m").svg_data_uri(scale=4, border=2, dark="#000")


def permit_context(permit, request=None) -> dict:
    url = verification_url(permit, request)
    return {
        "permit": permit,
        "animals": list(permit.animals.all()),
        "approvals": approvals_granted(permit.application, permit.issued_on),
        "enlargements": setback_enlargements_for(permit.application, permit.issued_on),
        "status": permit.current_status,
        "status_label": permit.current_status_label,
        "verify_url": url,
        "qr": qr_data_uri(url),
        "verify_code": short_code(permit.verify_token),
        "lookup_url": verify_lookup_url(request),
        # §20-20(3) in the regulation's words as the ruleset of its day states them.
        "excess": ruleset_on(permit.issued_on).statements["permit.excess"],
    }


def render_permit_pdf(permit, request=None) -> bytes:
    """The permit's PDF bytes; `request` gives the address its links use in development."""
    return render_pdf("pdf/permit.html", permit_context(permit, request))


def render_permits_pdf(permits, request=None) -> bytes:
    """Several permits in one PDF (renewals renewed together), each exactly as it prints alone."""
    return render_pdfs("pdf/permit.html", (permit_context(p, request) for p in permits), request)
