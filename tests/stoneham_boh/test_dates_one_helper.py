"""Every day or moment in Python text is written through stoneham_boh/lib/dates.py (`long_date`,
`weekday_date`, `month_day`, `moment`, `time_of_day`, `day_at`, `clock_time`): never `%B` in an
f-string, a `strftime` or a `format` (nor `%p`, nor Django's "F j" in a `date` filter called from
Python), so one change of the Town's way of writing a date changes
every letter and message, and none keeps its own.

Parsing is not writing: the register import reads dates as offices typed them ("July 5, 2027")
with `strptime` formats held in constants named `..._FORMATS`; those may say `%B`.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
THE_HELPER = ROOT / "stoneham_boh" / "lib" / "dates.py"
NOT_SCANNED = {".venv", "tests", "migrations", "node_modules", ".git"}
# Where the Town's way of writing a date is set, for Django and for the helper alike.
THE_FORMATS = {
    ROOT / "stoneham_boh" / "settings.py",
    ROOT / "stoneham_boh" / "formats" / "en" / "formats.py",
}


def _project_files() -> list[Path]:
    return sorted(
        path
        for path in ROOT.rglob("*.py")
        if not NOT_SCANNED & set(path.relative_to(ROOT).parts)
        and path != THE_HELPER
        and path not in THE_FORMATS
    )


def _parsing_formats(tree: ast.AST) -> set[int]:
    """The ids of string constants held by a `..._FORMATS` constant (strptime's, for reading)."""
    held = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(isinstance(t, ast.Name) and t.id.endswith("_FORMATS") for t in targets):
                held |= {id(c) for c in ast.walk(node.value) if isinstance(c, ast.Constant)}
    return held


def _month_in_words_written(source: str, name: str) -> list[str]:
    tree = ast.parse(source, filename=name)
    parsing = _parsing_formats(tree)
    return [
        f"{name}:{node.lineno}"
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and ("%B" in node.value or "%p" in node.value or "F j" in node.value)
        and id(node) not in parsing
    ]


def test_no_module_writes_a_month_in_words_but_the_dates_helper():
    found = [
        where
        for path in _project_files()
        for where in _month_in_words_written(
            path.read_text(encoding="utf-8"), str(path.relative_to(ROOT))
        )
    ]
    assert not found, "write the date with stoneham_boh.lib.dates:\n" + "\n".join(found)


def test_the_guard_sees_an_f_strings_format_and_spares_a_parsing_format():
    written = 'f"{day:%B %-d, %Y}"\nday.strftime("%B")\n"{:%B}".format(day)\n'
    assert sorted(_month_in_words_written(written, "m.py")) == ["m.py:1", "m.py:2", "m.py:3"]
    assert _month_in_words_written('DATE_FORMATS = ("%B %d, %Y",)\n', "m.py") == []


def test_the_shapes_the_sweep_added_write_as_the_strftime_they_replaced():
    from datetime import datetime

    from stoneham_boh.lib.dates import clock_time, day_at

    posted = datetime(2027, 7, 5, 14, 5)
    assert day_at(posted) == f"{posted:%B %-d, %Y at %H:%M}" == "July 5, 2027 at 14:05"
    assert clock_time(datetime(2027, 7, 5, 9, 0)) == "09:00"
