"""``manage.py clocks RULE WHEN``: one ISO line out, or exit 2 with a one-line reason."""

from __future__ import annotations

import os
import subprocess
import sys
from datetime import date

import pytest
from django.core.management import execute_from_command_line

from stoneham_boh.town.models import TownClosure

pytestmark = pytest.mark.django_db


def clocks(capsys, *args) -> tuple[int, str, str]:
    try:
        execute_from_command_line(["manage.py", "clocks", *args])
        code = 0
    except SystemExit as exit_:
        code = exit_.code
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(
    ("rule", "when", "printed"),
    [
        ("oml-posting", "2026-11-27T19:00", "2026-11-24T19:00"),
        ("oml-posting", "2026-12-01T19:00", "2026-11-27T19:00"),  # Tuesday 7 pm -> Friday
        ("oml-posting", "2026-01-20T19:00", "2026-01-15T19:00"),  # after MLK Day
        ("records-request", "2026-11-25", "2026-12-10"),
        ("records-request", "2026-11-21", "2026-12-08"),  # a Saturday: received Monday
        ("abutter-notice", "2026-12-15", "2026-12-01"),  # 14 days, a Tuesday
        ("abutter-notice", "2026-12-06", "2026-11-20"),  # Sunday the 22nd: moved earlier
        # The Thursday on or before December 1 is Thanksgiving: the issue before it.
        ("newspaper-notice", "2026-12-15", "2026-11-19"),
        ("newspaper-notice", "2027-01-05", "2026-12-17"),  # the Thursday paper on or before
    ],
)
def test_each_clock_prints_one_iso_line(capsys, rule, when, printed):
    code, out, err = clocks(capsys, rule, when)
    assert (code, out, err) == (0, printed + "\n", "")


def test_holidays_prints_the_years_legal_holidays_one_a_line(capsys):
    code, out, _ = clocks(capsys, "holidays", "2027")
    assert code == 0
    lines = out.splitlines()
    assert len(lines) == 12 and "2027-07-05" in lines and "2027-06-19" in lines


def test_a_town_closure_moves_the_records_deadline(capsys):
    TownClosure.objects.create(date=date(2026, 12, 1), reason="Snow emergency")
    assert clocks(capsys, "records-request", "2026-11-25")[1] == "2026-12-11\n"


@pytest.mark.parametrize(
    "args",
    [
        ("bogus", "2026-01-01"),
        ("oml-posting", "2026-11-27"),  # a date without a time
        ("records-request", "next tuesday"),
        ("holidays", "20x6"),
        ("holidays", "99999"),
        ("records-request", "9999-12-31"),
        ("records-request",),
        (),
    ],
)
def test_a_bad_argument_exits_2_with_one_line(capsys, args):
    code, out, err = clocks(capsys, *args)
    assert code == 2
    assert out == ""
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_a_database_not_yet_migrated_says_to_run_migrate(tmp_path):
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{tmp_path}/fresh.sqlite3"}
    env["VAR_DIR"] = str(tmp_path)
    done = subprocess.run(
        [sys.executable, "manage.py", "clocks", "records-request", "2026-11-21"],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert done.returncode == 1
    assert "run `manage.py migrate` first" in done.stderr
    assert "Traceback" not in done.stderr
