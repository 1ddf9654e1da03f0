"""Every action leaves history rows that name the user who acted (item 4 of the trust issue).

The actions are found by introspection: every public function of every `<app>/actions.py`, or
of the modules of an `actions/` package such as hearings', wrapped in `transaction.atomic`.
Each is watched while tests/world.py builds a small Board of Health through them (the
universe, once per test process); a new action that the world does not call fails its test
here, so that nobody adds a change of state whose history is unproven.
"""

from __future__ import annotations

import inspect
from importlib import import_module

import pytest

from tests.watched_actions import ACTION_MODULES, ACTIONS, action_modules, public_functions

# The proof needs no database of its own: it reads the calls the universe was built with.
pytestmark = pytest.mark.django_db

# Functions of an actions module that take `by` but change nothing: they only read.
READ_ONLY: set[str] = set()


def test_the_list_of_action_modules_is_complete():
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    modules = [*root.glob("*/**/actions.py"), *root.glob("*/**/actions/__init__.py")]
    found = {
        ".".join(path.relative_to(root).with_suffix("").parts).removesuffix(".__init__")
        for path in modules
        if ".venv" not in path.parts and path.relative_to(root).parts[0] != "tests"
    }
    assert found == set(ACTION_MODULES)


def test_an_actions_package_re_exports_every_action_of_its_modules():
    """The proof finds a package's actions among the names it re-exports: an action added to a
    noun module and not to the package's `__init__` would go unproven."""
    import pkgutil

    missing = []
    for package in (m for m in action_modules() if hasattr(m, "__path__")):
        for info in pkgutil.iter_modules(package.__path__, f"{package.__name__}."):
            module = import_module(info.name)
            for name, function in public_functions(module).items():
                exported = getattr(package, name.rsplit(".", 1)[1], None)
                if hasattr(function, "__wrapped__") and exported is not function:
                    missing.append(name)
    assert not missing, f"re-export these from their package's __init__: {missing}"


@pytest.fixture
def recorded(universe):
    """Every action's calls while the universe was built (tests/watched_actions.py)."""
    return universe.calls


def test_the_actions_are_found():
    assert len(ACTIONS) >= 40, sorted(ACTIONS)
    assert "permits.actions.issue_permit" in ACTIONS
    assert "hearings.actions.record_decision" in ACTIONS


@pytest.mark.parametrize(
    "name",
    [
        name
        for module in action_modules()
        for name, function in public_functions(module).items()
        if "by" in inspect.signature(function).parameters
    ],
)
def test_every_function_that_takes_by_is_an_atomic_action_or_known_to_only_read(name):
    assert name in ACTIONS or name in READ_ONLY, (
        f"{name} takes `by` but is not wrapped in @transaction.atomic: if it changes state, "
        "make it atomic; if it only reads, add it to READ_ONLY here."
    )


@pytest.mark.parametrize("name", sorted(ACTIONS))
def test_the_action_leaves_history_rows_naming_the_user(name, recorded):
    assert recorded.get(name), (
        f"{name} is never called by tests/world.py: call it there once, so that its "
        "history is proven."
    )
    for actor_id, rows in recorded[name]:
        assert actor_id is not None, f"{name} was called without a user"
        assert rows, f"{name} changed nothing that keeps history"
        anonymous = [label for label, user_id in rows if user_id != actor_id]
        assert not anonymous, f"{name} wrote history rows not naming the user: {anonymous}"
