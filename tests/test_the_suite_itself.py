"""The suite's own settings that a rename would quietly undo."""

from pathlib import Path

from tests.conftest import HEAVY_FIRST

ROOT = Path(__file__).resolve().parent.parent


def test_every_module_scheduled_first_still_exists():
    # A module renamed without its entry would be handed out last again, and a worker would
    # start it when the other is nearly done.
    missing = [path for path in HEAVY_FIRST if not (ROOT / path).is_file()]
    assert not missing, f"HEAVY_FIRST names modules that are gone: {missing}"
