"""Every action of every `<app>/actions.py`, or of the modules of an `actions/` package such as
hearings', found by introspection (each public function wrapped in `transaction.atomic`), and a
watch on them: who acted in each call and which history
rows it wrote. The universe (tests/universe.py) is built under the watch once per test process,
so that the history proof (tests/trust/test_history.py) reads the calls without a build of its
own."""

from __future__ import annotations

import inspect
from collections import defaultdict
from contextlib import contextmanager
from functools import wraps
from importlib import import_module

from simple_history.signals import post_create_historical_record

# Actions whose actor is not a `by` argument.
ACTOR = {"permits.portal.actions.accept_invitation": lambda kwargs: kwargs["invitation"].user}


# Every actions module of the project: each app's, and those of its sub-packages.
ACTION_MODULES = (
    "facilities.actions",
    "facilities.corrections.actions",
    "hearings.actions",
    "hearings.corrections.actions",
    "inspections.actions",
    "permits.actions",
    "permits.amendments.actions",
    "permits.corrections.actions",
    "permits.online.actions",
    "permits.portal.actions",
    "records.actions",
    "stoneham_boh.actions",
    "stoneham_boh.town.actions",
)


def action_modules():
    return [import_module(name) for name in ACTION_MODULES]


def _defined_in(obj, module) -> bool:
    """Defined in `module`, or, for a package of actions, in one of its modules (its noun
    modules, which the package re-exports)."""
    return obj.__module__ == module.__name__ or (
        hasattr(module, "__path__") and obj.__module__.startswith(f"{module.__name__}.")
    )


def public_functions(module):
    return {
        f"{module.__name__}.{name}": obj
        for name, obj in vars(module).items()
        if inspect.isfunction(obj) and _defined_in(obj, module) and not name.startswith("_")
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
            wrapper = watched(name, original)
            # Watched where it is called from: the module named, and the noun module of an
            # actions package that the package re-exports it from.
            home = import_module(original.__module__)
            for where in {module, home}:
                originals.append((where, attribute, getattr(where, attribute)))
                setattr(where, attribute, wrapper)
        yield calls
    finally:
        for module, attribute, original in originals:
            setattr(module, attribute, original)
        post_create_historical_record.disconnect(on_history_row)
