"""One copy of each helper: the shared ones in stoneham_boh/lib/ and templates/_partials/,
never a second of them in an app."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
APPS = ("permits", "facilities", "hearings", "inspections")
PDF_TEMPLATES = sorted(
    path for path in (ROOT / "templates" / "pdf").glob("*.html") if not path.name.startswith("_")
)


def app_sources() -> list[Path]:
    return [
        path
        for app in APPS
        for path in sorted((ROOT / app).rglob("*.py"))
        if "migrations" not in path.parts
    ]


def places(pattern: str) -> list[str]:
    found = []
    for path in app_sources():
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if re.search(pattern, line):
                found.append(f"{path.relative_to(ROOT)}:{number}")
    return found


@pytest.mark.parametrize("template", PDF_TEMPLATES, ids=lambda path: path.name)
def test_every_printed_document_extends_the_one_print_base(template):
    assert template.read_text(encoding="utf-8").startswith('{% extends "pdf/_base.html" %}')


def test_pdfs_are_answered_by_the_one_pdf_response():
    assert not places(r"application/pdf\"\)|content_type=\"application/pdf\""), places(
        r"application/pdf"
    )


def test_lists_are_paged_by_the_one_page_helper_and_shown_by_the_one_partial():
    assert not places(r"\bPaginator\("), places(r"\bPaginator\(")
    partials = [p.name for p in (ROOT / "templates").rglob("*pagination*.html")]
    assert partials == ["pagination.html"]


def test_forms_are_submitted_through_the_one_helper():
    assert not places(r"except ActionRefused as \w+:\n?\s*(form\.add_error|_refused)"), "twin"
    assert not places(r"^def (attempt|submit|_submitted|show_refusal|_refused)\("), places(
        r"^def (attempt|submit|_submitted)\("
    )


def test_the_staff_roles_are_named_once():
    assert not places(r"^STAFF = "), places(r"^STAFF = ")


def test_history_is_shown_by_the_one_card():
    partials = sorted(p.name for p in (ROOT / "templates").rglob("*history*.html"))
    # history_page.html is the card opened as a page of its own, for a browser without htmx.
    assert partials == [
        "history.html",
        "history_card.html",
        "history_page.html",
        "lot_history.html",
    ]
