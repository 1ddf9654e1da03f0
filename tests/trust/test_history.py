"""Every action leaves history rows that name the user who acted (item 4 of the trust issue).

The actions are found by introspection: every public function of every `<app>/actions.py`
wrapped in `transaction.atomic`. Each is watched while tests/trust/world.py builds a small
Board of Health through them; a new action that the world does not call fails its test here,
so that nobody adds a change of state whose history is unproven.
"""

from __future__ import annotations

import inspect
from collections import defaultdict
from contextlib import contextmanager
from functools import wraps
from importlib import import_module

import pytest
from simple_history.signals import post_create_historical_record

from tests.trust.conftest import rolled_back_world

# The proof needs no database of its own, but the world is built in the test database.
pytestmark = pytest.mark.django_db

# Functions of an actions module that take `by` but change nothing: they only read.
READ_ONLY: set[str] = set()
# Actions whose actor is not a `by` argument.
ACTOR = {"permits.portal.actions.accept_invitation": lambda kwargs: kwargs["invitation"].user}


# Every actions module of the project: each app's, and those of its sub-packages.
ACTION_MODULES = (
    "facilities.actions",
    "hearings.actions",
    "inspections.actions",
    "permits.actions",
    "permits.online.actions",
    "permits.portal.actions",
    "stoneham_boh.actions",
)


def action_modules():
    return [import_module(name) for name in ACTION_MODULES]


def test_the_list_of_action_modules_is_complete():
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    found = {
        ".".join(path.relative_to(root).with_suffix("").parts)
        for path in root.glob("*/**/actions.py")
        if ".venv" not in path.parts
    }
    assert found == set(ACTION_MODULES)


def public_functions(module):
    return {
        f"{module.__name__}.{name}": obj
        for name, obj in vars(module).items()
        if inspect.isfunction(obj)
        and obj.__module__ == module.__name__
        and not name.startswith("_")
    }


def discover_actions() -> dict[str, tuple]:
    return {
        name: (module, name.rsplit(".", 1)[1])
        for module in action_modules()
        for name, function in public_functions(module).items()
        if hasattr(function, "__wrapped__")
    }


ACTIONS = discover_actions()


@contextmanager
def watching_actions():
    """Record, for every call of every action, who acted and which history rows it wrote."""
    calls: dict[str, list[tuple[int | None, list[tuple[str, int | None]]]]] = defaultdict(list)
    frames: list[list] = []

    def on_history_row(sender, history_instance, **kwargs):
        for frame in frames:
            frame.append((sender._meta.label, history_instance.history_user_id))

    def watched(name, function):
        @wraps(function)
        def call(*args, **kwargs):
            frame: list = []
            frames.append(frame)
            try:
                result = function(*args, **kwargs)
            finally:
                frames.pop()  # calls nest, so the last frame is this call's
            actor = ACTOR[name](kwargs) if name in ACTOR else kwargs.get("by")
            calls[name].append((getattr(actor, "pk", None), frame))
            return result

        return call

    post_create_historical_record.connect(on_history_row, weak=False)
    originals = []
    try:
        for name, (module, attribute) in ACTIONS.items():
            original = getattr(module, attribute)
            originals.append((module, attribute, original))
            setattr(module, attribute, watched(name, original))
        yield calls
    finally:
        for module, attribute, original in originals:
            setattr(module, attribute, original)
        post_create_historical_record.disconnect(on_history_row)


@pytest.fixture(scope="module")
def recorded(django_db_setup, django_db_blocker, tmp_path_factory):
    with watching_actions() as calls, rolled_back_world(django_db_blocker, tmp_path_factory):
        pass
    return calls


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
        f"{name} is never called by tests/trust/world.py: call it there once, so that its "
        "history is proven."
    )
    for actor_id, rows in recorded[name]:
        assert actor_id is not None, f"{name} was called without a user"
        assert rows, f"{name} changed nothing that keeps history"
        anonymous = [label for label, user_id in rows if user_id != actor_id]
        assert not anonymous, f"{name} wrote history rows not naming the user: {anonymous}"
