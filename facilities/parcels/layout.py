"""Reading the town's parcel layer in the MassGIS standardized assessor parcels layout.

A zipped shapefile set, as MassGIS distributes each town (M284 is Stoneham):

- ``M284TaxPar.shp/.shx/.dbf/.prj``: the tax parcel polygons, with ``LOC_ID`` (the parcel's
  unique id), ``MAP_PAR_ID`` (the Assessor's map-block-lot) and ``POLY_TYPE`` (FEE, TAX, ROW,
  PRIV_ROW, WATER, RAIL_ROW);
- ``M284Assess.dbf``: the assessing table, one row per tax-list record, joined by ``LOC_ID``:
  ``SITE_ADDR``, ``OWNER1``, ``OWN_ADDR``, ``OWN_CITY``, ``OWN_STATE``, ``OWN_ZIP``,
  ``LOT_SIZE`` (acres unless ``LOT_UNITS`` says ``S``, square feet), ``USE_CODE``, ``FY``;
- optionally a building footprints layer (a shapefile whose name holds ``Struct``,
  ``Footprint`` or ``Bldg``).

A GeoJSON FeatureCollection with the same property names (tax parcel and assessing fields in
each feature) is read too, as is a directory holding the same files as the zip.

Coordinates: the layout uses NAD83 Massachusetts Mainland in metres (EPSG:26986). A layer
declared (in its .prj, or a GeoJSON's ``crs``) in another coordinate system that pyproj
identifies by an EPSG code (US survey feet, EPSG:2249, or longitude/latitude, EPSG:4326...)
is reprojected to EPSG:26986; GeoJSON with no ``crs`` is longitude/latitude, as RFC 7946 says.
A .prj that cannot be identified, a missing .prj, and coordinates that land outside
Massachusetts after all that are refused with a message saying so.

A layer is a file from outside, read whole into memory: its sizes are checked before any of
it is read (a zip's members by the uncompressed sizes its directory declares, which the zip
reader holds each member to; a GeoJSON by its size on disk), only polygons are parcels or
footprints, an outline has at most MAX_VERTICES corners, and whatever the readers raise on a
truncated or garbled file is a refusal naming the file, the record and the field.
"""

from __future__ import annotations

import io
import json
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from pathlib import Path

import numpy as np
import shapefile
import shapely
from pyproj import CRS, Transformer
from shapely.geometry import shape as to_shape
from shapely.geometry.base import BaseGeometry
from shapely.validation import explain_validity

from facilities.parcels.geometry import STATE_PLANE
from facilities.zip_codes import with_its_leading_0
from stoneham_boh.lib.inflation import Limits, size_problems

PARCEL_FIELDS = ("LOC_ID",)
ASSESS_FIELDS = (
    "LOC_ID",
    "SITE_ADDR",
    "OWNER1",
    "OWN_ADDR",
    "OWN_CITY",
    "OWN_STATE",
    "OWN_ZIP",
    "LOT_SIZE",
    "USE_CODE",
    "FY",
)
POLY_TYPES = {"FEE", "TAX", "ROW", "PRIV_ROW", "WATER", "RAIL_ROW"}
# EPSG:26986's area of use (Massachusetts mainland), in its own metres, with a margin.
MASSACHUSETTS = (0.0, 740_000.0, 380_000.0, 1_000_000.0)
SQ_FEET_PER_ACRE = Decimal(43560)
MAX_PROBLEMS = 20
# Bounds on a layer (not figures of the regulation). Stoneham's whole MassGIS layer is about
# 15 MB uncompressed; its largest parcel outline has a few hundred corners.
MAX_MEMBER_BYTES = 150 * 1024 * 1024
MAX_LAYER_BYTES = 300 * 1024 * 1024
MAX_GEOJSON_BYTES = 150 * 1024 * 1024
MAX_VERTICES = 20_000
POLYGON_TYPES = ("Polygon", "MultiPolygon")


class LayerError(Exception):
    """The layer cannot be imported; `problems` names each record and field at fault."""

    def __init__(self, problems: list[str]):
        self.problems = problems[:MAX_PROBLEMS]
        more = len(problems) - len(self.problems)
        text = "\n".join(self.problems) + (f"\n... and {more} more." if more > 0 else "")
        super().__init__(text)


