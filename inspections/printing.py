"""The printed inspection report and order letter (templates/pdf/), and their photos.

A printed document fetches nothing (`stoneham_boh.lib.pdf`), so photos go in as data: URIs,
shrunk first: a phone's twelve-megapixel picture would make a letter of many megabytes.
"""

from __future__ import annotations

import base64
import io
import logging

from django.utils import timezone
from PIL import Image, ImageOps, UnidentifiedImageError

from inspections.checklist import grouped
from inspections.keeping import keeping_for
from inspections.models import ChecklistFinding, Inspection, Order, Photo
from stoneham_boh.lib.images import pixel_problem
from stoneham_boh.lib.pdf import render_pdf

log = logging.getLogger(__name__)

PRINT_PHOTO_PX = 640


def photo_data_uri(photo: Photo, max_px: int = PRINT_PHOTO_PX) -> str:
    """A small JPEG of `photo` as a data: URI, or "" when the file cannot be read as an image."""
    try:
        with photo.image.open("rb") as handle:
            if problem := pixel_problem(handle):
                raise OSError(problem)
            with Image.open(handle) as image:
                # Upright as the phone was held (its EXIF turn), as the thumbnails are.
                image = ImageOps.exif_transpose(image)
                image.thumbnail((max_px, max_px))
                buffer = io.BytesIO()
                image.convert("RGB").save(buffer, format="JPEG", quality=80)
    except (OSError, UnidentifiedImageError, Image.DecompressionBombError) as error:
        # HEIC and AVIF need codecs Pillow may lack: the report lists such a photo by name.
        log.info("photo %s not printable: %s", photo.pk, error)
        return ""
    return "data:image/jpeg;base64," + base64.b64encode(buffer.getvalue()).decode("ascii")


def addressee(lot, on):
    """Who an order or report is addressed to: the permit holder, else the applicant."""
    keeping = keeping_for(lot, on)
    if keeping.permit is not None:
        return keeping.permit.holder
    if keeping.application is not None:
        return keeping.application.applicant
    return None


def _printable(findings):
    for finding in findings:
        finding.printed_photos = [
            (photo, uri) for photo in finding.photos.all() if (uri := photo_data_uri(photo))
        ]
        finding.unprinted_photos = [
            photo for photo in finding.photos.all() if photo not in dict(finding.printed_photos)
        ]
    return findings


def inspection_report_pdf(inspection: Inspection) -> bytes:
    findings = _printable(
        list(inspection.findings.prefetch_related("photos", "orders").order_by("id"))
    )
    violations = [f for f in findings if f.result == ChecklistFinding.Result.VIOLATION]
    return render_pdf(
        "pdf/inspection_report.html",
        {
            "inspection": inspection,
            "keeping": keeping_for(
                inspection.lot, inspection.scheduled_for, inspection.application
            ),
            "owner": addressee(inspection.lot, inspection.scheduled_for),
            "violations": violations,
            "sections": grouped(
                [f for f in findings if f.result != ChecklistFinding.Result.VIOLATION],
                lambda f: f.citation,
            ),
            "orders": inspection.orders.order_by("deadline", "id"),
            "printed_on": timezone.localdate(),
        },
    )


def order_letter_pdf(order: Order) -> bytes:
    finding = order.finding
    photos = _printable([finding])[0].printed_photos if finding else []
    return render_pdf(
        "pdf/order_letter.html",
        {
            "order": order,
            "finding": finding,
            "photos": photos,
            "owner": addressee(order.lot, order.issued_on),
            # Revocation is the Board's answer only where there is a permit to revoke.
            "permit": keeping_for(order.lot, order.issued_on).permit,
            "agent": order.issued_by,
        },
    )
