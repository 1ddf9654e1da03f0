"""One request scope (stoneham_boh/lib/request_scope.py): what a request reads once (the town's
settings, its calendar, a page's readings) is remembered in one ContextVar, opened by one
middleware, and nowhere else. A second memo kept by a module of its own (a ContextVar, a list
reset by the request signals) would outlive or miss a request the first one sees."""

from __future__ import annotations

import ast
from datetime import date
from pathlib import Path

import pytest
from django.conf import settings

from stoneham_boh.lib.request_scope import (
    MOMENT,
    forget,
    remembered,
    request_scope,
)

ROOT = Path(__file__).resolve().parents[2]
THE_SCOPE = "stoneham_boh/lib/request_scope.py"
NOT_SCANNED = {".venv", "tests", "migrations", "node_modules", ".git"}
# Not memos of a request: the moment history rows are dated at (`history.recorded_at`, set by
# the demo and the import), and the switch that holds back notification e-mails in a batch.
NOT_MEMOS = {"stoneham_boh/lib/history.py", "permits/portal/notifications.py"}
REQUEST_SIGNALS = {"request_started", "request_finished"}


def _project_files() -> list[Path]:
    return sorted(
        path for path in ROOT.rglob("*.py") if not NOT_SCANNED & set(path.relative_to(ROOT).parts)
    )


def _memo_kept_at(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            name = getattr(node.func, "id", getattr(node.func, "attr", ""))
            if name == "ContextVar":
                found.append(f"{path.relative_to(ROOT)}:{node.lineno} a ContextVar")
            if (
                name == "connect"
                and isinstance(node.func, ast.Attribute)
                and getattr(node.func.value, "id", "") in REQUEST_SIGNALS
            ):
                found.append(f"{path.relative_to(ROOT)}:{node.lineno} a request signal")
    return found


def test_no_module_but_the_request_scope_keeps_a_memo_of_the_request():
    found = [
        where
        for path in _project_files()
        if str(path.relative_to(ROOT)) not in {THE_SCOPE, *NOT_MEMOS}
        for where in _memo_kept_at(path)
    ]
    assert not found, "remember through stoneham_boh.lib.request_scope:\n" + "\n".join(found)


def test_the_scope_is_opened_for_every_request_by_one_middleware():
    assert "stoneham_boh.lib.request_scope.RequestScopeMiddleware" in settings.MIDDLEWARE


def test_outside_a_scope_every_reading_is_computed_again():
    reads = []
    for _ in range(2):
        remembered("k", lambda: reads.append(1) or len(reads))
    assert reads == [1, 1]


def test_within_a_scope_a_reading_is_computed_once_until_forgotten():
    reads = []

    def read():
        reads.append(1)
        return len(reads)

    with request_scope():
        assert remembered("k", read) == remembered("k", read) == 1
        forget("k")
        assert remembered("k", read) == 2
    assert remembered("k", read) == 3


def test_a_pages_moment_is_opt_in_and_sees_the_requests_readings():
    reads = []

    def read():
        reads.append(1)
        return len(reads)

    with request_scope():
        remembered("town", read)
        # An action within the request reads a record afresh: no moment is open.
        assert remembered("lot", read, lifetime=MOMENT) == 2
        assert remembered("lot", read, lifetime=MOMENT) == 3
        with request_scope(MOMENT):
            assert remembered("town", read) == 1
            assert remembered("lot", read, lifetime=MOMENT) == 4
            assert remembered("lot", read, lifetime=MOMENT) == 4
        assert remembered("lot", read, lifetime=MOMENT) == 5


@pytest.mark.django_db
def test_a_closure_recorded_within_a_request_is_counted_at_once():
    from stoneham_boh.town.calendar import town_calendar
    from stoneham_boh.town.models import TownClosure

    snow_day = date(2026, 12, 1)
    with request_scope():
        assert town_calendar().is_business_day(snow_day)
        TownClosure.objects.create(date=snow_day, reason="Snow emergency")
        assert not town_calendar().is_business_day(snow_day)


def test_a_reading_forgotten_in_an_inner_scope_is_forgotten_by_the_outer_one():
    reads = []

    def read():
        reads.append(1)
        return len(reads)

    with request_scope():
        assert remembered("calendar", read) == 1
        with request_scope():
            forget("calendar")
        assert remembered("calendar", read) == 2
