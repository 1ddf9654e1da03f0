"""The layout's import rules (README, "Layout"; docs/adr/0001), read from the source like the
rules module's guard. The apps need each other, so the rule is by tier, not by an order of apps:

- tier 0, `permits/rules/`: imports no other module of the project (and no Django: its own test);
- tier 1, `stoneham_boh/lib/`, `stoneham_boh/accounts/` and `stoneham_boh/town/` (the town's
  settings, which every page and letter reads): import no app;
- tier 2, models (`models.py`, `models/`, `choices.py` of any app): at import, models, choices
  and tiers 0-1 only (a model's method may call a tier-3 reading from inside itself, as the
  Board's clocks and the governing distances do; the edge is a plain import all the same);
- tier 3, everything else an app computes or changes (actions, eligibility, the facts adapter,
  notices, printing, the audit): any app's tiers 0-3, by plain import;
- tier 4, what answers people (views and any module that answers a request, forms, filters,
  template tags, URLs, admin, navigation, commands, demo data) and the project package: anything.

No edge hides from this scan: no app registry look-up (`apps.get_model`, `get_app_config`), no
`AppConfig.ready()` that patches another module, no model class fetched through a relation.
"""

from __future__ import annotations

import ast
from pathlib import Path

from django.conf import settings

ROOT = Path(__file__).resolve().parents[2]
# The project's own apps, read from the settings so that a new app is never missed: those whose
# package is a folder of this repository, less the project package and its tier-1 parts.
APPS = tuple(
    name
    for name in settings.INSTALLED_APPS
    if "." not in name and name != "stoneham_boh" and (ROOT / name / "__init__.py").exists()
)
FOUNDATIONS = ("stoneham_boh/lib", "stoneham_boh/accounts", "stoneham_boh/town")


def _source_files(folder: Path) -> list[Path]:
    return sorted(path for path in folder.rglob("*.py") if "migrations" not in path.parts)


def _absolute(node: ast.ImportFrom, package: str) -> str:
    """The module a `from` import names, a relative one (`from .checks import x`) read from
    the importing module's package."""
    if not node.level:
        return node.module or ""
    parts = package.split(".")
    parts = parts[: len(parts) - node.level + 1]
    return ".".join([*parts, node.module] if node.module else parts)


def _imported_modules(tree: ast.AST, package: str = "") -> list[tuple[int, str]]:
    """(line, module) for every import anywhere in the module: top level, in functions, dynamic,
    relative ones read from `package` (the importing module's)."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name) for alias in node.names)
        elif (
            isinstance(node, ast.ImportFrom)
            and (node.module or node.level)
            and (node.level == 0 or package)
        ):
            base = _absolute(node, package)
            found.extend((node.lineno, f"{base}.{alias.name}") for alias in node.names)
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


def _package_of(path: Path) -> str:
    name = _module_name(path)
    return name if path.name == "__init__.py" else name.rpartition(".")[0]


def _imports_of(path: Path) -> list[tuple[int, str]]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    return _imported_modules(tree, _package_of(path))


TIER_4_NAMES = {
    "views",
    "forms",
    "filters",
    "templatetags",
    "urls",
    "admin",
    "navigation",
    "management",
    "demo",
    "apps",
    "tables",
}
TIER_2_NAMES = {"models", "choices"}


def _ours(module: str) -> bool:
    return module.split(".")[0] in (*APPS, "stoneham_boh")


def _tier(module: str) -> int:
    """The tier of a dotted module name of the project (a name imported from a module counts as
    that module: `permits.models.Permit` is tier 2)."""
    parts = module.split(".")
    if parts[:2] == ["permits", "rules"]:
        return 0
    if parts[0] == "stoneham_boh":
        return 1 if len(parts) > 1 and parts[1] in ("lib", "accounts", "town") else 4
    if any(part in TIER_4_NAMES for part in parts[1:]):
        return 4
    if any(part in TIER_2_NAMES for part in parts[1:]):
        return 2
    return 3


ANSWERS_REQUESTS = ("django.shortcuts", "django.http", "django.views", "django.template.response")


def _module_tier(path: Path) -> int:
    """The tier of a source file: by its name, and tier 4 for any module that answers a request
    (a page's helpers beside its views, such as the online review or the pre-check's plan)."""
    tier = _tier(_module_name(path))
    tree = ast.parse(path.read_text(encoding="utf-8"))
    if tier == 3 and any(
        name.startswith(ANSWERS_REQUESTS) or _resolved(name).endswith(".forms")
        for _, name in _imported_modules(tree, _package_of(path))
    ):
        return 4
    return tier


def _top_level_imports(path: Path) -> list[tuple[int, str]]:
    """The imports run when the module is imported (not those inside its functions)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in tree.body:
        if isinstance(node, ast.Import | ast.ImportFrom):
            found.extend(_imported_modules(node, _package_of(path)))
    return found


