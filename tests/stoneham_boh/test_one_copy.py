"""One copy of each helper: the shared ones in stoneham_boh/lib/ and templates/_partials/,
never a second of them in an app."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.our_apps import APPS

ROOT = Path(__file__).resolve().parents[2]
PDF_TEMPLATES = sorted(
    path for path in (ROOT / "templates" / "pdf").glob("*.html") if not path.name.startswith("_")
)


def app_sources() -> list[Path]:
    """The apps of settings.INSTALLED_APPS outside the project package, whose lib/ and
    templates/_partials/ hold the one copy."""
    return [
        path
        for app in APPS
        for path in sorted((ROOT / app).rglob("*.py"))
        if "migrations" not in path.parts
    ]


def places(pattern: str) -> list[str]:
    """Where `pattern` matches in the apps' code, as path:line of each match's first line.

    Each file is searched whole (^ and $ at every line), so a pattern may span lines. A module
    that differs from the helper on purpose (NOT_TWINS) is not searched for that pattern."""
    found = []
    for path in app_sources():
        if pattern in NOT_TWINS.get(path.relative_to(ROOT).as_posix(), ()):
            continue
        text = path.read_text(encoding="utf-8")
        for match in re.finditer(pattern, text, re.MULTILINE):
            line = text.count("\n", 0, match.start()) + 1
            found.append(f"{path.relative_to(ROOT)}:{line}")
    return found


def test_a_pattern_spanning_two_lines_is_found(tmp_path, monkeypatch):
    twin = tmp_path / "views.py"
    twin.write_text(
        "try:\n    act()\nexcept ActionRefused as refusal:\n    show_refusal(form, refusal)\n"
    )
    monkeypatch.setattr(f"{__name__}.app_sources", lambda: [twin])
    monkeypatch.setattr(f"{__name__}.ROOT", tmp_path)
    assert places(REFUSAL_ON_A_FORM) == ["views.py:3"]


@pytest.mark.parametrize("template", PDF_TEMPLATES, ids=lambda path: path.name)
def test_every_printed_document_extends_the_one_print_base(template):
    assert template.read_text(encoding="utf-8").startswith('{% extends "pdf/_base.html" %}')


def test_pdfs_are_answered_by_the_one_pdf_response():
    assert places(r"application/pdf\"\)|content_type=\"application/pdf\"") == []


def test_lists_are_paged_by_the_one_page_helper_and_shown_by_the_one_partial():
    assert places(PAGINATOR) == []
    partials = [p.name for p in (ROOT / "templates").rglob("*pagination*.html")]
    assert partials == ["pagination.html"]


# A refusal put on a form by hand: the twin of form_actions.attempt.
REFUSAL_ON_A_FORM = r"except ActionRefused as \w+:\n\s*(\w+\.add_error|show_refusal)\("


# A button's refusal said, else its success said, by hand: the twin of form_actions.act.
REFUSAL_THEN_SUCCESS = (
    r"except ActionRefused as (\w+):\n\s*messages\.error\(request, str\(\1\)\)\n"
    r"\s*else:\n\s*messages\.success\("
)


PAGINATOR = r"\bPaginator\("

# The modules whose look-alike of a helper is not its twin, each with why, and the patterns
# they may match.
NOT_TWINS = {
    # The API refuses a page that does not exist (a JSON 400 or 404, so a client knows); the
    # lists' helper shows the nearest page instead.
    "records/api/views.py": (PAGINATOR,),
    # The public request for records is rate-limited between the valid form and the action,
    # and leads to its own page with no message: form_actions.attempt says one.
    "records/views/public.py": (REFUSAL_ON_A_FORM,),
}


def test_forms_are_submitted_through_the_one_helper():
    assert places(REFUSAL_ON_A_FORM) == []
    assert places(REFUSAL_THEN_SUCCESS) == []
    assert places(r"^def (attempt|submit|_submitted|show_refusal|_refused)\(") == []


def test_the_staff_roles_are_named_once():
    assert places(r"^STAFF = ") == []


def test_history_is_shown_by_the_one_card():
    partials = sorted(p.name for p in (ROOT / "templates").rglob("*history*.html"))
    # history_page.html is the card opened as a page of its own, for a browser without htmx.
    assert partials == [
        "history.html",
        "history_card.html",
        "history_page.html",
        "lot_history.html",
    ]
