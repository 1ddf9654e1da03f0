"""The README's "Layout" and "Where things live" are a map a newcomer trusts (issue 35): what
they name exists, every app of the settings is in the Layout, and every action is in the map.

How the map names an action (the rule `test_every_action_is_named_in_the_map` holds it to): a
row names an action `f` of the module `M` by a cell `M.f`, or, once a cell of the row has named
`M` (`M` itself, or `M.g` for another action `g`), by the bare cell `f` anywhere after it in that
row. For an action of an `actions/` package, `M` is the package (`hearings.actions`) or the noun
module that defines it (`hearings.actions.minutes`), so `hearings.actions.minutes.draft_minutes`,
`edit_minutes` names both.
"""

from __future__ import annotations

import re
from importlib import import_module
from pathlib import Path

from tests.our_apps import OUR_APPS
from tests.watched_actions import discover_actions

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def table_rows() -> list[list[str]]:
    """The map's rows, each the list of its code cells (`...`) in the order written."""
    table = README.split("### Where things live", 1)[1].split("\n\n", 2)[1]
    return [re.findall(r"`([^`]+)`", line) for line in table.splitlines()[2:]]


def table_cells() -> list[str]:
    return [cell for row in table_rows() for cell in row]


def exists(name: str, folder: Path | None) -> bool:
    if name.startswith("manage.py") or "=" in name or name.endswith("..."):
        return True
    if "/" in name or name.endswith((".py", ".html")):
        candidates = [ROOT / name, ROOT / "templates" / name]
        if folder is not None:
            candidates.append(folder / name)
        stem = name.rstrip("*").rstrip(".")
        return any(c.exists() or list(c.parent.glob(Path(stem).name + "*")) for c in candidates)
    if "." in name:
        module, _, attribute = name.rpartition(".")
        try:
            return hasattr(import_module(module), attribute)
        except ModuleNotFoundError:
            # `hearings.actions.executive_sessions` names a module, not an attribute.
            return _is_module(name)
    return True  # a bare function name, read with the module named before it


def _is_module(name: str) -> bool:
    try:
        import_module(name)
    except ModuleNotFoundError:
        return False
    return True


def test_every_path_and_action_in_the_map_exists():
    folder = None
    missing = []
    for cell in table_cells():
        # A bare file name is read in the folder of the path named before it in the row.
        if "/" in cell and not cell.endswith("/"):
            for base in (ROOT, ROOT / "templates"):
                if (base / cell).exists():
                    folder = (base / cell).parent
        if not exists(cell, folder):
            missing.append(cell)
    assert len(table_cells()) > 50
    assert not missing, missing


def layout_folders() -> set[str]:
    """The folders the Layout draws, as paths (`stoneham_boh/town`): each `name/` that begins a
    line of its drawing, under the folder drawn above it less indented."""
    drawing = README.split("## Layout", 1)[1].split("\n\n", 2)[1]
    folders: set[str] = set()
    parents: list[tuple[int, str]] = []  # (indent, path) of the folders above this line
    for line in drawing.splitlines():
        entry = re.match(r"^    ( {0,12})([\w.-]+)/(\s|$)", line)
        if not entry:
            continue  # the wording of an entry, carried onto its next line
        indent = len(entry[1])
        while parents and parents[-1][0] >= indent:
            parents.pop()
        path = "/".join([*(p for _, p in parents[-1:]), entry[2]])
        folders.add(path)
        parents.append((indent, path))
    return folders


def test_every_app_of_the_settings_is_in_the_layout():
    """An app added to INSTALLED_APPS is drawn in the Layout, at its folder."""
    drawn = layout_folders()
    assert {"permits", "permits/rules", "stoneham_boh/lib"} <= drawn  # the reading works
    missing = [name for name in OUR_APPS if name.replace(".", "/") not in drawn]
    assert not missing, f"README's Layout leaves out {missing}"


def named_actions(rows: list[list[str]]) -> set[str]:
    """`M.f` for every action the rows name, by the rule in this module's docstring."""
    named = set()
    for row in rows:
        modules: set[str] = set()
        for cell in row:
            if re.fullmatch(r"\w+", cell):
                named.update(f"{module}.{cell}" for module in modules)
            elif re.fullmatch(r"[\w.]+", cell) and "." in cell:
                named.add(cell)
                # `M.f` names M; `hearings.actions.executive_sessions` is itself a module named.
                modules |= {cell, cell.rpartition(".")[0]}
    return named


def test_every_action_is_named_in_the_map():
    """Each public action of every actions module (tests/watched_actions.py) is in the map,
    where a newcomer looks first for where it lives."""
    named = named_actions(table_rows())
    missing = []
    for name, (module, attribute) in discover_actions().items():
        home = getattr(module, attribute).__module__
        if name not in named and f"{home}.{attribute}" not in named:
            missing.append(f"{home}.{attribute}")
    assert not missing, "README's 'Where things live' names no " + ", ".join(sorted(missing))


def test_the_rule_reads_an_action_named_whole_or_bare_after_its_module():
    named = named_actions(
        [["edit_minutes", "hearings.actions.minutes.draft_minutes", "approve_minutes", "x/y.py"]]
    )
    assert {
        "hearings.actions.minutes.draft_minutes",
        "hearings.actions.minutes.approve_minutes",
    } <= named
    # A bare name before its module, or in another row, names nothing.
    assert "hearings.actions.minutes.edit_minutes" not in named
    assert not named_actions([["approve_minutes"]])
