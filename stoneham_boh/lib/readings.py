"""One moment's readings: while a page is drawn, a reading that two parts of it ask for (the
rules' facts and the renewal's summary both ask for the lot's inspections) is read once; and the
readings of what a page or a bulk load already fetched (`prefetched`, `loaded_rows`), one
convention for every app, so a reading in one app uses what another's loader fetched.

Opt-in, by the view that draws the page (`with one_moment():`): an action never opens it, so
what an action reads is always what the database holds at that instant. The memo is the request
scope's (stoneham_boh/lib/request_scope.py), of its MOMENT lifetime.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from typing import TypeVar

from stoneham_boh.lib import request_scope

T = TypeVar("T")


@contextmanager
def one_moment() -> Iterator[None]:
    with request_scope.request_scope(request_scope.MOMENT):
        yield


def remembered(key: Hashable, read: Callable[[], T]) -> T:
    """`read()`, or what it gave earlier in this moment for the same key."""
    return request_scope.remembered(key, read, lifetime=request_scope.MOMENT)


def prefetched(record, relation: str) -> list | None:
    """The rows of `record.<relation>` that `prefetch_related` loaded, or None when it loaded
    none: the one reading of Django's private cache of them (`_prefetched_objects_cache`), so
    that a reading can use what a page loaded and query only when it did not."""
    return getattr(record, "_prefetched_objects_cache", {}).get(relation)


# The prefix of the plain lists a bulk load attaches (`Prefetch(relation, to_attr=BULK +
# relation)`, permits.facts_loading.bulk_prefetches): here, beside their reading, so that the
# readings of each app (hearings' docket items, permits' facts) know it without the loader.
BULK = "facts_"


def loaded_rows(record, relation: str) -> list:
    """The rows of `record.<relation>`: the list a bulk load attached (BULK), else `.all()`
    (prefetched by a page, or one query)."""
    rows = getattr(record, BULK + relation, None)
    return rows if rows is not None else list(getattr(record, relation).all())
