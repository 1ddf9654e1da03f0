"""The site plan's SVG (drawing.plan_svg) painted as a PNG at print resolution, with Pillow.

A packet of abutter letters prints one plan on each of hundreds of pages. WeasyPrint draws
an SVG anew on every page that shows it (its paths, its text, a transparency group for
each translucent shape), but embeds a raster image once and only places it on each page:
the letters print the plan as this PNG. Only the few SVG elements the drawing writes are
painted (path, line, rect, circle, text, g); any other stops the painting, so that a new
kind of mark on the plan cannot silently go missing from the letters.
"""

from __future__ import annotations

import io
import math
import re
import xml.etree.ElementTree as ET  # noqa: N817, S405 - parses our own drawing only
from functools import cache

from PIL import Image, ImageChops, ImageColor, ImageDraw, ImageFont

SVG_NS = "{http://www.w3.org/2000/svg}"
_NUMBERS = re.compile(r"-?\d+(?:\.\d+)?")
_ANCHORS = {"start": "ls", "middle": "ms", "end": "rs"}  # on the baseline, as SVG text is


class UnknownMark(ValueError):
    """The drawing holds an element this painter does not paint."""


def svg_to_png(svg: str, *, width_in: float, height_in: float, dpi: int) -> bytes:
    """`svg` painted to fit a `width_in` by `height_in` inch box at `dpi`, as PNG bytes."""
    root = ET.fromstring(svg)  # noqa: S314 - our own markup, escaped where it is written
    left, top, width, height = (float(n) for n in root.get("viewBox").split())
    scale = min(width_in * dpi / width, height_in * dpi / height)  # pixels per SVG unit
    size = (max(1, round(width * scale)), max(1, round(height * scale)))
    painter = _Painter(Image.new("RGB", size, "white"), left, top, scale)
    painter.children(root)
    out = io.BytesIO()
    # Flat colours compress well at the fastest level; WeasyPrint recompresses it anyway.
    painter.image.save(out, format="PNG", compress_level=1, dpi=(dpi, dpi))
    return out.getvalue()


class _Painter:
    def __init__(self, image: Image.Image, left: float, top: float, scale: float):
        self.image = image
        self.draw = ImageDraw.Draw(image, "RGBA")  # RGBA: translucent fills blend
        self.left, self.top, self.scale = left, top, scale

    def px(self, x: float, y: float) -> tuple[float, float]:
        return (x - self.left) * self.scale, (y - self.top) * self.scale

    def width(self, element) -> int:
        return max(1, round(float(element.get("stroke-width", 1)) * self.scale))

    def children(self, parent) -> None:
        for element in parent:
            tag = element.tag.removeprefix(SVG_NS)
            if tag == "title":
                continue
            paint = getattr(self, f"paint_{tag}", None)
            if paint is None:
                raise UnknownMark(f"The plan's <{tag}> element is not painted in print.")
            paint(element)

    def paint_g(self, element) -> None:
        self.children(element)

    def paint_path(self, element) -> None:
        rings = _subpaths(element.get("d", ""))
        fill = _colour(element.get("fill", "#000000"), element.get("fill-opacity"))
        if fill is not None:
            self._fill(rings, fill)
        stroke = _colour(element.get("stroke", "none"))
        if stroke is not None:
            for points, closed in rings:
                line = [self.px(x, y) for x, y in points]
                self.draw.line(
                    [*line, line[0]] if closed else line,
                    fill=stroke,
                    width=self.width(element),
                    joint="curve",
                )

    def _fill(self, rings, colour) -> None:
        """Fill the closed rings even-odd, as a lot's holes need: each ring toggles the
        pixels it covers in a mask over the path's extent, then the colour goes through it."""
        closed = [[self.px(x, y) for x, y in points] for points, is_closed in rings if is_closed]
        if not closed:
            return
        xs = [x for ring in closed for x, _ in ring]
        ys = [y for ring in closed for _, y in ring]
        x0, y0 = max(0, math.floor(min(xs))), max(0, math.floor(min(ys)))
        x1 = min(self.image.width, math.ceil(max(xs)) + 1)
        y1 = min(self.image.height, math.ceil(max(ys)) + 1)
        if x1 <= x0 or y1 <= y0:
            return
        mask = Image.new("1", (x1 - x0, y1 - y0), 0)
        for ring in closed:
            one = Image.new("1", mask.size, 0)
            ImageDraw.Draw(one).polygon([(x - x0, y - y0) for x, y in ring], fill=1)
            mask = ImageChops.logical_xor(mask, one)
        region = self.image.crop((x0, y0, x1, y1))
        layer = Image.new("RGBA", mask.size, colour)
        region.paste(layer, (0, 0), ImageChops.multiply(mask.convert("L"), layer.getchannel("A")))
        self.image.paste(region, (x0, y0))

    def paint_line(self, element) -> None:
        start = self.px(float(element.get("x1")), float(element.get("y1")))
        end = self.px(float(element.get("x2")), float(element.get("y2")))
        dashes = [float(n) * self.scale for n in element.get("stroke-dasharray", "").split()]
        colour, width = _colour(element.get("stroke", "#000000")), self.width(element)
        clipped = _clip(start, end, self.image.size)
        if clipped is None:
            return
        for a, b in _dashed(*clipped, dashes):
            self.draw.line([a, b], fill=colour, width=width)

    def paint_rect(self, element) -> None:
        x, y = self.px(float(element.get("x")), float(element.get("y")))
        w = float(element.get("width")) * self.scale
        h = float(element.get("height")) * self.scale
        stroke = _colour(element.get("stroke", "none"))
        self.draw.rectangle(
            [x, y, x + w, y + h],
            fill=_colour(element.get("fill", "#000000")),
            outline=stroke,
            width=self.width(element) if stroke else 0,
        )

    def paint_circle(self, element) -> None:
        x, y = self.px(float(element.get("cx")), float(element.get("cy")))
        r = float(element.get("r")) * self.scale
        self.draw.ellipse([x - r, y - r, x + r, y + r], fill=_colour(element.get("fill")))

    def paint_text(self, element) -> None:
        size = max(1, round(float(element.get("font-size", 10)) * self.scale))
        self.draw.text(
            self.px(float(element.get("x")), float(element.get("y"))),
            element.text or "",
            fill=_colour(element.get("fill", "#000000")),
            font=_font(size),
            anchor=_ANCHORS[element.get("text-anchor", "start")],
        )


