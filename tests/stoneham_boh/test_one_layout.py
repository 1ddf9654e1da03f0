"""The layout's size rule (README, "Layout"; docs/adr/0008-one-layout.md): no module of an app
is over 700 lines, so that a noun's module is read whole and a second noun grown inside it
shows. Its twins: the README's map (test_readme_map.py) and the mirrored tests
(tests/test_the_suite_itself.py)."""

from __future__ import annotations

from pathlib import Path

from tests.our_apps import APPS, PROJECT

ROOT = Path(__file__).resolve().parents[2]
MOST_LINES = 700


def app_modules() -> list[Path]:
    """Every Python module of the project package and the apps, but their migrations (written
    by Django, read by nobody)."""
    return [
        path
        for folder in (PROJECT, *APPS)
        for path in sorted((ROOT / folder).rglob("*.py"))
        if "migrations" not in path.relative_to(ROOT).parts
    ]


def test_no_module_of_an_app_is_over_700_lines():
    """Fails in a branch until the splits of issue 35 have merged (permits' actions and models,
    hearings' models and forms)."""
    modules = app_modules()
    assert len(modules) > 100  # the scan reads the apps
    long = {
        path.relative_to(ROOT).as_posix(): lines
        for path in modules
        if (lines := len(path.read_text(encoding="utf-8").splitlines())) > MOST_LINES
    }
    assert not long, f"over {MOST_LINES} lines: split by noun: {long}"
