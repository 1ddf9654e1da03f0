"""A hostile parcel layer is refused, not crashed on (point 9 of the third trust round):
sizes checked before reading, polygons only, a vertex cap, every error named by file,
record and field."""

from __future__ import annotations

import json
import zipfile

import pytest
from shapely.geometry import box

from facilities.models import Parcel
from facilities.parcels import layout, writer
from tests.facilities import parcel_layers as layer
from tests.facilities.actions.test_parcel_map import refusal

pytestmark = pytest.mark.django_db


def _members(path) -> dict[str, bytes]:
    with zipfile.ZipFile(path) as archive:
        return {name: archive.read(name) for name in archive.namelist()}


def _rezip(path, members: dict[str, bytes]):
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    return path


def test_a_zip_bomb_is_refused_from_its_directory_before_anything_is_inflated(
    tmp_path, clerk, monkeypatch
):
    members = _members(layer.write(tmp_path / "good.zip"))
    members["M284Assess.dbf"] = members["M284Assess.dbf"] + b"\x00" * (8 * 1024 * 1024)
    bomb = _rezip(tmp_path / "bomb.zip", members)
    assert bomb.stat().st_size < 100_000  # inflates 100 times
    monkeypatch.setattr(layout, "MAX_MEMBER_BYTES", 4 * 1024 * 1024)
    read = []
    monkeypatch.setattr(zipfile.ZipFile, "read", lambda self, name, pwd=None: read.append(name))
    message = refusal(bomb, clerk)
    assert "bomb.zip, member M284Assess.dbf:" in message and "bytes uncompressed" in message
    assert read == []
    assert not Parcel.objects.exists()


def test_a_layer_too_large_in_all_is_refused(tmp_path, clerk, monkeypatch):
    monkeypatch.setattr(layout, "MAX_LAYER_BYTES", 1000)
    message = refusal(layer.write(tmp_path / "m.zip"), clerk)
    assert "m.zip:" in message and "bytes uncompressed in all" in message


def test_a_truncated_shp_is_refused_naming_the_file(tmp_path, clerk):
    members = _members(layer.write(tmp_path / "good.zip"))
    members["M284TaxPar.shp"] = members["M284TaxPar.shp"][:300]
    message = refusal(_rezip(tmp_path / "cut.zip", members), clerk)
    assert "M284TaxPar" in message
    assert "record" in message


@pytest.mark.parametrize("member", ["M284TaxPar.shx", "M284TaxPar.dbf", "M284Assess.dbf"])
def test_a_garbled_index_or_table_is_refused_naming_the_file(tmp_path, clerk, member):
    members = _members(layer.write(tmp_path / "good.zip"))
    original = members[member]
    members[member] = original[:32] + bytes(range(256)) * 4 + original[32 + 1024 :]
    stem = member[:-4]
    message = refusal(_rezip(tmp_path / "garbled.zip", members), clerk)
    assert stem in message


def test_a_deeply_nested_geojson_is_refused(tmp_path, clerk):
    path = tmp_path / "deep.geojson"
    path.write_text("[" * 100_000 + "]" * 100_000)
    assert "deep.geojson: nested too deeply" in refusal(path, clerk)


def test_a_geojson_geometry_nested_past_polygon_rings_is_refused(tmp_path, clerk):
    rows = [writer.geojson_feature(row) for row in layer.parcels()]
    rows[1]["geometry"]["coordinates"] = [[[[[[[[1.0, 2.0]]]]]]]]
    rows[1]["geometry"]["type"] = "MultiPolygon"
    path = tmp_path / "nested.geojson"
    path.write_text(
        json.dumps(
            {
                "type": "FeatureCollection",
                "features": rows,
                "crs": {"type": "name", "properties": {"name": "EPSG:26986"}},
            }
        )
    )
    message = refusal(path, clerk)
    assert "nested.geojson, feature 2 (LOC_ID L_N0), field geometry:" in message


def test_points_are_not_parcels(tmp_path, clerk):
    rows = [writer.geojson_feature(row) for row in layer.parcels()]
    rows[3]["geometry"] = {"type": "Point", "coordinates": [layer.X0, layer.Y0]}
    path = tmp_path / "points.geojson"
    path.write_text(
        json.dumps(
            {
                "type": "FeatureCollection",
                "features": rows,
                "crs": {"type": "name", "properties": {"name": "EPSG:26986"}},
            }
        )
    )
    message = refusal(path, clerk)
    assert "points.geojson, feature 4 (LOC_ID L_N2), field geometry: a 'Point', not a polygon" in (
        message
    )


def test_a_point_shapefile_is_not_a_parcel_layer(tmp_path, clerk):
    import io

    import shapefile

    members = _members(layer.write(tmp_path / "good.zip"))
    shp, shx, dbf = io.BytesIO(), io.BytesIO(), io.BytesIO()
    points = shapefile.Writer(shp=shp, shx=shx, dbf=dbf, shapeType=shapefile.POINT)
    for name, kind, size, decimals in writer.TAXPAR_FIELDS:
        points.field(name, kind, size=size, decimal=decimals)
    points.point(layer.X0 + 5, layer.Y0 + 20)
    points.record(LOC_ID="L_PT", MAP_PAR_ID="7-1-1", POLY_TYPE="FEE")
    points.close()
    members.update(
        {
            "M284TaxPar.shp": shp.getvalue(),
            "M284TaxPar.shx": shx.getvalue(),
            "M284TaxPar.dbf": dbf.getvalue(),
        }
    )
    message = refusal(_rezip(tmp_path / "points.zip", members), clerk)
    assert "M284TaxPar.shp, record 1 (LOC_ID L_PT), field geometry: a point, not a polygon" in (
        message
    )


def test_a_million_vertex_ring_is_refused_naming_the_record(tmp_path, clerk, monkeypatch):
    monkeypatch.setattr(layout, "MAX_VERTICES", 500)
    rows = layer.parcels()
    ring = box(layer.X0, layer.Y0 + 12, layer.X0 + 30, layer.Y0 + 62).exterior
    rows[1]["geometry"] = [
        [ring.interpolate(i / 2000, normalized=True).coords[0] for i in range(2000)]
        + [ring.coords[0]]
    ]
    message = refusal(layer.write(tmp_path / "dense.zip", rows=rows), clerk)
    assert "M284TaxPar.shp, record 2 (LOC_ID L_N0), field geometry: 2,001 corners" in message
