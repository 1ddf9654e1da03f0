"""Render any template under templates/pdf/ to PDF bytes with WeasyPrint.

Letters, labels, reports and the permit all go through `render_pdf`, so every printed
document is built the same way: a Django template, its own small print stylesheet (inline
<style> is allowed in PDF templates), no web fonts and no network access.
"""

from __future__ import annotations

from functools import cache

from django.conf import settings
from django.http import HttpResponse
from django.template.loader import render_to_string


@cache
def _font_config():
    # Building the font configuration scans the system fonts; one per process keeps a warm
    # render fast (the permit must render in well under 300 ms).
    from weasyprint.text.fonts import FontConfiguration

    return FontConfiguration()


def render_pdf(template_name: str, context: dict | None = None, request=None) -> bytes:
    """`template_name` rendered with `context`, as the bytes of a PDF document."""
    from weasyprint import HTML
    from weasyprint.urls import URLFetcher

    html = render_to_string(template_name, context or {}, request=request)
    # A printed document fetches nothing from disk or network: images come as data: URIs.
    fetcher = URLFetcher(allowed_protocols=["data"])
    document = HTML(string=html, base_url=str(settings.BASE_DIR), url_fetcher=fetcher)
    return document.write_pdf(font_config=_font_config())


def pdf_response(content: bytes, filename: str, *, download: bool = False) -> HttpResponse:
    """A printed document as the response: shown in the browser, or saved with `download`.

    Never cached: a permit, a letter or a report names people and may change (a void permit).
    """
    response = HttpResponse(content, content_type="application/pdf")
    disposition = "attachment" if download else "inline"
    response["Content-Disposition"] = f'{disposition}; filename="{filename}"'
    response["Cache-Control"] = "private, no-store"
    return response
