"""The README's "where things live" table names files and actions that exist."""

from __future__ import annotations

import re
from importlib import import_module
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def table_cells() -> list[str]:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    table = readme.split("### Where things live", 1)[1].split("\n\n", 2)[1]
    return re.findall(r"`([^`]+)`", table)


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
        return hasattr(import_module(module), attribute)
    return True  # a bare function name, read with the module named before it


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