@dataclass
class ParcelRow:
    loc_id: str
    geometry: BaseGeometry
    map_par_id: str = ""
    poly_type: str = "FEE"
    site_address: str = ""
    owner_name: str = ""
    owner_street: str = ""
    owner_city: str = ""
    owner_state: str = ""
    owner_zip: str = ""
    lot_size_acres: Decimal | None = None
    use_code: str = ""
    fiscal_year: int | None = None


@dataclass
class Layer:
    parcels: list[ParcelRow]
    footprints: list[tuple[str, BaseGeometry]] = field(default_factory=list)
    source_crs: str = f"EPSG:{STATE_PLANE}"

    @property
    def fiscal_year(self) -> int | None:
        years = [row.fiscal_year for row in self.parcels if row.fiscal_year]
        return max(years) if years else None


# --- files -------------------------------------------------------------------------------


class _Files:
    """The members of a zip or a directory, by lower-case name."""

    def __init__(self, path: Path):
        self.path = path
        if path.is_dir():
            self._names = {p.name.lower(): p for p in path.iterdir() if p.is_file()}
            self._zip = None
        else:
            try:
                self._zip = zipfile.ZipFile(path)
            except (zipfile.BadZipFile, OSError, ValueError) as error:
                raise LayerError([f"{path.name}: not a zip file ({error})."]) from error
            members = [i for i in self._zip.infolist() if not i.filename.endswith("/")]
            _check_sizes(path.name, [(i.filename, i.file_size) for i in members])
            self._names = {Path(i.filename).name.lower(): i.filename for i in members}

    def names(self) -> list[str]:
        """The members' own names (lookups ignore case: towns' files vary)."""
        return sorted(Path(str(member)).name for member in self._names.values())

    def read(self, name: str) -> bytes:
        member = self._names[name.lower()]
        if self._zip is not None:
            try:
                # The reader stops at the declared (checked) size and checks the CRC.
                return self._zip.read(member)
            except (zipfile.BadZipFile, OSError, EOFError, ValueError) as error:
                raise LayerError(
                    [f"{self.path.name}, member {Path(member).name}: cannot be read ({error})."]
                ) from error
        if Path(member).stat().st_size > MAX_MEMBER_BYTES:
            _check_sizes(self.path.name, [(Path(member).name, Path(member).stat().st_size)])
        return Path(member).read_bytes()

    def has(self, name: str) -> bool:
        return name.lower() in self._names


def _check_sizes(where: str, members: list[tuple[str, int]]) -> None:
    """Refuse, before reading anything, a layer whose files would not fit in memory."""
    limits = Limits(member_bytes=MAX_MEMBER_BYTES, total_bytes=MAX_LAYER_BYTES)
    problems = size_problems(where, members, limits, "a parcel layer")
    if problems:
        raise LayerError(problems)


def _shapefile_stems(files: _Files) -> list[str]:
    return [name[:-4] for name in files.names() if name.lower().endswith(".shp")]


def _is_footprints(stem: str) -> bool:
    return any(word in stem.lower() for word in ("struct", "footprint", "bldg"))


def read_layer(path: str | Path) -> Layer:
    path = Path(path)
    if not path.exists():
        raise LayerError([f"{path}: no such file or directory."])
    if path.suffix.lower() in (".geojson", ".json"):
        return _read_geojson(path)
    files = _Files(path)
    stems = _shapefile_stems(files)
    parcel_stems = [s for s in stems if "taxpar" in s.lower()] or [
        s for s in stems if not _is_footprints(s)
    ]
    if not parcel_stems:
        raise LayerError([f"{path.name}: no tax parcel shapefile (…TaxPar.shp) in it."])
    stem = parcel_stems[0]
    transform, crs_name = _transformer(files, stem)
    parcels = list(_parcel_rows(files, stem, transform))
    assess = [n[:-4] for n in files.names() if n.lower().endswith(".dbf") and "assess" in n.lower()]
    if assess:
        _join_assessing(parcels, files, assess[0])
    elif not all(_has_assessing(row) for row in parcels):
        raise LayerError(
            [f"{path.name}: no assessing table (…Assess.dbf), so no owners; MassGIS ships one."]
        )
    footprints = []
    for fstem in (s for s in stems if _is_footprints(s)):
        ftransform, _ = _transformer(files, fstem)
        footprints.extend(_footprint_rows(files, fstem, ftransform))
    _check_inside_massachusetts(parcels, f"{stem}.shp", crs_name)
    return Layer(parcels=parcels, footprints=footprints, source_crs=crs_name)


