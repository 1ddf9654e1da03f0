"""import_parcels: the Assessor's layer in the MassGIS layout, its bad files, and every layer of
the corpus (tests/data/parcels/)."""

from __future__ import annotations

import json
import zipfile
from decimal import Decimal
from pathlib import Path

import pytest
import shapely
from django.core.management import CommandError, call_command
from pyproj import Transformer

from facilities import actions
from facilities.models import Footprint, Lot, Parcel, ParcelImport
from facilities.parcels import writer
from facilities.parcels.layout import ASSESS_FIELDS
from permits.facts_from_records import facts_for
from stoneham_boh.lib.errors import ActionRefused
from tests import factories
from tests.facilities import parcel_layers as layer

pytestmark = pytest.mark.django_db


def refusal(path, clerk) -> str:
    with pytest.raises(ActionRefused) as caught:
        actions.import_parcel_layer(path=path, by=clerk)
    return str(caught.value)


def test_the_layer_is_imported_with_owners_footprints_and_a_record_of_the_import(tmp_path, clerk):
    done = actions.import_parcel_layer(path=layer.write(tmp_path / "M284.zip"), by=clerk)
    assert (done.parcels_added, done.footprints, done.fiscal_year) == (15, 2, 2026)
    assert done.source_crs == "EPSG:26986"
    n2 = Parcel.objects.get(loc_id="L_N2")
    assert (n2.owner_name, n2.site_address, n2.owner_address_lines) == (
        "Owner of N2",
        "N2 Main Street",
        ["2 Elm Street", "Stoneham, MA 02180"],
    )
    assert n2.lot_size_acres == Decimal("0.371")
    assert Parcel.objects.get(loc_id="L_MAIN").is_public_way
    assert Footprint.objects.get(source_id="H_S2").parcel.loc_id == "L_S2"
    assert n2.history.first().history_user == clerk


def test_the_command_prints_what_it_did_and_refuses_a_bad_file_with_its_reasons(tmp_path, capsys):
    call_command("import_parcels", str(layer.write(tmp_path / "M284.zip")))
    assert "15 parcels added" in capsys.readouterr().out
    with pytest.raises(CommandError, match="no such file"):
        call_command("import_parcels", str(tmp_path / "nothing.zip"))


def test_a_newer_tax_list_updates_owners_and_keeps_the_old_owner_in_history(tmp_path, clerk):
    actions.import_parcel_layer(path=layer.write(tmp_path / "fy26.zip"), by=clerk)
    newer = layer.parcels(fy=2027, owner_prefix="New owner of")
    done = actions.import_parcel_layer(
        path=layer.write(tmp_path / "fy27.zip", rows=newer), by=clerk
    )
    assert (done.parcels_added, done.owners_changed) == (0, 14)
    n2 = Parcel.objects.get(loc_id="L_N2")
    assert n2.owner_name == "New owner of N2" and n2.fiscal_year == 2027
    assert [h.owner_name for h in n2.history.order_by("history_date")] == [
        "Owner of N2",
        "New owner of N2",
    ]
    assert "FY2026 tax list" in refusal(layer.write(tmp_path / "again.zip"), clerk)


def test_a_mapped_lot_takes_its_area_from_its_parcel_over_a_typed_one(tmp_path, clerk):
    stated = factories.lot(parcel_id=layer.MAP_IDS["N2"], area_acres=Decimal("0.5"))
    unstated = factories.lot(parcel_id=layer.MAP_IDS["N3"], area_acres=None)
    actions.import_parcel_layer(path=layer.write(tmp_path / "M284.zip"), by=clerk)
    stated.refresh_from_db()
    unstated.refresh_from_db()
    assert stated.tax_parcel.loc_id == "L_N2" and stated.parcel_area_acres == Decimal("0.371")
    # Issue 22, finding 10: the Assessor's area governs where the parcel is mapped.
    assert stated.effective_area_acres == Decimal("0.371")
    assert unstated.effective_area_acres == Decimal("0.371")
    application = factories.hen_renewal(by=clerk, lot=unstated)
    assert facts_for(application)["lot"]["area_acres"] == 0.371
    assert Lot.history.filter(id=unstated.pk).first().history_user == clerk


def test_a_geojson_layer_in_longitude_and_latitude_is_reprojected(tmp_path, clerk):
    to_lonlat = Transformer.from_crs(26986, 4326, always_xy=True)

    def lonlat(x, y):
        return to_lonlat.transform(x, y)

    features = []
    for row in layer.parcels():
        row = {**row, "geometry": shapely.transform(row["geometry"], lonlat, interleaved=False)}
        features.append(writer.geojson_feature(row))
    path = tmp_path / "parcels.geojson"
    path.write_text(json.dumps({"type": "FeatureCollection", "features": features}))
    done = actions.import_parcel_layer(path=path, by=clerk)
    assert done.parcels_added == 15 and done.source_crs.startswith("EPSG:4326")
    x, y = Parcel.objects.get(loc_id="L_N2").shape.bounds[:2]
    assert abs(x - (layer.X0 + 60)) < 0.05 and abs(y - (layer.Y0 + 12)) < 0.05


