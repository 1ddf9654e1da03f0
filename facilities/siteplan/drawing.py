"""The site plan drawn to scale as SVG, for the application page, the hearing's papers and
the permit PDF (WeasyPrint draws inline SVG), and painted from it as a PNG for the abutters'
letters (`plan_png`): the lot and its neighbours, the ways and the buildings around, every
drawn shape, each structure's measured setback from the abutting line, a scale bar and a
north arrow. Presentation attributes only, no style attribute (CSP).
"""

from __future__ import annotations

from html import escape

from django.utils.safestring import SafeString, mark_safe
from shapely.geometry import box
from shapely.ops import nearest_points

from facilities import regulation
from facilities.parcels.geometry import feet
from facilities.siteplan.context import nearby, plan_context
from facilities.siteplan.distances import measure_plan
from facilities.siteplan.raster import svg_to_png
from facilities.siteplan.shapes import PLAN_REACH_FT, ShapeError, beyond_reach, parse_shapes

MARGIN_FT = 70
FILL = {
    "structure": "#c0392b",
    "dwelling": "#7f8c8d",
    "abutting_dwelling": "#95a5a6",
    "septic": "#d4a017",
    "wetland": "#27ae60",
    "watercourse": "#2e86c1",
    "well": "#2e86c1",
}


class _Canvas:
    def __init__(self, origin_x: float, origin_y: float, view):
        self.ox, self.oy = origin_x, origin_y
        self.view = view  # (min_x, min_y, max_x, max_y) in local feet
        self.parts: list[str] = []

    def xy(self, x: float, y: float) -> tuple[float, float]:
        """Map metres to SVG units (feet, y down)."""
        return round(feet(x - self.ox), 1), round(-feet(y - self.oy), 1)

    def path(self, geometry, **attributes) -> None:
        """One <path> for `geometry`, or for a list of them drawn alike: one element for all
        the neighbours, one for all the footprints, so a document printing the plan on each
        of 300 letters draws a few elements, not one per parcel."""
        d = []
        parts = geometry if isinstance(geometry, list) else [geometry]
        for polygon in (p for part in parts for p in getattr(part, "geoms", [part])):
            rings = (
                [polygon.exterior, *polygon.interiors]
                if hasattr(polygon, "exterior")
                else [polygon]
            )
            for ring in rings:
                points = [self.xy(x, y) for x, y in ring.coords]
                if points:
                    d.append(
                        "M"
                        + " L".join(f"{x},{y}" for x, y in points)
                        + (" Z" if hasattr(polygon, "exterior") else "")
                    )
        self.parts.append(f'<path d="{" ".join(d)}"{_attrs(attributes)}/>')

    def text(self, x: float, y: float, content: str, **attributes) -> None:
        self.parts.append(f'<text x="{x}" y="{y}"{_attrs(attributes)}>{escape(content)}</text>')


def _attrs(attributes: dict) -> str:
    return "".join(f' {k.replace("_", "-")}="{escape(str(v))}"' for k, v in attributes.items())


def _scale_length(span_ft: float) -> int:
    for length in (20, 50, 100, 200, 500, 1000):
        if length * 4 >= span_ft:
            return length
    return 2000