def _target_tier(name: str) -> int:
    """The tier of an imported module: a module of an app that imports nothing of the apps
    (pure geometry, wording) is plumbing, tier 1, whatever its folder."""
    module = _resolved(name)
    tier = _tier(module)
    path = ROOT.joinpath(*module.split("."))
    path = path.with_suffix(".py") if path.with_suffix(".py").exists() else path / "__init__.py"
    if tier == 3 and path.exists():
        ours = [n for _, n in _imports_of(path) if _ours(n)]
        if all(_tier(_resolved(n)) <= 1 for n in ours):
            return 1
    return tier


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _resolved(name: str) -> str:
    """`permits.models.Permit` -> `permits.models`; `permits.actions` stays: the longest prefix that
    is a module or package of ours."""
    parts = name.split(".")
    for end in range(len(parts), 0, -1):
        candidate = ROOT.joinpath(*parts[:end])
        if candidate.with_suffix(".py").exists() or (candidate / "__init__.py").exists():
            return ".".join(parts[:end])
    return name


APP_MODULES = [path for app in APPS for path in _source_files(ROOT / app)]


def test_every_module_imports_only_its_own_tier_and_below():
    wrong = []
    for path in APP_MODULES:
        tier = _module_tier(path)
        imports = _top_level_imports(path) if tier == 2 else _imports_of(path)
        for line, name in imports:
            if not _ours(name):
                continue
            target = _resolved(name)
            if _target_tier(target) > tier or (
                tier == 0 and not target.startswith("permits.rules")
            ):
                wrong.append(f"{path.relative_to(ROOT)}:{line} (tier {tier}) imports {target}")
    assert not wrong, "\n".join(wrong)


def test_no_app_imports_the_project_package_above_lib_and_accounts():
    wrong = [
        f"{path.relative_to(ROOT)}:{line} {name}"
        for path in APP_MODULES
        if _tier(_module_name(path)) < 4
        for line, name in _imports_of(path)
        if name.split(".")[0] == "stoneham_boh" and _tier(name) == 4
    ]
    assert not wrong, wrong


def _hidden_edges(tree: ast.AST) -> list[tuple[int, str]]:
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr in ("get_model", "get_app_config"):
            found.append((node.lineno, f"apps.{node.attr}"))
        elif (
            isinstance(node, ast.Attribute)
            and node.attr in ("model", "related_model")
            and isinstance(node.value, ast.Attribute)
            and node.value.attr not in ("history",)
            and not (isinstance(node.value.value, ast.Name) and node.value.value.id == "self")
        ):
            found.append((node.lineno, f"a model fetched through .{node.value.attr}.{node.attr}"))
        elif (
            isinstance(node, ast.Attribute)
            and node.attr in ("model", "related_model")
            and isinstance(node.value, ast.Call)
        ):
            # The same fetch through a call: `Application._meta.get_field("variances")
            # .related_model`, `relation(...).model`.
            called = node.value.func
            name = getattr(called, "attr", getattr(called, "id", "a call"))
            found.append((node.lineno, f"a model fetched through {name}(...).{node.attr}"))
        elif isinstance(node, ast.FunctionDef) and node.name == "ready":
            found.append((node.lineno, "AppConfig.ready()"))
    return found