def _subpaths(d: str) -> list[tuple[list[tuple[float, float]], bool]]:
    """The "M x,y L x,y ... [Z]" subpaths the drawing writes: (points, closed)."""
    rings = []
    for part in d.split("M")[1:]:
        numbers = [float(n) for n in _NUMBERS.findall(part)]
        points = list(zip(numbers[::2], numbers[1::2], strict=True))
        if points:
            rings.append((points, part.rstrip().endswith("Z")))
    return rings


# A dash pattern repeated more often than this on one line is drawn as a solid line: the
# loop below is bounded whatever the line's length.
MAX_DASHES = 4000


def _clip(start, end, size):
    """The part of the segment inside the image (Liang-Barsky), or None: a line that runs
    far off the page is drawn only where it shows."""
    (x0, y0), (x1, y1) = start, end
    if not all(map(math.isfinite, (x0, y0, x1, y1))):
        return None
    width, height = size
    dx, dy = x1 - x0, y1 - y0
    low, high = 0.0, 1.0
    for p, q in ((-dx, x0), (dx, width - x0), (-dy, y0), (dy, height - y0)):
        if p == 0:
            if q < 0:
                return None
            continue
        t = q / p
        if p < 0:
            low = max(low, t)
        else:
            high = min(high, t)
        if low > high:
            return None
    return (x0 + dx * low, y0 + dy * low), (x0 + dx * high, y0 + dy * high)


def _dashed(start, end, dashes):
    """The drawn pieces of a line from `start` to `end` with the dash pattern (on, off...)."""
    (x0, y0), (x1, y1) = start, end
    length = math.hypot(x1 - x0, y1 - y0)
    if not dashes or min(dashes) <= 0 or length / sum(dashes) * len(dashes) > MAX_DASHES:
        yield start, end
        return
    at, index = 0.0, 0
    while at < length:
        step = dashes[index % len(dashes)]
        if index % 2 == 0:
            a, b = at / length, min(at + step, length) / length
            yield (x0 + (x1 - x0) * a, y0 + (y1 - y0) * a), (x0 + (x1 - x0) * b, y0 + (y1 - y0) * b)
        at += step
        index += 1


def _colour(value: str | None, opacity: str | None = None):
    if value is None or value == "none":
        return None
    red, green, blue = ImageColor.getrgb(value)[:3]
    return (red, green, blue, round(255 * float(opacity if opacity is not None else 1)))


@cache
def _font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    # The sans-serif the PDFs print in; Pillow's own font where DejaVu is not installed.
    try:
        return ImageFont.truetype("DejaVuSans.ttf", size)
    except OSError:
        return ImageFont.load_default(size)
