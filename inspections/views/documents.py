"""Printed documents (inspection report, order letter) and the photos, for staff only."""

from __future__ import annotations

from django.core.files.storage import default_storage
from django.http import FileResponse, Http404, HttpResponse
from django.shortcuts import get_object_or_404

from inspections.models import Inspection, Order, Photo
from inspections.photos import INLINE_IMAGES
from inspections.printing import inspection_report_pdf, order_letter_pdf
from inspections.views.common import readers
from stoneham_boh.lib.pdf import pdf_response
from stoneham_boh.lib.thumbnails import PLACEHOLDER, thumbnail_of
from stoneham_boh.lib.uploads import clean_file_name


@readers
def inspection_report(request, pk):
    inspection = get_object_or_404(
        Inspection.objects.select_related("lot", "agent", "complaint", "application"), pk=pk
    )
    if not inspection.is_completed:
        raise Http404("An inspection has a report once it is recorded.")
    return pdf_response(inspection_report_pdf(inspection), f"inspection-{inspection.pk}.pdf")


@readers
def order_letter(request, pk):
    order = get_object_or_404(Order.objects.select_related("lot", "finding", "issued_by"), pk=pk)
    return pdf_response(order_letter_pdf(order), f"order-{order.pk}.pdf")


def _private_image(response):
    """Held to its stored type and never run as a page (see `photo`)."""
    response["X-Content-Type-Options"] = "nosniff"
    response["Content-Security-Policy"] = "default-src 'none'; sandbox"
    response["Cache-Control"] = "private, no-store"
    return response


def thumbnail_response(record):
    """A small JPEG of a stored photo (a checklist's or a field report's)."""
    name = thumbnail_of(record.image)
    if name is None:
        # A photo Pillow cannot read, or too large to decode: the page's image says so.
        return _private_image(HttpResponse(PLACEHOLDER, content_type="image/svg+xml"))
    return _private_image(FileResponse(default_storage.open(name, "rb"), content_type="image/jpeg"))


def photo_response(request, record):
    """A stored photo, as an image the browser shows, or a download when it cannot show it
    safely.

    The stored type was decided from the file's content when it was taken; `nosniff` holds
    the browser to it, and the sandboxing policy keeps it from ever running as a page.
    """
    try:
        handle = record.image.open("rb")
    except FileNotFoundError as error:
        raise Http404("The photo file is missing.") from error
    inline = record.content_type in INLINE_IMAGES and "download" not in request.GET
    response = FileResponse(
        handle,
        content_type=record.content_type,
        as_attachment=not inline,
        filename=clean_file_name(record.original_name),
    )
    return _private_image(response)


@readers
def photo_thumbnail(request, pk):
    """A small JPEG of a photo, for the pages that list them (stoneham_boh.lib.thumbnails)."""
    return thumbnail_response(get_object_or_404(Photo, pk=pk))


@readers
def photo(request, pk):
    return photo_response(request, get_object_or_404(Photo, pk=pk))