def _has_assessing(row: ParcelRow) -> bool:
    return bool(row.owner_name or row.poly_type not in ("FEE", "TAX"))


# --- coordinate systems ------------------------------------------------------------------


def _transformer(files: _Files, stem: str):
    prj = f"{stem}.prj"
    if not files.has(prj):
        raise LayerError(
            [
                f"{stem}.shp: no {stem}.prj, so its coordinate system is unknown. The MassGIS "
                f"layout is in NAD83 Massachusetts Mainland, metres (EPSG:{STATE_PLANE})."
            ]
        )
    text = files.read(prj).decode("latin-1").strip()
    return _transformer_from(text, prj)


def _transformer_from(crs_text: str, where: str):
    try:
        crs = CRS.from_user_input(crs_text)
    except Exception as error:  # noqa: BLE001 - pyproj raises several kinds
        raise LayerError([f"{where}: the coordinate system cannot be read ({error})."]) from error
    epsg = crs.to_epsg(min_confidence=70)
    if epsg == STATE_PLANE:
        return None, f"EPSG:{STATE_PLANE}"
    if epsg is None:
        raise LayerError(
            [
                f"{where}: the coordinate system {crs.name!r} has no EPSG code that pyproj "
                f"recognises, so it cannot be reprojected safely. Export the layer in NAD83 "
                f"Massachusetts Mainland, metres (EPSG:{STATE_PLANE})."
            ]
        )
    transformer = Transformer.from_crs(epsg, STATE_PLANE, always_xy=True)
    return transformer, f"EPSG:{epsg} ({crs.name}), reprojected to EPSG:{STATE_PLANE}"


def _reproject(geometry: BaseGeometry, transformer) -> BaseGeometry:
    if transformer is None:
        return geometry
    return shapely.transform(geometry, lambda xy: _xy(transformer, xy))


def _xy(transformer, coords):
    x, y = transformer.transform(coords[:, 0], coords[:, 1])
    return np.column_stack([x, y])


def _check_inside_massachusetts(parcels: list[ParcelRow], where: str, crs_name: str) -> None:
    min_x, min_y, max_x, max_y = MASSACHUSETTS
    for number, row in enumerate(parcels, start=1):
        bx0, by0, bx1, by1 = row.geometry.bounds
        if bx0 < min_x or by0 < min_y or bx1 > max_x or by1 > max_y:
            raise LayerError(
                [
                    f"{where}, record {number} (LOC_ID {row.loc_id}), field geometry: the "
                    f"coordinates ({bx0:.1f}, {by0:.1f}) lie outside Massachusetts in {crs_name}. "
                    f"The layer's declared coordinate system is wrong for its coordinates; the "
                    f"MassGIS layout is NAD83 Massachusetts Mainland, metres (EPSG:{STATE_PLANE})."
                ]
            )


# --- tax parcels and assessing -----------------------------------------------------------


def _reader(files: _Files, stem: str, with_shapes: bool = True) -> shapefile.Reader:
    kwargs = {"dbf": io.BytesIO(files.read(f"{stem}.dbf")), "encoding": "latin-1"}
    if with_shapes:
        if not files.has(f"{stem}.shx"):
            raise LayerError([f"{stem}.shp: its index {stem}.shx is missing."])
        kwargs["shp"] = io.BytesIO(files.read(f"{stem}.shp"))
        kwargs["shx"] = io.BytesIO(files.read(f"{stem}.shx"))
    try:
        return shapefile.Reader(**kwargs)
    except Exception as error:  # noqa: BLE001 - pyshp raises many kinds on a garbled file
        raise LayerError([f"{stem}: cannot be read as a shapefile ({error})."]) from error