def test_no_edge_between_apps_hides_from_the_import_scan():
    wrong = [
        f"{path.relative_to(ROOT)}:{line} {what}"
        for path in APP_MODULES
        for line, what in _hidden_edges(ast.parse(path.read_text(encoding="utf-8")))
    ]
    assert not wrong, "\n".join(wrong)


def test_the_tier_scan_sees_a_hidden_edge_and_a_wrong_import():
    """The scan itself can fail: a registry look-up and a model importing an action are caught."""
    tree = ast.parse(
        "from django.apps import apps\n"
        "Order = apps.get_model('inspections', 'Order')\n"
        "Order = lot.orders.model\n"
    )
    assert sorted(what for _, what in _hidden_edges(tree)) == [
        "a model fetched through .orders.model",
        "apps.get_model",
    ]
    through_a_call = ast.parse(
        "Variance = Application._meta.get_field('variances').related_model\n"
        "Order = relation_of(lot, 'orders').model\n"
    )
    assert sorted(what for _, what in _hidden_edges(through_a_call)) == [
        "a model fetched through get_field(...).related_model",
        "a model fetched through relation_of(...).model",
    ]
    assert _tier("permits.models") == 2 and _tier(_resolved("permits.actions.issue_permit")) == 3
    relative = ast.parse("from .checks import horses\nfrom .. import actions\n")
    assert [name for _, name in _imported_modules(relative, "permits.rules")] == [
        "permits.rules.checks.horses",
        "permits.actions",
    ]
    assert _tier("hearings.views.docket") == 4 and _tier("permits.rules.engine") == 0


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


def test_the_foundations_import_no_app():
    """Tier 1 (lib, accounts, the town's settings) is what every app may read: it reads none."""
    wrong = [
        f"{path.relative_to(ROOT)}:{line} {name}"
        for folder in FOUNDATIONS
        for path in _source_files(ROOT / folder)
        for line, name in _imports_of(path)
        if name.split(".")[0] in APPS
    ]
    assert not wrong, "\n".join(wrong)


def _import_graph() -> dict[str, set[str]]:
    """Each module of the project and the modules of ours it imports anywhere in it (top level,
    in functions, relative imports resolved): the edges an import circle is made of."""
    modules = {
        _module_name(path): path
        for folder in (*APPS, "stoneham_boh")
        for path in _source_files(ROOT / folder)
    }
    graph = {}
    for name, path in modules.items():
        targets = {_resolved(target) for _, target in _imports_of(path)}
        graph[name] = {target for target in targets if target in modules and target != name}
    return graph


def _strongly_connected(graph: dict[str, set[str]]) -> list[set[str]]:
    """Tarjan's components, without recursion: each set of modules that import one another."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components = []
    for start in graph:
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.add(member)
                    if member == node:
                        break
                components.append(component)
    return components


def test_no_import_circle_between_permits_and_hearings():
    """No set of modules importing one another holds modules of both permits/ and hearings/:
    the facts adapter reads the notices' timing, which reads nothing of permits' keeping."""
    graph = _import_graph()
    circles = [
        sorted(component)
        for component in _strongly_connected(graph)
        if {"permits", "hearings"} <= {module.split(".")[0] for module in component}
    ]
    assert not circles, "\n".join(", ".join(circle) for circle in circles)


def test_the_circle_scan_sees_a_circle():
    graph = {"permits.a": {"hearings.b"}, "hearings.b": {"permits.a"}, "records.c": set()}
    assert _strongly_connected(graph)[0] == {"permits.a", "hearings.b"}
