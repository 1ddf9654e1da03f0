"""``manage.py check_rules FILE|-``: JSON in, JSON out, exit 0 / 2 / 1 as the contract says.

The end-to-end tests run the real ``manage.py`` in a subprocess (skipped until it exists); the
in-process tests drive the command class directly, so they need no settings or database.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from permits.management.commands.check_rules import Command
from tests.rules.samples import sample_facts

REPO = Path(__file__).resolve().parents[2]
MANAGE = REPO / "manage.py"

VALID = sample_facts("goats")
INVALID = sample_facts("goats") | {"animals": [{"species": "goat", "count": -1}]}


def write(tmp_path: Path, data, name: str = "facts.json") -> Path:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return path


# --- in process ------------------------------------------------------------------------------


def run_command(*argv: str, stdin: str | None = None, monkeypatch=None):
    """(exit status, stdout, message of the CommandError or "")."""
    out, err = io.StringIO(), io.StringIO()
    command = Command(stdout=out, stderr=err)
    options = vars(command.create_parser("manage.py", "check_rules").parse_args(list(argv)))
    if stdin is not None:
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    try:
        command.execute(**options)
    except Exception as error:  # CommandError carries the exit status
        return getattr(error, "returncode", None), out.getvalue(), str(error)
    return 0, out.getvalue(), ""


def test_command_needs_no_checks_and_no_database():
    assert Command.requires_system_checks == []
    assert Command.requires_migrations_checks is False


def test_one_valid_object_prints_one_result_and_exits_0(tmp_path):
    status, out, _ = run_command(str(write(tmp_path, VALID)))
    assert status == 0
    result = json.loads(out)
    assert (result["permit_required"], result["eligible"]) == (True, True)


def test_a_list_prints_a_list_in_the_same_order(tmp_path):
    horses = sample_facts("horses")
    horses["lot"]["area_acres"] = 1
    status, out, _ = run_command(str(write(tmp_path, [VALID, horses, VALID])))
    assert status == 0
    assert [r["eligible"] for r in json.loads(out)] == [True, False, True]


def test_an_invalid_item_holds_its_error_and_the_others_are_evaluated(tmp_path):
    status, out, message = run_command(str(write(tmp_path, [VALID, INVALID, VALID])))
    assert status == 2
    results = json.loads(out)
    assert results[1] == {"error": {"path": "animals[0].count", "message": "must not be negative"}}
    assert results[0]["eligible"] and results[2]["eligible"]
    assert message == "1 of 3 items was invalid"


def test_a_single_invalid_object_exits_2(tmp_path):
    status, out, _ = run_command(str(write(tmp_path, INVALID)))
    assert status == 2
    assert json.loads(out)["error"]["path"] == "animals[0].count"


def test_standard_input_with_a_dash(monkeypatch):
    status, out, _ = run_command("-", stdin=json.dumps([VALID]), monkeypatch=monkeypatch)
    assert status == 0
    assert json.loads(out)[0]["eligible"] is True


def test_an_empty_list_prints_an_empty_list(tmp_path):
    assert run_command(str(write(tmp_path, [])))[:2] == (0, "[]\n")


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        ("not json", "is not valid JSON"),
        ("", "is not valid JSON"),
        ("[" * 100_000, "valid JSON"),
        ('{"a": NaN', "is not valid JSON"),
    ],
)
def test_text_that_is_not_json_exits_1(tmp_path, content, expected):
    status, out, message = run_command(str(write(tmp_path, content)))
    assert (status, out) == (1, "")
    assert expected in message


def test_a_missing_file_exits_1(tmp_path):
    status, out, message = run_command(str(tmp_path / "nope.json"))
    assert (status, out) == (1, "")
    assert message.startswith("cannot read")


def test_a_file_that_is_not_utf8_exits_1(tmp_path):
    path = tmp_path / "latin1.json"
    path.write_bytes(b'{"x": "\xff"}')
    assert run_command(str(path))[0] == 1


# --- through manage.py -----------------------------------------------------------------------

needs_manage = pytest.mark.skipif(not MANAGE.exists(), reason="manage.py is not there yet")


def manage(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    env = os.environ | {"DJANGO_SETTINGS_MODULE": "stoneham_boh.settings"}
    return subprocess.run(
        [sys.executable, str(MANAGE), "check_rules", *args],
        cwd=REPO,
        input=stdin,
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )


@needs_manage
def test_manage_py_valid_object_exits_0(tmp_path):
    done = manage(str(write(tmp_path, VALID)))
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["eligible"] is True


@needs_manage
def test_manage_py_valid_list_exits_0(tmp_path):
    done = manage(str(write(tmp_path, [VALID, sample_facts("pigeons")])))
    assert done.returncode == 0, done.stderr
    assert [r["eligible"] for r in json.loads(done.stdout)] == [True, True]


@needs_manage
def test_manage_py_list_with_an_invalid_item_exits_2(tmp_path):
    done = manage(str(write(tmp_path, [VALID, INVALID])))
    assert done.returncode == 2, done.stderr
    results = json.loads(done.stdout)
    assert results[1]["error"]["path"] == "animals[0].count"
    assert "eligible" in results[0]
    assert "Traceback" not in done.stderr


@needs_manage
@pytest.mark.parametrize("content", [None, "this is not json"])
def test_manage_py_unreadable_or_not_json_exits_1_without_traceback(tmp_path, content):
    path = tmp_path / "absent.json" if content is None else write(tmp_path, content)
    done = manage(str(path))
    assert done.returncode == 1
    assert done.stdout == ""
    assert "Traceback" not in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1


@needs_manage
def test_manage_py_reads_standard_input():
    done = manage("-", stdin=json.dumps(VALID))
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["permit_required"] is True


def test_indent_prints_the_same_results_readably(tmp_path):
    path = str(write(tmp_path, [VALID, INVALID]))
    status, compact, _ = run_command(path)
    status_indented, indented, _ = run_command(path, "--indent", "2")
    assert status == status_indented == 2
    assert json.loads(indented) == json.loads(compact)
    assert "\n  " in indented


def test_an_unnamed_other_domestic_animal_is_invalid_and_the_rest_still_evaluated(tmp_path):
    named = sample_facts("goats") | {
        "animals": [{"species": "other_domestic", "name": "ferret", "count": 1}]
    }
    unnamed = sample_facts("goats") | {"animals": [{"species": "other_domestic", "count": 1}]}
    status, out, _ = run_command(str(write(tmp_path, [named, unnamed])))
    assert status == 2
    first, second = json.loads(out)
    assert first["eligible"] is True
    assert second["error"]["path"] == "animals[0].name"


def test_the_shared_examples_of_revision_2_run_through_the_command(tmp_path):
    examples = json.loads((Path(__file__).parent / "data" / "contract_examples.json").read_text())
    status, out, _ = run_command(str(write(tmp_path, [e["facts"] for e in examples])))
    assert status == 0
    results = json.loads(out)
    assert [r["eligible"] for r in results] == [e["expect"]["eligible"] for e in examples]


def test_the_first_day_of_the_term_is_read_and_judged(tmp_path):
    renewal = sample_facts("horses")
    renewal["lot"]["area_acres"] = 2.2
    renewal["application"]["term_begins"] = "2028-01-01"
    renewal["variances"] = [{"rule": "20-17.1", "granted": True, "expires": "2027-12-31"}]
    this_year = json.loads(json.dumps(renewal))
    del this_year["application"]["term_begins"]
    status, out, _ = run_command(str(write(tmp_path, [renewal, this_year])))
    assert status == 0
    assert [r["eligible"] for r in json.loads(out)] == [False, True]