def _records(reader: shapefile.Reader, where: str, shapes: bool = True) -> Iterator[tuple]:
    """(number, record) of each record; a record the reader cannot decode (a truncated .shp,
    a garbled .shx or .dbf) is a refusal naming the file and the record."""
    iterator = reader.iterShapeRecords() if shapes else reader.iterRecords()
    number = 0
    while True:
        number += 1
        try:
            record = next(iterator)
        except StopIteration:
            return
        except Exception as error:  # noqa: BLE001 - struct.error, ValueError, IndexError...
            raise LayerError(
                [f"{where}, record {number}: cannot be read; the file is damaged ({error})."]
            ) from error
        yield number, record


def _values(record, where: str) -> dict:
    try:
        return {k.upper(): v for k, v in record.as_dict().items()}
    except Exception as error:  # noqa: BLE001 - a field the .dbf cannot decode
        raise LayerError([f"{where}: a field cannot be read ({error})."]) from error


def _shape_geometry(shape, where: str) -> BaseGeometry:
    """The outline of a shapefile record, refused unless a polygon of at most MAX_VERTICES."""
    if not shape.shapeType:
        return _geometry(None, where)
    if shape.shapeType not in (shapefile.POLYGON, shapefile.POLYGONZ, shapefile.POLYGONM):
        raise LayerError(
            [f"{where}, field geometry: a {shape.shapeTypeName.lower()}, not a polygon outline."]
        )
    if len(shape.points) > MAX_VERTICES:
        raise LayerError(
            [
                f"{where}, field geometry: {len(shape.points):,} corners, more than the "
                f"{MAX_VERTICES:,} an outline may have."
            ]
        )
    try:
        raw = shape.__geo_interface__
    except Exception as error:  # noqa: BLE001 - pyshp on a damaged ring
        raise LayerError([f"{where}, field geometry: cannot be read ({error})."]) from error
    return _geometry(raw, where)


def _field_names(reader: shapefile.Reader) -> set[str]:
    return {f[0].upper() for f in reader.fields[1:]}


def _require_fields(present: set[str], needed: tuple[str, ...], where: str) -> None:
    missing = [name for name in needed if name not in present]
    if missing:
        raise LayerError(
            [
                f"{where}: missing field{'s' if len(missing) > 1 else ''} {', '.join(missing)} "
                f"(the MassGIS standardized layout has them)."
            ]
        )


def _text(value) -> str:
    return "" if value is None else str(value).strip()


def _vertex_count(coordinates, where: str) -> int:
    """Corners in GeoJSON polygon coordinates (rings of [x, y]), counted without recursion."""
    count, stack = 0, [(coordinates, 0)]
    while stack:
        item, depth = stack.pop()
        if depth > 4 or not isinstance(item, list | tuple):
            raise LayerError([f"{where}, field geometry: the coordinates are not polygon rings."])
        if item and isinstance(item[0], int | float):
            count += 1
            if count > MAX_VERTICES:
                raise LayerError(
                    [
                        f"{where}, field geometry: more than the {MAX_VERTICES:,} corners an "
                        "outline may have."
                    ]
                )
            continue
        stack.extend((child, depth + 1) for child in item)
    return count


def _geometry(raw, where: str) -> BaseGeometry:
    if raw is None or not isinstance(raw, dict) or not raw.get("coordinates"):
        raise LayerError([f"{where}, field geometry: the record has no outline."])
    if raw.get("type") not in POLYGON_TYPES:
        raise LayerError(
            [f"{where}, field geometry: a {str(raw.get('type'))[:20]!r}, not a polygon outline."]
        )
    _vertex_count(raw["coordinates"], where)
    try:
        geometry = to_shape(raw)
    except Exception as error:  # noqa: BLE001 - shapely raises several kinds on bad rings
        raise LayerError(
            [f"{where}, field geometry: the outline cannot be read ({error})."]
        ) from error
    if geometry.is_empty:
        raise LayerError([f"{where}, field geometry: the outline is empty."])
    if not geometry.is_valid:
        raise LayerError(
            [f"{where}, field geometry: the outline is broken ({explain_validity(geometry)})."]
        )
    return geometry


