"""Whatever a stranger types reaches a spreadsheet as text, never as a formula (issue 38 L2).

Every CSV the product writes, the downloads and the records export saved to disk alike, goes
through the one helper (stoneham_boh.lib.csv_export); the source is searched for any other CSV
or workbook writer, so a new export that writes its own cells fails here.
"""

from __future__ import annotations

import ast
import csv
from pathlib import Path

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from records.export.export import export_records
from tests.our_apps import APPS, PROJECT

ROOT = Path(__file__).resolve().parents[2]
PRODUCT = (PROJECT, *APPS)
HELPER = Path("stoneham_boh/lib/csv_export.py")

# As allauth keeps it (in lower case); a space is not allowed in an address.
FORMULA_EMAIL = "=cmd|'/ccalc'!a0@example.org"
FORMULA_NAME = '=HYPERLINK("http://evil.example/","Open")'
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def writers_in(source: str) -> list[str]:
    """What in `source` writes a CSV or a workbook cell by cell, as `line: what`."""
    found = []
    for node in ast.walk(ast.parse(source)):
        line = getattr(node, "lineno", 0)
        if isinstance(node, ast.Attribute):
            module = node.value.id if isinstance(node.value, ast.Name) else None
            if module == "csv" and node.attr in ("writer", "DictWriter"):
                found.append(f"{line}: csv.{node.attr}")
            if node.attr == "to_csv":
                found.append(f"{line}: .to_csv")
        elif isinstance(node, ast.ImportFrom) and node.module:
            names = {alias.name for alias in node.names}
            if node.module == "csv" and names & {"writer", "DictWriter"}:
                found.append(f"{line}: from csv import {sorted(names)}")
            if node.module.startswith("openpyxl") and "Workbook" in names:
                found.append(f"{line}: openpyxl's Workbook")
        elif isinstance(node, ast.Import):
            if any(alias.name.split(".")[0] == "xlsxwriter" for alias in node.names):
                found.append(f"{line}: xlsxwriter")
        elif isinstance(node, ast.Call):
            for keyword in node.keywords:
                value = keyword.value
                if (
                    keyword.arg == "content_type"
                    and isinstance(value, ast.Constant)
                    and isinstance(value.value, str)
                    and ("csv" in value.value or "spreadsheetml" in value.value)
                ):
                    found.append(f"{line}: a response of {value.value}")
    return found


def product_modules():
    for package in PRODUCT:
        for path in sorted((ROOT / package).rglob("*.py")):
            relative = path.relative_to(ROOT)
            if "migrations" not in relative.parts:
                yield relative, path.read_text(encoding="utf-8")


def test_no_module_writes_a_csv_or_a_workbook_but_the_one_helper():
    bypassing = {
        str(relative): found
        for relative, source in product_modules()
        if relative != HELPER and (found := writers_in(source))
    }
    assert not bypassing, (
        "these write CSV or .xlsx cells themselves; use stoneham_boh.lib.csv_export "
        f"(safe_writer, csv_download, spreadsheet_download): {bypassing}"
    )


def test_the_search_finds_each_way_of_writing_a_csv():
    """The search above is only as good as what it recognises: each of these is found."""
    for bypass in (
        "import csv\nw = csv.writer(f)",
        "import csv\nw = csv.DictWriter(f, fieldnames=['a'])",
        "from csv import writer\nw = writer(f)",
        "frame.to_csv('out.csv')",
        "from openpyxl import Workbook\nbook = Workbook()",
        "import xlsxwriter",
        "HttpResponse(text, content_type='text/csv')",
    ):
        assert writers_in(bypass), bypass
    assert writers_in("import csv\nrows = csv.reader(f)") == []  # reading is not writing
    # The helper itself is where the writers are.
    assert writers_in((ROOT / HELPER).read_text(encoding="utf-8"))


def cells_of(path: Path) -> list[list[str]]:
    with path.open(encoding="utf-8-sig", newline="") as table:
        return list(csv.reader(table))


@pytest.mark.django_db
def test_a_sign_ups_formulas_reach_the_exports_csvs_only_as_text(tmp_path):
    cache.clear()
    password = "goats-and-gardens-2026"
    response = Client().post(
        reverse("account_signup"),
        {
            "email": FORMULA_EMAIL,
            "full_name": FORMULA_NAME,
            "password1": password,
            "password2": password,
        },
    )
    assert response.status_code == 302, response.content.decode()[:2000]

    manifest = export_records(tmp_path)

    staff = cells_of(tmp_path / "staff.csv")
    staff_cells = {c for row in staff for c in row}
    assert f"'{FORMULA_EMAIL}" in staff_cells and f"'{FORMULA_NAME}" in staff_cells
    history = [
        cell
        for entry in manifest["files"]
        if entry["kind"] == "history"
        for row in cells_of(tmp_path / entry["csv"])
        for cell in row
    ]
    assert f"'{FORMULA_EMAIL}" in history and f"'{FORMULA_NAME}" in history
    # No cell of any CSV of the export would run: not the stranger's, not any other.
    for entry in manifest["files"]:
        for row in cells_of(tmp_path / entry["csv"])[1:]:
            running = [c for c in row if c.startswith(FORMULA_START) and not _number(c)]
            assert not running, f"{entry['csv']}: {running}"
    # The JSON Lines, which a restore reads, keep what was typed.
    assert FORMULA_EMAIL in (tmp_path / "staff.jsonl").read_text(encoding="utf-8")


def _number(cell: str) -> bool:
    try:
        float(cell)
    except ValueError:
        return False
    return True
