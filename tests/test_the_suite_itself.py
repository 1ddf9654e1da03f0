"""The suite's own settings that a rename would quietly undo."""

from pathlib import Path

from tests.conftest import HEAVY_FIRST

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
