"""An image's size read from its header, before any of it is decoded.

A PNG of one colour can be a hundred kilobytes on disk and 121 million pixels once decoded
(several hundred megabytes of memory). Pillow's `Image.open` reads only the header, so the
pixel count is known before decoding; every upload of an image (`uploads.validate_upload`)
and every reading of one on file (thumbnails, printed reports) asks `pixel_problem` first.
The figure is a bound on memory, not a figure of the regulation: a phone's photo is 12 to 50
megapixels, a flatbed scan of a letter page at 600 dpi about 34.
"""

from __future__ import annotations

import re
import warnings

from PIL import Image, UnidentifiedImageError

MAX_PIXELS = 60_000_000

# Pillow's own guard raises only at twice its limit and merely warns below that; ours is
# checked first, and Pillow's is set to the same figure so that a path that forgets to ask
# still stops rather than decoding a bomb.
Image.MAX_IMAGE_PIXELS = MAX_PIXELS


def header_size(handle) -> tuple[int, int] | None:
    """(width, height) from the image's header, or None when Pillow cannot read one (HEIC
    without its plug-in, a damaged file). Nothing is decoded; `handle` is put back where it
    was. An image past twice Pillow's limit cannot even be opened: its size is then given as
    (its pixel count, 1), or BOMB when Pillow does not say the count."""
    position = handle.tell() if hasattr(handle, "tell") else None
    try:
        if position is not None:
            handle.seek(0)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            with Image.open(handle) as image:
                return image.size
    except Image.DecompressionBombError as error:
        # Pillow names the count ("Image size (121000000 pixels) exceeds limit ..."), not the sides.
        found = re.search(r"\((\d+) pixels\)", str(error))
        return (int(found[1]), 1) if found else BOMB
    except (UnidentifiedImageError, OSError, ValueError, SyntaxError, EOFError):
        return None
    finally:
        if position is not None:
            handle.seek(position)


# What `header_size` says of an image whose header Pillow refuses to open at all.
BOMB = (0, 0)


def pixel_problem(handle) -> str | None:
    """A sentence for the person who sent the image when it has too many pixels, else None."""
    size = header_size(handle)
    if size is None:
        return None
    width, height = size
    pixels = width * height
    limit = f"the most we accept is {MAX_PIXELS / 1e6:,.0f} megapixels"
    advice = "Save it smaller (a phone's photo or a scan at 300 dpi is well within)."
    if size == BOMB:
        return f"The image has more than {2 * MAX_PIXELS / 1e6:,.0f} megapixels; {limit}. {advice}"
    if pixels <= MAX_PIXELS:
        return None
    sides = f"{width:,} × {height:,} pixels, " if height > 1 else ""
    return f"The image is {sides}{pixels / 1e6:,.0f} megapixels; {limit}. {advice}"
