"""Writing a parcel layer in the MassGIS standardized layout: for the demo, the benchmark
and tests (a town's real layer comes from MassGIS or the Assessor)."""

from __future__ import annotations

import io
import zipfile
from collections.abc import Iterable
from pathlib import Path

import shapefile
from pyproj import CRS
from shapely.geometry import mapping
from shapely.geometry.base import BaseGeometry

from facilities.parcels.geometry import STATE_PLANE

TOWN = "M284"  # Stoneham's MassGIS town number


def prj_text(epsg: int = STATE_PLANE) -> str:
    return CRS.from_epsg(epsg).to_wkt("WKT1_ESRI")


def _polygon_parts(geometry: BaseGeometry) -> list:
    polygons = getattr(geometry, "geoms", [geometry])
    parts = []
    for polygon in polygons:
        # Shapefile rings: outer clockwise, holes counter-clockwise.
        parts.append(
            list(polygon.exterior.coords)[::-1]
            if polygon.exterior.is_ccw
            else list(polygon.exterior.coords)
        )
        for hole in polygon.interiors:
            parts.append(list(hole.coords) if hole.is_ccw else list(hole.coords)[::-1])
    return parts


def _shapefile(
    polygons: Iterable[tuple[dict, BaseGeometry | list | None]], fields
) -> dict[str, bytes]:
    shp, shx, dbf = io.BytesIO(), io.BytesIO(), io.BytesIO()
    writer = shapefile.Writer(shp=shp, shx=shx, dbf=dbf, shapeType=shapefile.POLYGON)
    for name, kind, size, decimals in fields:
        writer.field(name, kind, size=size, decimal=decimals)
    for record, geometry in polygons:
        if geometry is None:
            writer.null()
        elif isinstance(geometry, list):  # raw rings, for broken outlines in tests
            writer.poly(geometry)
        else:
            writer.poly(_polygon_parts(geometry))
        writer.record(**record)
    writer.close()
    return {"shp": shp.getvalue(), "shx": shx.getvalue(), "dbf": dbf.getvalue()}


def _table(rows: Iterable[dict], fields) -> bytes:
    dbf = io.BytesIO()
    writer = shapefile.Writer(dbf=dbf, shapeType=shapefile.NULL)
    for name, kind, size, decimals in fields:
        writer.field(name, kind, size=size, decimal=decimals)
    for row in rows:
        writer.record(**row)
    writer.close()
    return dbf.getvalue()


TAXPAR_FIELDS = (("LOC_ID", "C", 24, 0), ("MAP_PAR_ID", "C", 30, 0), ("POLY_TYPE", "C", 10, 0))
ASSESS_FIELDS = (
    ("LOC_ID", "C", 24, 0),
    ("SITE_ADDR", "C", 80, 0),
    ("OWNER1", "C", 80, 0),
    ("OWN_ADDR", "C", 80, 0),
    ("OWN_CITY", "C", 40, 0),
    ("OWN_STATE", "C", 2, 0),
    ("OWN_ZIP", "C", 10, 0),
    ("LOT_SIZE", "N", 12, 3),
    ("USE_CODE", "C", 8, 0),
    ("FY", "N", 4, 0),
)
FOOTPRINT_FIELDS = (("STRUCT_ID", "C", 20, 0),)


def write_layer(
    path: str | Path,
    parcels: list[dict],
    footprints: list[tuple[str, BaseGeometry]] = (),
    *,
    epsg: int | None = STATE_PLANE,
    taxpar_fields=TAXPAR_FIELDS,
    assess_fields=ASSESS_FIELDS,
) -> Path:
    """Write a zipped layer. Each parcel dict has "geometry" and the field values by their
    MassGIS names (LOC_ID, MAP_PAR_ID, POLY_TYPE, SITE_ADDR, OWNER1...)."""
    path = Path(path)
    tax_names = {f[0] for f in taxpar_fields}
    assess_names = {f[0] for f in assess_fields}
    taxpar = _shapefile(
        (({k: v for k, v in p.items() if k in tax_names}, p["geometry"]) for p in parcels),
        taxpar_fields,
    )
    assess = _table(
        (
            {k: v for k, v in p.items() if k in assess_names}
            for p in parcels
            if p.get("OWNER1") is not None
        ),
        assess_fields,
    )
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for ext, data in taxpar.items():
            archive.writestr(f"{TOWN}TaxPar.{ext}", data)
        if epsg is not None:
            archive.writestr(f"{TOWN}TaxPar.prj", prj_text(epsg))
        archive.writestr(f"{TOWN}Assess.dbf", assess)
        if footprints:
            for ext, data in _shapefile(
                (({"STRUCT_ID": sid}, g) for sid, g in footprints), FOOTPRINT_FIELDS
            ).items():
                archive.writestr(f"{TOWN}Struct.{ext}", data)
            if epsg is not None:
                archive.writestr(f"{TOWN}Struct.prj", prj_text(epsg))
    return path


def geojson_feature(parcel: dict) -> dict:
    return {
        "type": "Feature",
        "geometry": mapping(parcel["geometry"]),
        "properties": {k: v for k, v in parcel.items() if k != "geometry"},
    }