def plan_svg(application, *, width: str = "100%", title: str = "Site plan") -> SafeString:
    """The plan of `application` as an SVG element, or an empty string when there is none."""
    parcel = application.lot.tax_parcel if application.lot_id else None
    plan = getattr(application, "site_plan", None) if parcel else None
    if parcel is None or plan is None:
        return mark_safe("")  # noqa: S308 - nothing to show
    try:
        shapes = parse_shapes(plan.shapes)
    except ShapeError:
        return mark_safe("")  # noqa: S308
    lot = parcel.shape
    # A plan saved before its reach was checked is not drawn: its scale would be unbounded.
    if beyond_reach(shapes, lot, max(PLAN_REACH_FT, 2 * regulation.beyond_ft())):
        return mark_safe("")  # noqa: S308
    min_x, min_y, max_x, max_y = lot.bounds
    view_box = box(min_x, min_y, max_x, max_y).buffer(MARGIN_FT * 0.3048, join_style=2)
    canvas = _Canvas(min_x, min_y, view_box.bounds)
    beyond = regulation.beyond_ft()
    parcels, footprints = nearby(parcel, beyond)
    ways, neighbours = [], []
    for other in parcels:
        clipped = other.shape.intersection(view_box)
        if not clipped.is_empty:
            (ways if other.is_way else neighbours).append(clipped)
    buildings = [f.shape.intersection(view_box) for f in footprints]
    buildings = [b for b in buildings if not b.is_empty]
    if ways:
        canvas.path(ways, fill="#eceff1", stroke="#90a4ae", stroke_width=0.8)
    if neighbours:
        canvas.path(neighbours, fill="#ffffff", stroke="#b0bec5", stroke_width=0.8)
    if buildings:
        canvas.path(buildings, fill="#cfd8dc", stroke="#90a4ae", stroke_width=0.5)
    canvas.path(lot, fill="#fffdf5", stroke="#1b2631", stroke_width=2.2)
    for shape in shapes:
        colour = FILL.get(shape.kind, "#555555")
        geometry = shape.geometry
        if shape.kind == "well":
            x, y = canvas.xy(geometry.x, geometry.y)
            canvas.parts.append(f'<circle cx="{x}" cy="{y}" r="3" fill="{colour}"/>')
        elif shape.kind == "watercourse" and geometry.geom_type == "LineString":
            canvas.path(geometry, fill="none", stroke=colour, stroke_width=2.5)
        else:
            canvas.path(geometry, fill=colour, fill_opacity=0.55, stroke=colour, stroke_width=1)
        point = geometry.centroid
        x, y = canvas.xy(point.x, point.y)
        canvas.text(x, y, shape.id, font_size=8, text_anchor="middle", fill="#1b2631")
    context = plan_context(parcel, beyond, near=(parcels, footprints))
    measured = measure_plan(shapes, context)
    for shape in shapes:
        figures = measured.get(shape.id)
        if not figures or context.abutting_line is None or figures.get("property_line") is None:
            continue
        a, b = nearest_points(shape.geometry, context.abutting_line)
        (x1, y1), (x2, y2) = canvas.xy(a.x, a.y), canvas.xy(b.x, b.y)
        canvas.parts.append(
            f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="#1b2631" '
            f'stroke-width="0.8" stroke-dasharray="3 2"/>'
        )
        canvas.text(
            round((x1 + x2) / 2 + 2, 1),
            round((y1 + y2) / 2 - 2, 1),
            f"{figures['property_line']:g} ft",
            font_size=8,
            fill="#1b2631",
            data_kind="setback",
        )
    vx0, vy0, vx1, vy1 = canvas.view
    left, top = canvas.xy(vx0, vy1)
    right, bottom = canvas.xy(vx1, vy0)
    span = right - left
    length = _scale_length(span)
    sx, sy = left + 8, bottom - 10
    ink = 'fill="#1b2631"'
    canvas.parts.append(
        f'<g class="scale-bar"><rect x="{sx}" y="{sy - 3}" width="{length}" height="3" {ink}/>'
        f'<rect x="{sx + length / 2}" y="{sy - 3}" width="{length / 2}" height="3" '
        f'fill="#ffffff" stroke="#1b2631" stroke-width="0.5"/>'
        f'<text x="{sx}" y="{sy + 8}" font-size="8">0</text>'
        f'<text x="{sx + length}" y="{sy + 8}" font-size="8" text-anchor="end">'
        f"{length} ft</text></g>"
    )
    nx, ny = round(right - 14, 1), round(top + 10, 1)
    canvas.parts.append(
        f'<g class="north-arrow"><path d="M{nx},{ny} L{nx - 5},{ny + 16} L{nx},{ny + 12} '
        f'L{nx + 5},{ny + 16} Z" {ink}/>'
        f'<text x="{nx}" y="{ny + 26}" font-size="9" text-anchor="middle">N</text></g>'
    )
    height = bottom - top
    label = escape(f"{title}: {application.lot.street_address}, drawn to scale")
    svg = (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="site-plan-drawing" role="img" '
        f'aria-label="{label}" viewBox="{left} {top} {round(span, 1)} {round(height, 1)}" '
        f'width="{width}" preserveAspectRatio="xMidYMid meet" font-family="sans-serif">'
        f"<title>{label}</title>" + "".join(canvas.parts) + "</svg>"
    )
    return mark_safe(svg)  # noqa: S308 - every text above is escaped


# Print resolution: lines and labels stay crisp when the plan is printed and photocopied.
PRINT_DPI = 300


def plan_png(
    application, *, width_in: float, height_in: float, title: str = "Site plan"
) -> bytes | None:
    """The same drawing as a PNG filling a `width_in` by `height_in` inch box at PRINT_DPI,
    or None when there is none, for a document that prints it on many pages (see
    facilities.siteplan.raster: WeasyPrint draws an SVG again on every page)."""
    svg = plan_svg(application, title=title)
    if not svg:
        return None
    return svg_to_png(svg, width_in=width_in, height_in=height_in, dpi=PRINT_DPI)
