"""The layout's import rules (README, "Layout"), read from the source like the rules module's guard.

- `stoneham_boh/lib/` (shared plumbing) and `stoneham_boh/accounts/` (roles, log-in security,
  two-factor) import no app: any app may use them.
- The apps import each other one way only: facilities <- permits <- hearings, inspections, and the
  project package (home pages, dashboard, demo, bench) above them all. No cycle, not even through an
  import placed inside a function.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
APPS = ("permits", "facilities", "hearings", "inspections")
FOUNDATIONS = ("stoneham_boh/lib", "stoneham_boh/accounts")


def _source_files(folder: Path) -> list[Path]:
    return sorted(path for path in folder.rglob("*.py") if "migrations" not in path.parts)


def _imported_modules(tree: ast.AST) -> list[tuple[int, str]]:
    """(line, module) for every import anywhere in the module: top level, in functions, dynamic."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.extend((node.lineno, f"{node.module}.{alias.name}") for alias in node.names)
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name | ast.Attribute)
            and getattr(node.func, "id", getattr(node.func, "attr", ""))
            in {"__import__", "import_module"}
            and node.args
            and isinstance(node.args[0], ast.Constant)
        ):
            found.append((node.lineno, str(node.args[0].value)))
    return found


def _imports_of(path: Path) -> list[tuple[int, str]]:
    return _imported_modules(ast.parse(path.read_text(encoding="utf-8"), filename=str(path)))


def _layer(module: str) -> str | None:
    """The node of the dependency graph a dotted module name belongs to (None: not ours)."""
    parts = module.split(".")
    if parts[0] in APPS:
        return parts[0]
    if parts[0] == "stoneham_boh":
        if len(parts) > 1 and parts[1] in ("lib", "accounts"):
            return f"stoneham_boh.{parts[1]}"
        return "stoneham_boh"
    return None


FOUNDATION_MODULES = [path for folder in FOUNDATIONS for path in _source_files(ROOT / folder)]


def test_the_foundations_have_modules():
    assert len(FOUNDATION_MODULES) > 10


@pytest.mark.parametrize("module", FOUNDATION_MODULES, ids=lambda path: str(path.relative_to(ROOT)))
def test_lib_and_accounts_import_no_app(module: Path):
    offending = [
        f"line {line}: {name}"
        for line, name in _imports_of(module)
        if _layer(name) in (*APPS, "stoneham_boh")
    ]
    assert not offending, f"{module.relative_to(ROOT)} imports {offending}"


def _graph() -> dict[str, dict[str, list[str]]]:
    """layer -> layer it imports -> where (file:line module)."""
    graph: dict[str, dict[str, list[str]]] = {}
    for folder in (*APPS, "stoneham_boh"):
        for path in _source_files(ROOT / folder):
            source = _layer(".".join(path.relative_to(ROOT).with_suffix("").parts))
            for line, name in _imports_of(path):
                target = _layer(name)
                if target and target != source:
                    where = f"{path.relative_to(ROOT)}:{line} {name}"
                    graph.setdefault(source, {}).setdefault(target, []).append(where)
    return graph


def _cycle(graph) -> list[str]:
    """One cycle of the graph as a path of layers, or [] when there is none."""
    done: set[str] = set()

    def visit(node, path):
        if node in path:
            return [*path[path.index(node) :], node]
        if node in done:
            return []
        for target in graph.get(node, {}):
            found = visit(target, [*path, node])
            if found:
                return found
        done.add(node)
        return []

    for start in graph:
        found = visit(start, [])
        if found:
            return found
    return []


def test_there_is_no_import_cycle_between_the_apps():
    graph = _graph()
    cycle = _cycle(graph)
    where = [graph[a][b][0] for a, b in zip(cycle, cycle[1:], strict=False)]
    assert not cycle, f"import cycle {' -> '.join(cycle)}: {where}"


def test_the_apps_are_layered_facilities_permits_then_hearings_and_inspections():
    graph = _graph()
    assert "permits" not in graph.get("facilities", {})
    for upper in ("hearings", "inspections"):
        assert upper not in graph.get("permits", {}), graph["permits"].get(upper)
        assert upper not in graph.get("facilities", {})
    for app in APPS:
        assert "stoneham_boh" not in graph.get(app, {}), graph[app].get("stoneham_boh")


ROLE_DECORATORS = {
    "role_required",
    "staff_required",
    "clerk_required",
    "readers",
    "complaint_desk",
    "agents_only",
}
METHOD_DECORATORS = {"require_GET", "require_POST", "require_http_methods", "require_safe"}


def _decorator_name(node: ast.expr) -> str:
    target = node.func if isinstance(node, ast.Call) else node
    return getattr(target, "id", getattr(target, "attr", ""))


def test_every_view_checks_the_role_before_the_method():
    """One order everywhere: who may ask (403/log-in) is answered before how they asked (405)."""
    wrong = []
    for app in APPS:
        for path in _source_files(ROOT / app):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                if not isinstance(node, ast.FunctionDef):
                    continue
                names = [_decorator_name(d) for d in node.decorator_list]
                roles = [i for i, name in enumerate(names) if name in ROLE_DECORATORS]
                methods = [i for i, name in enumerate(names) if name in METHOD_DECORATORS]
                if roles and methods and min(methods) < max(roles):
                    wrong.append(f"{path.relative_to(ROOT)}:{node.lineno} {node.name}")
    assert not wrong, wrong
