"""The site plan's SVG (drawing.plan_svg) painted as a PNG at print resolution, by resvg.

A packet of abutter letters prints one plan on each of hundreds of pages. WeasyPrint draws
an SVG anew on every page that shows it (its paths, its text, a transparency group for
each translucent shape), but embeds a raster image once and only places it on each page:
the letters print the plan as this PNG, painted once for the packet (docs/adr/0004-raster.md).
resvg paints every SVG element, so a new kind of mark on the plan reaches the letters as it
reaches the screen.
"""

from __future__ import annotations

import io
import re

import resvg_py
from PIL import Image

_VIEWBOX = re.compile(r'viewBox="([^"]+)"')
# The sans-serif the PDFs print in (fonts-dejavu); resvg falls back to any sans-serif.
FONT_FAMILY = "DejaVu Sans"


def svg_to_png(svg: str, *, width_in: float, height_in: float, dpi: int) -> bytes:
    """`svg` painted to fit a `width_in` by `height_in` inch box at `dpi`, as PNG bytes that
    say their resolution (so a document placing the image knows its size in inches)."""
    left, top, width, height = (float(n) for n in _VIEWBOX.search(svg).group(1).split())
    scale = min(width_in * dpi / width, height_in * dpi / height)  # pixels per SVG unit
    size = (max(1, round(width * scale)), max(1, round(height * scale)))
    painted = resvg_py.svg_to_bytes(
        svg_string=svg,
        width=size[0],
        height=size[1],
        background="white",
        font_family=FONT_FAMILY,
        sans_serif_family=FONT_FAMILY,
    )
    image = Image.open(io.BytesIO(bytes(painted)))
    out = io.BytesIO()
    # Flat colours compress well at the fastest level; WeasyPrint recompresses it anyway.
    image.convert("RGB").save(out, format="PNG", compress_level=1, dpi=(dpi, dpi))
    return out.getvalue()
