"""The one request scope: what is read once while a request is served (the town's settings, its
calendar of closures) or while a page is drawn (a reading two parts of the page ask for), and
never kept past it.

One ContextVar, opened by one middleware for every request and by `request_scope()` for work
that is no request (a command, a batch, a test). Inside, `remembered(key, compute)` computes
once and gives the same answer after; outside, it computes every time, so a change made a moment
ago is what the next letter prints. `forget(key)` drops an answer that a change made stale (the
town's settings saved, a closure recorded).

Two lifetimes share the one variable:

- REQUEST, the whole request (or `request_scope()` block): the town and its calendar, which an
  action may read as well, and which change only through what calls `forget`;
- MOMENT, opt-in by the view that draws a page (`request_scope(MOMENT)`, as
  `stoneham_boh.lib.readings.one_moment`): readings of records an action may change, so an
  action, which never opens it, always reads what the database holds at that instant.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import TypeVar

T = TypeVar("T")

REQUEST = "request"
MOMENT = "moment"

# lifetime -> its memos, the outermost first and the one in use last; a new scope sets a new
# mapping (a copy with its own memo added), so leaving it restores exactly what the outer scope
# had, and `forget` reaches the outer memos too (a closure recorded in a scope opened within a
# request is forgotten by the request as well).
_scopes: ContextVar[dict[str, tuple[dict, ...]] | None] = ContextVar("request_scope", default=None)


def _open() -> dict[str, tuple[dict, ...]]:
    return _scopes.get() or {}


@contextmanager
def request_scope(lifetime: str = REQUEST) -> Iterator[None]:
    """Remember readings within the block (a fresh memo of that lifetime, dropped at its end)."""
    scopes = _open()
    token = _scopes.set({**scopes, lifetime: (*scopes.get(lifetime, ()), {})})
    try:
        yield
    finally:
        _scopes.reset(token)


def in_scope(lifetime: str = REQUEST) -> bool:
    return lifetime in _open()


def remembered(key: Hashable, compute: Callable[[], T], *, lifetime: str = REQUEST) -> T:
    """`compute()`, or what it gave earlier in this scope for the same key (every time outside
    a scope of that lifetime)."""
    memos = _open().get(lifetime)
    if not memos:
        return compute()
    memo = memos[-1]
    if key not in memo:
        memo[key] = compute()
    return memo[key]


def forget(key: Hashable) -> None:
    """Drop `key` from every open scope: the next reading computes it afresh."""
    for memos in _open().values():
        for memo in memos:
            memo.pop(key, None)


class RequestScopeMiddleware:
    """Opens the request's scope for the whole request, and never keeps it past the request."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        with request_scope():
            return self.get_response(request)
