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


# The action modules whose tests are one workflow story told across apps, not mirrored, with
# the test module that stands for the mirrored one.
TESTED_BY_WORKFLOW = {
    # The one action, a reset, is one step of the two-factor story told in the trust tests.
    "stoneham_boh/actions.py": "tests/trust/test_two_factor.py",
    # The corrections of every app are one workflow, tested together with the permits' own.
    "facilities/corrections/actions.py": "tests/permits/corrections/test_actions.py",
    "hearings/corrections/actions.py": "tests/permits/corrections/test_actions.py",
}


def action_modules() -> dict[str, str]:
    """Every action module of an installed app of ours, as its path in the repository, with the
    test module the mirroring rule gives it: the same path under tests/, the file's name prefixed
    `test_`. So `<path>/actions.py` -> `tests/<path>/test_actions.py` and a noun module of an
    actions package `<path>/actions/<noun>.py` -> `tests/<path>/actions/test_<noun>.py`
    (stoneham_boh/town/actions.py is tested in tests/stoneham_boh/town/test_actions.py: the
    path, not the app's label)."""
    found = {}
    for config in OUR_APP_CONFIGS:
        for path in sorted(Path(config.path).resolve().rglob("*.py")):
            relative = path.relative_to(ROOT)
            if path.name.startswith("_") or "migrations" in relative.parts:
                continue
            if path.name == "actions.py" or relative.parent.name == "actions":
                test = Path("tests", relative.parent, f"test_{path.name}")
                # A nested app's modules (stoneham_boh/town/) are found from both apps: one path.
                found[relative.as_posix()] = test.as_posix()
    return found


def test_every_action_module_has_its_test_module_where_the_layout_mirrors_it():
    """The first guess for an action's tests (README, "Layout"): the mirrored module (issue 35),
    or the one workflow module an exception names."""
    modules = action_modules()
    assert "hearings/actions/minutes.py" in modules  # the scan sees a package's noun modules
    assert set(TESTED_BY_WORKFLOW) <= set(modules), "an exception names no action module"
    missing = [
        f"{module}: {test}"
        for module, test in sorted(modules.items())
        if not (ROOT / TESTED_BY_WORKFLOW.get(module, test)).is_file()
    ]
    assert not missing, "no test module where the layout says:\n" + "\n".join(missing)
