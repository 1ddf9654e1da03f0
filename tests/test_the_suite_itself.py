"""The suite's own settings that a rename would quietly undo."""

from pathlib import Path
from types import SimpleNamespace

from tests import heavy_first
from tests.our_apps import OUR_APP_CONFIGS
from tests.seeds import digest_of

ROOT = Path(__file__).resolve().parent.parent


def _items(*nodeids):
    return [SimpleNamespace(nodeid=nodeid) for nodeid in nodeids]


def test_the_heavy_modules_go_first_most_first_and_the_rest_keep_their_order():
    items = _items(
        "tests/a.py::one",
        "tests/slow.py::one",
        "tests/b.py::one",
        "tests/slower.py::one",
        "tests/slow.py::two",
        "tests/light.py::one",
    )
    measured = {"tests/slower.py": 95, "tests/slow.py": 12, "tests/light.py": 3}
    heavy_first.heavy_first(items, measured)
    assert [item.nodeid for item in items] == [
        "tests/slower.py::one",
        "tests/slow.py::one",
        "tests/slow.py::two",
        "tests/a.py::one",
        "tests/b.py::one",
        "tests/light.py::one",
    ]


def test_a_run_keeps_the_record_without_anyone_editing_it(tmp_path):
    (tmp_path / "tests").mkdir()
    for name in ("renamed.py", "kept.py", "partly.py", "lighter.py"):
        (tmp_path / "tests" / name).write_text("")
    known = {
        "tests/gone.py": 40,
        "tests/kept.py": 30,
        "tests/partly.py": 20,
        "tests/lighter.py": 15,
    }
    watch = heavy_first.Stopwatch()
    for module, seconds in (("renamed", 25.4), ("partly", 2.0), ("lighter", 4.0)):
        watch.add(SimpleNamespace(nodeid=f"tests/{module}.py::test", duration=seconds))
    watch.left_out(_items("tests/partly.py::other"))
    # A module gone is forgotten, one measured heavy for the first time joins, one run only in
    # part keeps its figure, one now light leaves the list.
    assert watch.merged(known, root=tmp_path) == {
        "tests/kept.py": 30,
        "tests/renamed.py": 25,
        "tests/partly.py": 20,
    }
    record = tmp_path / "seconds.json"
    heavy_first.write_record("sqlite3", {"tests/kept.py": 30}, path=record)
    heavy_first.write_record("postgresql", {"tests/renamed.py": 25}, path=record)
    assert heavy_first.read_record(record) == {
        "sqlite3": {"tests/kept.py": 30},
        "postgresql": {"tests/renamed.py": 25},
    }


def test_the_seeds_do_not_follow_the_measured_seconds(tmp_path):
    # Every run may rewrite the record: were it source, the stateful machine would search other
    # sequences after a local run than CI does for the same tree.
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "test_x.py").write_text("def test(): pass\n")
    before = digest_of(tmp_path)
    (tmp_path / "tests" / "module_seconds.json").write_text('{"sqlite3": {}}')
    assert digest_of(tmp_path) == before
    (tmp_path / "tests" / "test_x.py").write_text("def test(): assert 1\n")
    assert digest_of(tmp_path) != before


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
