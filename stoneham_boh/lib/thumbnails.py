"""Small copies of stored photos for the pages that list them, made once and kept beside them.

A phone's photo is several megabytes; a page of findings shows each at 112 px. The copy is a
JPEG at twice that (for sharp screens), with the camera's rotation applied and its metadata
(GPS included) left behind. A file Pillow cannot read (HEIC without a plug-in, a damaged
photo, one of more pixels than we decode) has no thumbnail: `thumbnail_of` says None and the
page shows `PLACEHOLDER` in its place, linking the photo.
"""

from __future__ import annotations

import io

from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from PIL import Image, ImageOps, UnidentifiedImageError

from stoneham_boh.lib.images import pixel_problem

# Twice the 112 px the pages show, for screens of two pixels to the point.
THUMBNAIL_PX = 224
THUMBNAIL_FOLDER = "thumbnails"


def thumbnail_name(stored_name: str) -> str:
    return f"{THUMBNAIL_FOLDER}/{stored_name}.thumb.jpg"


def make_thumbnail(handle) -> bytes | None:
    """The JPEG bytes of a thumbnail of the image read from `handle`; None if it is no image,
    or one with more pixels than we decode (counted from its header: a photo on file from
    before uploads were held to the count)."""
    if pixel_problem(handle) is not None:
        return None
    try:
        with Image.open(handle) as image:
            image = ImageOps.exif_transpose(image)
            image.thumbnail((THUMBNAIL_PX, THUMBNAIL_PX))
            buffer = io.BytesIO()
            image.convert("RGB").save(buffer, format="JPEG", quality=80, optimize=True)
    except (UnidentifiedImageError, OSError, ValueError, Image.DecompressionBombError):
        return None
    return buffer.getvalue()


def thumbnail_of(file_field) -> str | None:
    """The storage name of the thumbnail of a stored image (made on first asking), or None."""
    name = thumbnail_name(file_field.name)
    if default_storage.exists(name):
        return name
    try:
        with file_field.open("rb") as handle:
            content = make_thumbnail(handle)
    except FileNotFoundError:
        return None
    if content is None:
        return None
    return default_storage.save(name, ContentFile(content))


# What a page shows where a photo has no thumbnail: a grey square saying so, never an error.
PLACEHOLDER = (
    '<svg xmlns="http://www.w3.org/2000/svg" width="224" height="224" viewBox="0 0 224 224">'
    '<rect width="224" height="224" fill="#e9ecef"/>'
    '<text x="112" y="106" font-family="sans-serif" font-size="18" text-anchor="middle" '
    'fill="#495057">No preview</text>'
    '<text x="112" y="132" font-family="sans-serif" font-size="14" text-anchor="middle" '
    'fill="#495057">open the photo</text></svg>'
)
