"""Photos taken in the field: checked by their content, stored privately, shown only to staff.

A phone names its pictures as it likes and a browser reports whatever type the file claims,
so neither is trusted: the project's upload check (`stoneham_boh.lib.uploads`) decides from the
first bytes, and the stored name is a random one of ours (`stoneham_boh.lib.uploads.stored_name`).
"""

from __future__ import annotations

from stoneham_boh.lib.uploads import PHOTO_KINDS, CheckedUpload, validate_upload

# Browsers show these inline; anything else (HEIC) is offered as a download.
INLINE_IMAGES = frozenset({"image/jpeg", "image/png"})
MAX_PHOTOS_PER_ITEM = 6


def check_photo(upload) -> CheckedUpload:
    """Refuse anything that is not a JPEG, PNG or HEIC photo within the size limit."""
    return validate_upload(upload, PHOTO_KINDS)
