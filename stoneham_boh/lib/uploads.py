"""Uploaded files: checked by content and size on the way in, served as attachments on the way out.

Every upload of the project (application documents, inspection photos, the Assessor's
abutter list) goes through `validate_upload`, in its form's `clean_<field>()` (it raises
ValidationError) and again in the action that keeps it: the file's name, its content and its
size must agree. A stored file gets `stored_name()`, whose extension is that of the detected
content, never the name the sender chose. `attachment_response` hands a stored file to
someone the view has let in. Files live in MEDIA_ROOT, outside the static root, and no URL
serves MEDIA_ROOT directly.
"""

from __future__ import annotations

import os
import unicodedata
import uuid
from dataclasses import dataclass

import filetype
from django.conf import settings
from django.core.exceptions import ValidationError
from django.http import FileResponse, Http404
from django.template.defaultfilters import filesizeformat

from stoneham_boh.lib.images import pixel_problem

TEXT = "text"  # what `_sniff` reports for plain text: no format's signature, no NUL byte


@dataclass(frozen=True)
class Kind:
    label: str
    content_type: str
    extensions: tuple[str, ...]
    detected: tuple[str, ...]  # what `_sniff` reports for the file's first bytes


KINDS = {
    "pdf": Kind("PDF", "application/pdf", (".pdf",), ("pdf",)),
    "jpeg": Kind("JPEG photo", "image/jpeg", (".jpg", ".jpeg"), ("jpg",)),
    "png": Kind("PNG image", "image/png", (".png",), ("png",)),
    "gif": Kind("GIF image", "image/gif", (".gif",), ("gif",)),
    "webp": Kind("WebP image", "image/webp", (".webp",), ("webp",)),
    "tiff": Kind("TIFF scan", "image/tiff", (".tif", ".tiff"), ("tif",)),
    "heic": Kind("HEIC photo", "image/heic", (".heic", ".heif"), ("heic",)),
    # The Assessor sends the abutter list comma-separated (.csv) or tab-separated (.txt, .tsv).
    "csv": Kind("CSV or tab-separated file", "text/csv", (".csv", ".txt", ".tsv"), (TEXT,)),
    "xlsx": Kind(
        "Excel workbook (.xlsx)",
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        (".xlsx",),
        ("xlsx", "zip"),
    ),
}
DOCUMENT_KINDS = ("pdf", "jpeg", "png", "gif", "webp", "tiff")
PHOTO_KINDS = ("jpeg", "png", "heic")
CSV_KINDS = ("csv",)
# Decoded by Pillow somewhere (a thumbnail, a printed report): their pixels are counted first.
IMAGE_KINDS = ("jpeg", "png", "gif", "webp", "tiff")

# filetype reads at most this many bytes to recognise a format.
SNIFF_BYTES = 8192


@dataclass(frozen=True)
class CheckedUpload:
    kind: str
    content_type: str
    size: int
    original_name: str


def validate_upload(
    file, allowed: tuple[str, ...] = DOCUMENT_KINDS, *, max_bytes: int | None = None
) -> CheckedUpload:
    """Accept `file` only if its name, its content and its size all agree with `allowed`.

    The browser's Content-Type is ignored: it is whatever the sender claims. The content
    type returned is the one that matches the file's own first bytes. `max_bytes` defaults
    to UPLOAD_MAX_BYTES.
    """
    kinds = [KINDS[name] for name in allowed]
    accepted = ", ".join(kind.label for kind in kinds)
    if file is None:
        raise ValidationError("Choose a file to upload.", code="missing")
    size = getattr(file, "size", None) or 0
    if size <= 0:
        raise ValidationError("The file is empty.", code="empty")
    limit = settings.UPLOAD_MAX_BYTES if max_bytes is None else max_bytes
    if size > limit:
        raise ValidationError(
            f"The file is {filesizeformat(size)}; the most we accept is {filesizeformat(limit)}.",
            code="too_large",
        )
    name = clean_file_name(getattr(file, "name", "") or "")
    extension = os.path.splitext(name)[1].lower()
    by_name = [kind for kind in kinds if extension in kind.extensions]
    if not by_name:
        raise ValidationError(
            f"“{name or 'This file'}” is not a file we accept. Accepted: {accepted}.",
            code="extension",
        )
    detected = _sniff(file)
    matching = [kind for kind in by_name if detected in kind.detected]
    if not matching:
        raise ValidationError(
            f"“{name}” does not contain what its name says: its content is not a "
            f"{by_name[0].label}. Accepted: {accepted}.",
            code="content",
        )
    kind = next(key for key, kind in KINDS.items() if kind is matching[0])
    if kind in IMAGE_KINDS and (problem := pixel_problem(file)):
        raise ValidationError(problem, code="too_many_pixels")
    return CheckedUpload(
        kind=kind,
        content_type=matching[0].content_type,
        size=size,
        original_name=name,
    )


def stored_name(checked: CheckedUpload) -> str:
    """A random name with the extension of what the file really is."""
    return f"{uuid.uuid4().hex}{KINDS[checked.kind].extensions[0]}"


def stored_file(upload, checked: CheckedUpload) -> dict:
    """A record's file fields for a checked upload: the file under our own random name whose
    extension is the detected type's; the sender's name, kept only to label the download, its
    type and its size."""
    upload.name = stored_name(checked)
    return {
        "file": upload,
        "original_name": checked.original_name[:255],
        "content_type": checked.content_type,
        "size_bytes": checked.size,
    }


def _sniff(file) -> str | None:
    position = file.tell() if hasattr(file, "tell") else None
    try:
        file.seek(0)
        head = file.read(SNIFF_BYTES)
    finally:
        if position is not None:
            file.seek(position)
    head = bytes(head or b"")
    guess = filetype.guess(head)
    if guess is not None:
        return guess.extension
    # Text has no signature: it is text when no known format matched and no NUL byte appears
    # (a NUL is what spreadsheets, documents and executables have and text files do not).
    return TEXT if head and b"\x00" not in head else None


def clean_file_name(name: str) -> str:
    """The file's own name without any folder, control characters or surprises, for display."""
    name = unicodedata.normalize("NFC", str(name)).replace("\\", "/").rsplit("/", 1)[-1]
    name = "".join(ch for ch in name if ch.isprintable() and ch not in '<>:"|?*')
    name = name.strip(" .") or "file"
    stem, extension = os.path.splitext(name)
    return stem[: 200 - len(extension)] + extension


def attachment_response(field_file, *, download_name: str, content_type: str) -> FileResponse:
    """Hand a stored file to someone the calling view has already let in, as a download.

    As an attachment with nosniff, a browser never renders it inside our origin; the
    sandbox policy covers a browser that would anyway.
    """
    if not field_file or not field_file.storage.exists(field_file.name):
        raise Http404("No such file.")
    response = FileResponse(
        field_file.open("rb"),
        as_attachment=True,
        filename=clean_file_name(download_name),
        content_type=content_type or "application/octet-stream",
    )
    response["X-Content-Type-Options"] = "nosniff"
    response["Content-Security-Policy"] = "default-src 'none'; sandbox"
    response["Cache-Control"] = "private, no-store"
    return response