def _parcel_rows(files: _Files, stem: str, transform) -> Iterator[ParcelRow]:
    reader = _reader(files, stem)
    names = _field_names(reader)
    _require_fields(names, PARCEL_FIELDS, f"{stem}.dbf")
    problems: list[str] = []
    seen: set[str] = set()
    for number, record in _records(reader, f"{stem}.shp"):
        values = _values(record.record, f"{stem}.dbf, record {number}")
        loc_id = _text(values.get("LOC_ID"))
        where = f"{stem}.shp, record {number} (LOC_ID {loc_id or '?'})"
        if not loc_id:
            problems.append(f"{stem}.shp, record {number}, field LOC_ID: empty.")
            continue
        if loc_id in seen:
            problems.append(f"{where}, field LOC_ID: the same LOC_ID appears twice.")
            continue
        seen.add(loc_id)
        try:
            geometry = _shape_geometry(record.shape, where)
        except LayerError as error:
            problems.extend(error.problems)
            continue
        poly_type = _text(values.get("POLY_TYPE")).upper() or "FEE"
        if poly_type not in POLY_TYPES:
            problems.append(
                f"{where}, field POLY_TYPE: {poly_type!r} is not one of {sorted(POLY_TYPES)}."
            )
            continue
        row = ParcelRow(
            loc_id=loc_id,
            geometry=_reproject(geometry, transform),
            map_par_id=_text(values.get("MAP_PAR_ID")),
            poly_type=poly_type,
        )
        if ASSESS_FIELDS[1] in names:  # a layer with the assessing fields already joined
            problems.extend(_apply_assessing(row, values, where))
        yield row
    if problems:
        raise LayerError(problems)


def _join_assessing(parcels: list[ParcelRow], files: _Files, stem: str) -> None:
    reader = _reader(files, stem, with_shapes=False)
    _require_fields(_field_names(reader), ASSESS_FIELDS, f"{stem}.dbf")
    by_loc = {row.loc_id: row for row in parcels}
    problems: list[str] = []
    done: set[str] = set()
    for number, record in _records(reader, f"{stem}.dbf", shapes=False):
        values = _values(record, f"{stem}.dbf, record {number}")
        loc_id = _text(values.get("LOC_ID"))
        row = by_loc.get(loc_id)
        # Several tax-list records on one polygon (condominiums): the first names the owner
        # the notice goes to; MassGIS keeps one polygon per LOC_ID.
        if row is None or loc_id in done:
            continue
        done.add(loc_id)
        problems.extend(
            _apply_assessing(row, values, f"{stem}.dbf, record {number} (LOC_ID {loc_id})")
        )
    if problems:
        raise LayerError(problems)


def _apply_assessing(row: ParcelRow, values: dict, where: str) -> list[str]:
    problems = []
    row.site_address = _text(values.get("SITE_ADDR"))
    row.owner_name = _text(values.get("OWNER1"))
    row.owner_street = _text(values.get("OWN_ADDR"))
    row.owner_city = _text(values.get("OWN_CITY"))
    row.owner_state = _text(values.get("OWN_STATE"))[:2]
    # The tax list's OWN_ZIP may be a number column: "2180" is Stoneham's 02180.
    row.owner_zip = with_its_leading_0(_text(values.get("OWN_ZIP")))[0][:10]
    row.use_code = _text(values.get("USE_CODE"))[:8]
    size = values.get("LOT_SIZE")
    if size not in (None, ""):
        try:
            acres = Decimal(str(size))
        except InvalidOperation:
            problems.append(f"{where}, field LOT_SIZE: {size!r} is not a number.")
        else:
            if acres < 0:
                problems.append(f"{where}, field LOT_SIZE: {size} is negative.")
            if _text(values.get("LOT_UNITS")).upper() == "S":
                acres = acres / SQ_FEET_PER_ACRE
            row.lot_size_acres = acres.quantize(Decimal("0.001"))
    year = values.get("FY")
    if year not in (None, ""):
        try:
            row.fiscal_year = int(year)
        except (TypeError, ValueError):
            problems.append(f"{where}, field FY: {year!r} is not a year.")
    return problems


