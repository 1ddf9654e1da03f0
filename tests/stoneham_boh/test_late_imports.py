"""Every import inside a function says why it is not at the top of its module (issue 35, item 4).

A function-level import hides something from whoever reads the module's head: an edge (a circle
between two modules, or a model reading tier 3 only when called, see test_layering.py) or a cost
(a library that takes a second to import, needed on one path only). The reason, a comment that
starts `# late:` on the import's line or on the comment line(s) directly above it, says which;
an import with no such reason moves to the top, where every reader sees it. Several late imports
of one function may share one comment above the first of them.
"""

from __future__ import annotations

import ast
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SKIPPED = {"tests", "migrations", "node_modules", "var", "venv"}
REASON = "# late:"


def _project_files() -> list[Path]:
    return sorted(
        path
        for path in ROOT.rglob("*.py")
        if not any(part in SKIPPED or part.startswith(".") for part in path.relative_to(ROOT).parts)
    )


def _function_imports(tree: ast.AST):
    """(import, the function holding it) for every import inside a function or method."""
    found = []

    def visit(node, function):
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
                visit(child, child)
            elif isinstance(child, ast.Import | ast.ImportFrom) and function is not None:
                found.append((child, function))
            else:
                visit(child, function)

    visit(tree, None)
    return found


def _has_reason(lines: list[str], node: ast.stmt, import_lines: set[int], start: int) -> bool:
    """The reason is on the import's own lines, or in the comments directly above it; a group of
    imports (blank lines between import sections allowed) shares the comment above its first."""
    if any(REASON in lines[number - 1] for number in range(node.lineno, node.end_lineno + 1)):
        return True
    number = node.lineno - 1
    while number > start:
        text = lines[number - 1].strip()
        if text.startswith("#"):
            if text.startswith(REASON):
                return True
        elif number in import_lines:
            if REASON in lines[number - 1]:
                return True
        elif not text and number - 1 in import_lines:
            pass  # the blank line between two sections of one group of imports
        else:
            return False
        number -= 1
    return False


def _unreasoned(path: Path) -> list[str]:
    source = path.read_text(encoding="utf-8")
    lines = source.splitlines()
    found = _function_imports(ast.parse(source, filename=str(path)))
    import_lines = {
        number for node, _ in found for number in range(node.lineno, node.end_lineno + 1)
    }
    wrong = []
    for node, function in found:
        if not _has_reason(lines, node, import_lines, function.lineno):
            module = node.module if isinstance(node, ast.ImportFrom) else node.names[0].name
            if isinstance(node, ast.ImportFrom) and node.level:
                module = "." * node.level + (module or "")
            wrong.append(f"{path.relative_to(ROOT)}:{node.lineno} {module}")
    return wrong


def test_every_function_level_import_gives_its_reason():
    wrong = [line for path in _project_files() for line in _unreasoned(path)]
    by_file = Counter(line.split(":")[0] for line in wrong)
    counts = "\n".join(f"{count:4} {name}" for name, count in by_file.most_common())
    assert not wrong, (
        f"{len(wrong)} imports inside functions give no `# late:` reason; move each to the top "
        "of its module, or say on the line above why it waits:\n"
        + "\n".join(wrong)
        + f"\n\nby file:\n{counts}"
    )


def test_the_scan_sees_an_import_without_its_reason(tmp_path):
    """The scan itself can fail: a bare late import is caught, a reasoned group is not."""
    module = tmp_path / "module.py"
    module.write_text(
        "def bare():\n"
        "    # the comment says nothing of why\n"
        "    from permits.models import Permit\n"
        "\n\n"
        "def reasoned():\n"
        "    # late: permits.eligibility imports this module at import (circle)\n"
        "    from django.db.models import Q\n"
        "\n"
        "    from permits.eligibility import (\n"
        "        lot_refusals,\n"
        "    )\n"
        "    import json  # late: an inline reason counts too\n",
        encoding="utf-8",
    )
    source = module.read_text(encoding="utf-8")
    lines = source.splitlines()
    found = _function_imports(ast.parse(source))
    import_lines = {n for node, _ in found for n in range(node.lineno, node.end_lineno + 1)}
    reasoned = [_has_reason(lines, node, import_lines, fn.lineno) for node, fn in found]
    assert reasoned == [False, True, True, True]
