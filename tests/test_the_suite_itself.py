"""The suite's own settings that a rename would quietly undo."""

from pathlib import Path

from tests.conftest import HEAVY_FIRST
from tests.our_apps import OUR_APP_CONFIGS

ROOT = Path(__file__).resolve().parent.parent


def test_every_module_scheduled_first_still_exists():
    # A module renamed without its entry would be handed out last again, and a worker would
    # start it when the other is nearly done.
    missing = [path for path in HEAVY_FIRST if not (ROOT / path).is_file()]
    assert not missing, f"HEAVY_FIRST names modules that are gone: {missing}"


def test_every_test_of_the_migrations_is_where_their_pass_looks():
    # The suite leaves the marker `migrations` out, and `make test-migrations` collects only
    # tests/migrations/: a test of the migrations anywhere else would never run.
    elsewhere = [
        str(path.relative_to(ROOT))
        for path in (ROOT / "tests").rglob("test_*.py")
        if path.parent != ROOT / "tests" / "migrations"
        and path != Path(__file__).resolve()
        and "pytest.mark.migrations" in path.read_text()
    ]
    assert not elsewhere, f"move these to tests/migrations/: {elsewhere}"
    assert list((ROOT / "tests" / "migrations").glob("test_*.py"))


# The action modules whose tests are named for their workflow, not mirrored (each a module of a
# feature whose tests are one story), with the test module that stands for the mirrored one.
TESTED_BY_WORKFLOW = {
    "stoneham_boh/actions.py": "tests/trust/test_two_factor.py",  # the one action: a reset
    "stoneham_boh/town/actions.py": "tests/town/test_standing_texts.py",
    "permits/amendments/actions.py": "tests/permits/test_amendments.py",
    "permits/online/actions.py": "tests/permits/online/test_apply_online.py",
    "permits/portal/actions.py": "tests/permits/portal/test_portal_invitations.py",
    # The corrections of every app are one workflow, audited together.
    "permits/corrections/actions.py": "tests/permits/test_corrections.py",
    "facilities/corrections/actions.py": "tests/permits/test_corrections.py",
    "hearings/corrections/actions.py": "tests/permits/test_corrections.py",
    "records/actions.py": "tests/records/test_records_requests.py",
}


def action_modules() -> dict[str, str]:
    """Every action module of an installed app of ours, as its path, with the test module the
    mirroring rule gives it: `<app>/actions.py` -> `tests/<app>/test_actions.py`,
    `<app>/<sub>/actions.py` -> `tests/<app>/<sub>/test_actions.py`, and a noun module of an
    actions package `<app>/actions/<noun>.py` -> `tests/<app>/actions/test_<noun>.py` (`<app>`
    in tests/ is the app's label: stoneham_boh/town/ is tested in tests/town/)."""
    folders = {Path(config.path).resolve(): config.label for config in OUR_APP_CONFIGS}
    found = {}
    for folder, label in folders.items():
        for path in sorted(folder.rglob("*.py")):
            # A module of a nested app (stoneham_boh/town/) is that app's.
            owner = max((f for f in folders if path.is_relative_to(f)), key=lambda f: len(f.parts))
            relative = path.relative_to(folder)
            if owner != folder or path.name.startswith("_") or "migrations" in relative.parts:
                continue
            if path.name == "actions.py" or relative.parent.name == "actions":
                test = Path("tests", label, relative.parent, f"test_{path.name}")
                found[path.relative_to(ROOT).as_posix()] = test.as_posix()
    return found


def test_every_action_module_has_its_test_module_where_the_layout_mirrors_it():
    """The first guess for an action's tests (README, "Layout"): the mirrored module. Fails in
    a branch until the action packages and their tests have both moved (issue 35)."""
    modules = action_modules()
    assert "hearings/actions/minutes.py" in modules  # the scan sees a package's noun modules
    assert set(TESTED_BY_WORKFLOW) <= set(modules), "an exception names no action module"
    missing = [
        f"{module}: {test}"
        for module, test in sorted(modules.items())
        if not (ROOT / TESTED_BY_WORKFLOW.get(module, test)).is_file()
    ]
    assert not missing, "no test module where the layout says:\n" + "\n".join(missing)
