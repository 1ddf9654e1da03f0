"""One moment's readings: while a page is drawn, a reading that two parts of it ask for (the
rules' facts and the renewal's summary both ask for the lot's inspections) is read once.

Opt-in, by the view that draws the page (`with one_moment():`): an action never opens it, so
what an action reads is always what the database holds at that instant.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import TypeVar

T = TypeVar("T")
_memo: ContextVar[dict | None] = ContextVar("one_moment", default=None)


@contextmanager
def one_moment() -> Iterator[None]:
    token = _memo.set({})
    try:
        yield
    finally:
        _memo.reset(token)


def remembered(key: Hashable, read: Callable[[], T]) -> T:
    """`read()`, or what it gave earlier in this moment for the same key."""
    memo = _memo.get()
    if memo is None:
        return read()
    if key not in memo:
        memo[key] = read()
    return memo[key]


def prefetched(record, relation: str) -> list | None:
    """The rows of `record.<relation>` that `prefetch_related` loaded, or None when it loaded
    none: the one reading of Django's private cache of them (`_prefetched_objects_cache`), so
    that a reading can use what a page loaded and query only when it did not."""
    return getattr(record, "_prefetched_objects_cache", {}).get(relation)
