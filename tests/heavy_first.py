"""The modules that take a worker ten seconds or more go first, most first, as the suite itself
last measured them.

pytest-xdist hands out a module at a time in the order collected (`--dist loadfile
--no-loadscope-reorder`, the Makefile): a heavy module started when the other worker is nearly
done makes the whole run wait for it. Every run adds up how long each module it ran whole took
(setup, call and teardown of each test), per database, and keeps the heavy ones in
`tests/module_seconds.json`; the next run hands those out first. A module renamed or new is
measured on its first whole run, a module gone is forgotten, a module run in part (`-k`, a
marker left out) keeps its last figure: nobody keeps the list by hand. The record is a
measurement, not source: the seeds' digest leaves it out (tests/seeds.py).
"""

from __future__ import annotations

import json
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RECORD = ROOT / "tests" / "module_seconds.json"
HEAVY_SECONDS = 10


def module_of(nodeid: str) -> str:
    return nodeid.split("::", 1)[0]


def read_record(path: Path = RECORD) -> dict[str, dict[str, int]]:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (FileNotFoundError, ValueError):
        return {}


def heavy_first(items: list, seconds: dict[str, int]) -> None:
    """Sort `items` in place: the heavy modules' tests first, most first; the rest after them in
    the order collected (a stable sort)."""

    def weight(item) -> int:
        taken = seconds.get(module_of(item.nodeid), 0)
        return -taken if taken >= HEAVY_SECONDS else 0

    items.sort(key=weight)


class Stopwatch:
    """What one run measured: seconds by module, and the modules it did not run whole."""

    def __init__(self) -> None:
        self.seconds: dict[str, float] = defaultdict(float)
        self.partial: set[str] = set()

    def left_out(self, items) -> None:
        self.partial.update(module_of(item.nodeid) for item in items)

    def add(self, report) -> None:
        self.seconds[module_of(report.nodeid)] += report.duration

    def merged(self, known: dict[str, int], root: Path = ROOT) -> dict[str, int]:
        """`known` brought up to date: the modules measured whole replace their figure (or leave
        the list, under ten seconds), the modules gone from the tree leave it."""
        kept = {module: taken for module, taken in known.items() if (root / module).is_file()}
        for module, taken in self.seconds.items():
            if module in self.partial:
                continue
            if taken >= HEAVY_SECONDS:
                kept[module] = round(taken)
            else:
                kept.pop(module, None)
        return dict(sorted(kept.items(), key=lambda pair: (-pair[1], pair[0])))


def write_record(database: str, seconds: dict[str, int], path: Path = RECORD) -> None:
    record = read_record(path)
    if record.get(database) == seconds:
        return
    record[database] = seconds
    path.write_text(json.dumps(record, indent=1, sort_keys=True) + "\n", encoding="utf-8")