def test_a_layer_in_state_plane_feet_is_reprojected_to_metres(tmp_path, clerk):
    from shapely import affinity

    in_feet = [
        {
            **row,
            "geometry": affinity.scale(
                row["geometry"], 1 / 0.3048006096, 1 / 0.3048006096, origin=(0, 0)
            ),
        }
        for row in layer.parcels()
    ]
    done = actions.import_parcel_layer(
        path=layer.write(tmp_path / "feet.zip", rows=in_feet, footprints=[], epsg=2249), by=clerk
    )
    assert "EPSG:2249" in done.source_crs and "reprojected" in done.source_crs
    x = Parcel.objects.get(loc_id="L_N2").shape.bounds[0]
    assert abs(x - (layer.X0 + 60)) < 0.5


# --- bad files -------------------------------------------------------------------------------


def test_coordinates_that_do_not_fit_the_declared_projection_are_refused(tmp_path, clerk):
    from shapely.geometry import box

    rows = layer.parcels()
    rows[3]["geometry"] = box(-71.10, 42.48, -71.09, 42.49)  # degrees, declared as metres
    message = refusal(layer.write(tmp_path / "degrees.zip", rows=rows), clerk)
    assert "M284TaxPar.shp, record 4 (LOC_ID L_N2), field geometry" in message
    assert "outside Massachusetts" in message and "EPSG:26986" in message
    assert not Parcel.objects.exists() and not ParcelImport.objects.exists()


def test_a_layer_without_a_projection_file_or_with_an_unknown_one_is_refused(tmp_path, clerk):
    assert "no M284TaxPar.prj" in refusal(layer.write(tmp_path / "a.zip", epsg=None), clerk)
    path = layer.write(tmp_path / "b.zip", epsg=None)
    with zipfile.ZipFile(path, "a") as archive:
        archive.writestr("M284TaxPar.prj", 'LOCAL_CS["Somebody\'s own grid"]')
    assert "no EPSG code" in refusal(path, clerk)


def test_an_assessing_table_missing_fields_is_refused_naming_them(tmp_path, clerk):
    fields = tuple(f for f in writer.ASSESS_FIELDS if f[0] not in ("OWNER1", "FY"))
    message = refusal(layer.write(tmp_path / "m.zip", assess_fields=fields), clerk)
    assert "M284Assess.dbf: missing fields OWNER1, FY" in message
    assert set(ASSESS_FIELDS) >= {"OWNER1", "FY"}


def test_a_broken_outline_is_refused_naming_the_record(tmp_path, clerk):
    rows = layer.parcels()
    x, y = layer.X0, layer.Y0
    rows[5]["geometry"] = [
        [(x, y), (x + 10, y + 10), (x + 10, y), (x, y + 10), (x, y)]
    ]  # a bow tie
    rows[7]["geometry"] = None
    message = refusal(layer.write(tmp_path / "bowtie.zip", rows=rows), clerk)
    assert (
        "record 6 (LOC_ID L_N4), field geometry: the outline is broken (Self-intersection"
        in message
    )
    assert "record 8 (LOC_ID L_S1), field geometry: the record has no outline" in message


def test_a_lot_size_that_is_not_a_number_is_refused_naming_the_record_and_field(tmp_path, clerk):
    path = tmp_path / "parcels.geojson"
    rows = [writer.geojson_feature(row) for row in layer.parcels()]
    rows[2]["properties"]["LOT_SIZE"] = "about half an acre"
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
    assert (
        "feature 3 (LOC_ID L_N1), field LOT_SIZE: 'about half an acre' is not a number" in message
    )


# Every parcel layer of tests/data/parcels/ through the parcel
# import (the clerk's and the `import_parcels` command's one action). A new file is a new case:
# nothing to add here. A file named `refused_*` must be refused with its problems named and nothing
# written; every other one is imported whole.
CORPUS = Path(__file__).resolve().parents[2] / "data" / "parcels"


FILES = sorted(CORPUS.glob("*.zip"))


@pytest.mark.django_db
@pytest.mark.parametrize("path", FILES, ids=[path.name for path in FILES])
def test_every_parcel_layer_is_imported_or_refused_with_its_problems_named(clerk, path):
    if path.name.startswith("refused_"):
        with pytest.raises(ActionRefused) as refusal:
            actions.import_parcel_layer(path=path, by=clerk, source_name=path.name)
        assert refusal.value.reasons, refusal.value
        assert not Parcel.objects.exists()
        return
    actions.import_parcel_layer(path=path, by=clerk, source_name=path.name)
    assert Parcel.objects.filter(poly_type="FEE").exclude(owner_name="").exists()
    assert all(len(p.owner_zip) in (0, 5, 10) for p in Parcel.objects.all())
