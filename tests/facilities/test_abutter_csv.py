"""Every Assessor's abutter list of tests/data/abutters/ through every path that takes one.

A new file in the folder is a new case: nothing to add here. A file named `refused_*` is one the
clerk must be told to correct; every other one must preview and import whole. Either way the
server never answers 5xx, what was read (or each problem, at its line and column) is on the page,
and nothing is written before the clerk confirms a list without a problem.
"""

from __future__ import annotations

from html import escape
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from facilities import abutter_csv
from facilities.abutter_map_check import compare_with_map
from facilities.models import Abutter, AbutterList
from facilities.parcels.models import Parcel
from tests import factories

CORPUS = Path(__file__).resolve().parents[1] / "data" / "abutters"
FILES = sorted(path for path in CORPUS.iterdir() if path.name != "README.md")


def _on_the_map(map_par_id: str, street: str) -> None:
    """A parcel of the town map with an owner, so that the preview compares addresses."""
    Parcel.objects.create(
        loc_id=f"L_{map_par_id}",
        map_par_id=map_par_id,
        geometry_wkt="POLYGON ((0 0, 10 0, 10 10, 0 10, 0 0))",
        min_x=0,
        min_y=0,
        max_x=10,
        max_y=10,
        owner_name="On the map",
        owner_street=street,
        owner_city="STONEHAM",
        owner_state="MA",
        owner_zip="02180",
    )


@pytest.fixture
def on_the_map(db):
    # One owner whose address is the list's, one who moved: both comparisons are made.
    _on_the_map("1-104-5", "14 Spring Street")
    _on_the_map("1-104-6", "3 Elm Street")


def _preview(client, application, path: Path):
    return client.post(
        reverse("permits:abutter-import", args=[application.pk]),
        {
            "import-file": SimpleUploadedFile(path.name, path.read_bytes()),
            "import-certified_on": "2026-02-01",
        },
    )


def test_the_corpus_has_every_layout_the_brief_names():
    names = " ".join(path.name for path in FILES)
    for layout in ("mailing_address", "split", "coowner", "tab", ".xlsx", "1252", "title"):
        assert layout in names, layout


@pytest.mark.django_db
@pytest.mark.parametrize("path", FILES, ids=[path.name for path in FILES])
def test_every_assessor_list_is_read_or_its_problems_are_named_and_nothing_is_written(
    clerk_client, clerk, on_the_map, path
):
    application = factories.hen_renewal(by=clerk)
    response = _preview(clerk_client, application, path)
    assert response.status_code < 500
    page = response.content.decode()
    parsed = response.context["preview"]
    assert not Abutter.objects.exists()
    if path.name.startswith("refused_"):
        assert response.status_code == 400
        assert parsed.problems or parsed.bad_rows
        for problem in parsed.problems:
            assert escape(problem) in page
        for row in parsed.bad_rows:
            for column, message in row.errors:
                assert f"Line {row.line}, column “{escape(column)}”: {escape(message)}" in page
        assert "confirm" not in response.context or not parsed.importable
        return
    assert response.status_code == 200, (parsed.problems, [r.errors for r in parsed.bad_rows])
    # What was read is shown: how the columns were taken, and every owner as read.
    for reading in parsed.readings:
        assert escape(reading) in page
    for values in parsed.values():
        assert escape(values["owner_names"]) in page
    confirm = response.context["confirm_form"]
    data = {name: confirm.initial[name] for name in ("csv_text", "source_name", "certified_on")}
    confirmed = clerk_client.post(
        reverse("permits:abutter-import", args=[application.pk]), {**data, "confirm": ""}
    )
    assert confirmed.status_code == 302
    imported = AbutterList.objects.get(application=application).abutters.all()
    assert sorted(a.owner_names for a in imported) == sorted(
        values["owner_names"] for values in parsed.values()
    )


@pytest.mark.django_db
def test_the_assessors_list_with_one_mailing_column_compares_with_the_map(
    clerk_client, clerk, on_the_map
):
    """The issue's list: "Mailing Address" beside City, State and Zip, with a BOM, CRLF and
    non-breaking spaces; each owner on the map is compared, never a crash."""
    application = factories.hen_renewal(by=clerk)
    path = CORPUS / "vision_mailing_address_beside_city_state_zip.csv"
    response = _preview(clerk_client, application, path)
    assert response.status_code == 200
    rows = response.context["preview"].rows
    assert rows[0].values["mailing_street"] == "14 SPRING ST"
    assert rows[0].values["owner_names"] == "BURKE, BRIAN & BURKE, ELLEN"
    assert rows[0].map_check.same
    assert not rows[1].map_check.same
    assert rows[2].map_check is None
    page = response.content.decode()
    assert "Same address" in page
    assert "the map's owner mails to 3 Elm Street, STONEHAM, MA 02180" in page


@pytest.mark.django_db
def test_a_row_whose_address_is_unreadable_is_left_out_of_the_map_comparison(on_the_map):
    parsed = abutter_csv.parse(
        "Owner,Mailing Address,Parcel ID\nBURKE BRIAN,14 SPRING ST,1-104-5\n"
    )
    assert parsed.bad_rows
    assert compare_with_map(parsed.values()) == {}
