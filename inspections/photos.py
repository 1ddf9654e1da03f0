"""Photos taken in the field: checked by their content, stored privately, shown only to staff.

A phone names its pictures as it likes and a browser reports whatever type the file claims,
so neither is trusted: the project's upload check (`stoneham_boh.lib.uploads`) decides from the
first bytes, and the stored name is a random one of ours (`stoneham_boh.lib.uploads.stored_name`).
"""

from __future__ import annotations

from django.core.exceptions import ValidationError

from stoneham_boh.lib.uploads import PHOTO_KINDS, CheckedUpload, validate_upload

# Browsers show these inline; anything else (HEIC) is offered as a download.
INLINE_IMAGES = frozenset({"image/jpeg", "image/png"})
MAX_PHOTOS_PER_ITEM = 6


def check_photo(upload) -> CheckedUpload:
    """Refuse anything that is not a JPEG or PNG photo within the size and pixel limits.

    A HEIC photo (an iPhone's own format) is recognised, and refused with a word on what to
    do: no browser but Safari shows it, and neither the pages' thumbnails nor the printed
    report and order letter can draw it, so the Board's record would hold a photo that no one
    can see without a download and a program of their own.
    """
    checked = validate_upload(upload, PHOTO_KINDS)
    if checked.kind == "heic":
        raise ValidationError(
            f"“{checked.original_name}” is a HEIC photo, which the pages and the printed "
            "report cannot show. Send it as a JPEG: on an iPhone, Settings > Camera > "
            "Formats > Most Compatible, or share the photo and choose its JPEG copy.",
            code="heic",
        )
    return checked
