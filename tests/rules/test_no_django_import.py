"""permits/rules must stay pure Python: the design forbids Django anywhere in it."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

RULES = Path(__file__).resolve().parents[2] / "permits" / "rules"
MODULES = sorted(RULES.rglob("*.py"))


def _imported_modules(tree: ast.AST) -> list[str]:
    names = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.append(node.module)
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name | ast.Attribute)
            and getattr(node.func, "id", getattr(node.func, "attr", ""))
            in {"__import__", "import_module"}
            and node.args
            and isinstance(node.args[0], ast.Constant)
        ):
            names.append(str(node.args[0].value))
    return names


def test_the_rules_package_has_modules():
    assert len(MODULES) > 5


@pytest.mark.parametrize("module", MODULES, ids=lambda path: str(path.relative_to(RULES)))
def test_module_does_not_import_django(module: Path):
    tree = ast.parse(module.read_text(encoding="utf-8"), filename=str(module))
    offending = [
        name for name in _imported_modules(tree) if name == "django" or name.startswith("django.")
    ]
    assert not offending, f"{module.name} imports {offending}"
