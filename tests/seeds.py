"""The seed of a searching test (the stateful machine, the form fuzzing) when none is given.

It is a digest of the source tree: the code, the templates and the tests. A change to any of
them searches sequences and inputs the tree before it did not, and the same tree searches the
same ones wherever it runs: what CI finds, a run here finds too, before it is submitted. A seed
given in the environment replays a run; `random` draws a fresh one, to search further.
"""

from __future__ import annotations

import hashlib
import os
import random
from functools import cache
from pathlib import Path

from django.conf import settings

# What is not source: the virtual environment, run data, the built assets, the docs.
_NOT_SOURCE = {"var", "static", "docs", "node_modules"}
_SOURCE_SUFFIXES = {".py", ".html", ".txt", ".json", ".toml"}
# A measurement every run may rewrite (tests/heavy_first.py): a seed that followed it would
# search other sequences here than in CI for one tree.
_MEASURED = {"tests/module_seconds.json"}


@cache
def _tree_digest() -> bytes:
    return digest_of(Path(settings.BASE_DIR))


def digest_of(root: Path) -> bytes:
    digest = hashlib.sha256()
    tops = sorted(
        p for p in root.iterdir() if p.is_dir() and p.name not in _NOT_SOURCE and p.name[0] != "."
    )
    for top in tops:
        for path in sorted(top.rglob("*")):
            name = path.relative_to(root).as_posix()
            if (
                path.suffix in _SOURCE_SUFFIXES
                and "__pycache__" not in path.parts
                and name not in _MEASURED
            ):
                digest.update(name.encode())
                digest.update(path.read_bytes())
    return digest.digest()


def seed(variable: str, *salt: str) -> int:
    """The seed named by `variable` in the environment, else the tree's (with `salt`, so that
    two runs of one tree, say one on each database, search different sequences)."""
    given = os.environ.get(variable, "")
    if given == "random":
        return random.SystemRandom().randrange(2**32)
    if given:
        return int(given)
    digest = hashlib.sha256(_tree_digest() + "\0".join((variable, *salt)).encode()).digest()
    return int.from_bytes(digest[:4], "big")