def _footprint_rows(files: _Files, stem: str, transform) -> Iterator[tuple[str, BaseGeometry]]:
    reader = _reader(files, stem)
    names = _field_names(reader)
    id_field = next((n for n in ("STRUCT_ID", "BLD_ID", "BLDG_ID", "ID") if n in names), None)
    problems = []
    for number, record in _records(reader, f"{stem}.shp"):
        values = _values(record.record, f"{stem}.dbf, record {number}")
        source_id = _text(values.get(id_field)) if id_field else str(number)
        try:
            geometry = _shape_geometry(
                record.shape, f"{stem}.shp, record {number} (id {source_id})"
            )
        except LayerError as error:
            problems.extend(error.problems)
            continue
        yield source_id[:40], _reproject(geometry, transform)
    if problems:
        raise LayerError(problems)


# --- GeoJSON -----------------------------------------------------------------------------


def _read_geojson(path: Path) -> Layer:
    size = path.stat().st_size
    if size > MAX_GEOJSON_BYTES:
        raise LayerError(
            [f"{path.name}: {size:,} bytes, more than the {MAX_GEOJSON_BYTES:,} a layer may hold."]
        )
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise LayerError([f"{path.name}: not valid JSON ({error})."]) from error
    except RecursionError as error:
        raise LayerError([f"{path.name}: nested too deeply to be a parcel layer."]) from error
    if not isinstance(data, dict) or data.get("type") != "FeatureCollection":
        raise LayerError([f"{path.name}: not a GeoJSON FeatureCollection."])
    declared = (((data.get("crs") or {}).get("properties") or {}).get("name")) or "EPSG:4326"
    transform, crs_name = _transformer_from(declared, f"{path.name} (crs)")
    features = data.get("features") or []
    if not isinstance(features, list) or not all(isinstance(f, dict) for f in features):
        raise LayerError([f"{path.name}, field features: not a list of GeoJSON features."])
    for number, feature in enumerate(features, start=1):
        if not isinstance(feature.get("properties") or {}, dict):
            raise LayerError([f"{path.name}, feature {number}, field properties: not an object."])
    names = (
        set().union(*[set((f.get("properties") or {}).keys()) for f in features])
        if features
        else set()
    )
    names = {n.upper() for n in names}
    _require_fields(names, ASSESS_FIELDS, path.name)
    parcels: list[ParcelRow] = []
    footprints: list[tuple[str, BaseGeometry]] = []
    problems: list[str] = []
    seen: set[str] = set()
    for number, feature in enumerate(features, start=1):
        values = {k.upper(): v for k, v in (feature.get("properties") or {}).items()}
        loc_id = _text(values.get("LOC_ID"))
        where = f"{path.name}, feature {number} (LOC_ID {loc_id or '?'})"
        try:
            geometry = _reproject(_geometry(feature.get("geometry"), where), transform)
        except LayerError as error:
            problems.extend(error.problems)
            continue
        if _text(values.get("LAYER")).lower() == "footprint":
            footprints.append((_text(values.get("STRUCT_ID")) or str(number), geometry))
            continue
        if not loc_id:
            problems.append(f"{path.name}, feature {number}, field LOC_ID: empty.")
            continue
        if loc_id in seen:
            problems.append(f"{where}, field LOC_ID: the same LOC_ID appears twice.")
            continue
        seen.add(loc_id)
        poly_type = _text(values.get("POLY_TYPE")).upper() or "FEE"
        row = ParcelRow(
            loc_id=loc_id,
            geometry=geometry,
            map_par_id=_text(values.get("MAP_PAR_ID")),
            poly_type=poly_type,
        )
        problems.extend(_apply_assessing(row, values, where))
        parcels.append(row)
    if problems:
        raise LayerError(problems)
    _check_inside_massachusetts(parcels, path.name, crs_name)
    return Layer(parcels=parcels, footprints=footprints, source_crs=crs_name)
