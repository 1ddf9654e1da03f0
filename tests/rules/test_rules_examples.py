"""The contract's worked examples: blocking and waived rule sets must come out exactly.

Both the shared copy (``../shared/rules-examples.json`` beside the repository, as in CI) and the
copy kept in ``tests/rules/data`` are checked, so the tests run without ``shared/`` too.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from permits.rules import check

HERE = Path(__file__).resolve()
SHARED = HERE.parents[2].parent / "shared" / "rules-examples.json"
LOCAL = HERE.parent / "data" / "contract_examples.json"
BLOCKING = {"fail", "missing", "pending"}


def _load(path: Path) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else []


def _cases(path: Path, label: str):
    examples = _load(path)
    if not examples:
        return [
            pytest.param(
                None,
                id=f"{label}-absent",
                marks=pytest.mark.skip(
                    reason=f"{path} not found (shared/ is not beside the repository)"
                ),
            )
        ]
    return [pytest.param(example, id=f"{label}-{example['name']}") for example in examples]


def _assert_example(example: dict) -> None:
    result = check(example["facts"])
    assert "error" not in result, result
    expect = example["expect"]
    blocking = {f["rule"] for f in result["findings"] if f["status"] in BLOCKING}
    waived = {f["rule"] for f in result["findings"] if f["status"] == "waived"}
    assert result["permit_required"] is expect["permit_required"]
    assert result["eligible"] is expect["eligible"]
    assert blocking == set(expect["blocking"])
    assert waived == set(expect["waived"])


@pytest.mark.parametrize("example", _cases(SHARED, "shared"))
def test_shared_worked_example(example):
    _assert_example(example)


@pytest.mark.parametrize("example", _cases(LOCAL, "local"))
def test_local_copy_of_worked_example(example):
    _assert_example(example)


def test_local_copy_matches_the_shared_examples():
    if not SHARED.exists():
        pytest.skip(f"{SHARED} not found")
    shared = {example["name"]: example for example in _load(SHARED)}
    local = {example["name"]: example for example in _load(LOCAL)}
    missing = sorted(set(shared) - set(local))
    assert not missing, f"copy these new examples into {LOCAL.name}: {missing}"
