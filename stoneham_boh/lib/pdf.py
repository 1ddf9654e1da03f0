"""Render any template under templates/pdf/ to PDF bytes with WeasyPrint.

Letters, labels, reports and the permit all go through `render_pdf`, so every printed
document is built the same way: a Django template, its own small print stylesheet (inline
<style> is allowed in PDF templates), no web fonts and no network access.
"""

from __future__ import annotations

import gc
import hashlib
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache

from django.conf import settings
from django.core.cache import cache as shared_cache
from django.http import HttpResponse
from django.template.loader import render_to_string

from stoneham_boh.town.current import town_context


@cache
def _font_config():
    # Building the font configuration scans the system fonts; one per process keeps a warm
    # render fast (the permit must render in well under 300 ms).
    # late: WeasyPrint takes half a second to import; only a PDF needs it
    from weasyprint.text.fonts import FontConfiguration

    return FontConfiguration()


IMAGE_SCHEME = "printed"


@dataclass(frozen=True)
class PrintedImage:
    """An image given to `render_pdf` beside the context, which the template names by `url`:
    a few characters however many pages print it, where a data: URI would repeat its bytes
    in the HTML on every page. WeasyPrint fetches it once and embeds it once."""

    name: str
    data: bytes
    content_type: str = "image/png"

    @property
    def url(self) -> str:
        return f"{IMAGE_SCHEME}:{self.name}"


def _fetcher(images: Iterable[PrintedImage]):
    # late: WeasyPrint takes half a second to import; only a PDF needs it
    from weasyprint.urls import URLFetcher, URLFetcherResponse

    by_url = {image.url: image for image in images}

    class Fetcher(URLFetcher):
        """data: URIs and the document's own images; nothing from disk or network."""

        def fetch(self, url, headers=None):
            image = by_url.get(url)
            if image is None:
                return super().fetch(url, headers)
            return URLFetcherResponse(
                url, body=image.data, headers={"Content-Type": image.content_type}
            )

    return Fetcher(allowed_protocols=["data"])


# A public document the same for everyone is kept this long (a day), by its HTML's digest.
SHARED_PDF_SECONDS = 24 * 60 * 60


def render_pdf(
    template_name: str,
    context: dict | None = None,
    request=None,
    images: Iterable[PrintedImage] = (),
    *,
    shared: bool = False,
) -> bytes:
    """`template_name` rendered with `context`, as the bytes of a PDF document; `images` are
    the ones the template names by their `url`.

    `shared`: the document is public and the same for whoever asks (the regulation's text).
    It is laid out once and kept in the cache under the digest of its HTML, so that anyone may
    ask for it again and again without costing the server a layout each time (half a second of
    a processor for the regulation), and a change to its text or to the town's settings, which
    changes the HTML, gives a new one at once."""
    # late: WeasyPrint takes half a second to import; only a PDF needs it
    from weasyprint import HTML

    # Every document prints the town's settings as they are now (stoneham_boh/town/current.py).

    images = list(images)
    html = render_to_string(template_name, {**town_context(), **(context or {})}, request=request)
    key = _shared_key(html, images) if shared else None
    if key is not None and (kept := shared_cache.get(key)) is not None:
        return kept
    document = HTML(string=html, base_url=str(settings.BASE_DIR), url_fetcher=_fetcher(images))
    with _collector_paused():
        content = document.write_pdf(font_config=_font_config())
    if key is not None:
        shared_cache.set(key, content, SHARED_PDF_SECONDS)
    return content


def _shared_key(html: str, images: list[PrintedImage]) -> str:
    digest = hashlib.sha256(html.encode())
    for image in images:
        digest.update(image.url.encode() + hashlib.sha256(image.data).digest())
    return f"shared-pdf:{digest.hexdigest()}"


def render_pdfs(template_name: str, contexts: Iterable[dict], request=None) -> bytes:
    """One PDF of `template_name` rendered once for each context, one after the other: each
    laid out as a document of its own (its own page numbers, as when it prints alone), their
    pages then written together."""
    # late: WeasyPrint takes half a second to import; only a PDF needs it
    from weasyprint import HTML

    town = town_context()
    with _collector_paused():
        documents = [
            HTML(
                string=render_to_string(template_name, {**town, **context}, request=request),
                base_url=str(settings.BASE_DIR),
                url_fetcher=_fetcher(()),
            ).render(font_config=_font_config())
            for context in contexts
        ]
        if not documents:
            raise ValueError("render_pdfs needs at least one document")
        pages = [page for document in documents for page in document.pages]
        return documents[0].copy(pages).write_pdf()


@contextmanager
def _collector_paused() -> Iterator[None]:
    """Python's cycle collector paused while WeasyPrint lays out and writes a document.

    The layout builds hundreds of thousands of objects that live until the PDF is written;
    while they pile up, the collector's full passes walk the whole heap again and again for
    little to free: 300 abutter letters took eleven full passes and a quarter of their
    processor time (7.3 s with the collector, 5.7 s without) at the same peak memory (within
    4 MB). It resumes when the document is written; its next pass frees what the render left.
    """
    was_running = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_running:  # a render that found it paused (another thread's) leaves it so
            gc.enable()


def pdf_response(content: bytes, filename: str, *, download: bool = False) -> HttpResponse:
    """A printed document as the response: shown in the browser, or saved with `download`.

    Never cached: a permit, a letter or a report names people and may change (a void permit).
    """
    response = HttpResponse(content, content_type="application/pdf")
    disposition = "attachment" if download else "inline"
    response["Content-Disposition"] = f'{disposition}; filename="{filename}"'
    response["Cache-Control"] = "private, no-store"
    return response
