"""Every page that opens with GET, given numeric traps in every parameter it might read, never
answers with a server error (the second trust round). Beside the form fuzzer, in a module of
its own so that a parallel run gives each its own worker.

Each trap goes to every parameter at once; then, one parameter at a time (a page that refuses
one bad parameter early may never read the next), to each parameter the page shows in a form or
asks its query string for. Which it asks for is watched (`keys_asked_for`), not guessed: sending
every trap to fourteen parameters a page never reads was two thirds of the module's time.
"""

from __future__ import annotations

from contextlib import contextmanager

import pytest
from django.http import QueryDict

from stoneham_boh.lib.csv_export import XLSX_TYPE
from tests.trust.forms_on_pages import forms_in
from tests.trust.traps import NUMERIC_TRAPS
from tests.universe import client_for

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("plain_template_rendering")]

# Parameters the views read beyond their forms' fields (pagination, exports, pre-filled
# choices, the intake search), sent to every page whatever it shows.
QUERY_PARAMS = (
    "q",
    "page",
    "format",
    "lot",
    "kind",
    "what",
    "applicant",
    "applicant_q",
    "lot_q",
    "meeting",
    "application",
    "year",
    "next",
    "download",
)


# The ways a view, a form or a template asks a query string for one key (a form's widgets use
# get, getlist and `in`; a template's `request.GET.page` the item; a view's copy may pop one).
# Iterating the items or `dict()` asks for every key through the item; a copy or `urlencode`
# (pagination links) asks for none.
_ASKING = ("__getitem__", "get", "getlist", "__contains__", "pop")


@contextmanager
def keys_asked_for():
    """The keys any query string is asked for within the block, present or not."""
    asked: set[str] = set()
    own = {name: vars(QueryDict).get(name) for name in _ASKING}  # QueryDict's own, or None

    def watched(original):
        def asking(self, key, *args, **kwargs):
            asked.add(key)
            return original(self, key, *args, **kwargs)

        return asking

    for name in _ASKING:
        setattr(QueryDict, name, watched(getattr(QueryDict, name)))
    try:
        yield asked
    finally:
        for name, method in own.items():
            if method is None:
                delattr(QueryDict, name)  # inherited: the patch was QueryDict's only own
            else:
                setattr(QueryDict, name, method)


def _pages_read_by_query():
    from tests.trust.test_access_matrix import GET, MATRIX
    from tests.world import ROLES

    pages = []
    for name, (method, expected) in sorted(MATRIX.items()):
        role = next((r for r in ROLES if expected[r] == 200), None)
        if method == GET and role is not None:
            pages.append((name, role))
    return pages


@pytest.mark.parametrize("name, role", _pages_read_by_query())
def test_no_query_string_gets_a_server_error(name, role, world):
    """Every page that opens with GET, given numeric traps in every parameter it might read."""
    from tests.trust.pages import url_for

    client = client_for(role, world)
    url = url_for(name, world)
    with keys_asked_for() as asked:
        first = client.get(url)
    assert first.status_code == 200
    if first["Content-Type"].startswith(("application/pdf", "application/zip", XLSX_TYPE)):
        # A printed document (alone, or zipped with the files it prints) or a workbook reads
        # no query string, and each costs a second to render.
        return
    html = "" if first.streaming else first.content.decode()  # a CSV export or a photo
    shown = {f.name for form in forms_in(html) if form.method == "get" for f in form.fields}
    everything = sorted(shown | asked | set(QUERY_PARAMS))
    failures = []
    with keys_asked_for() as asked_with_values:
        for trap in NUMERIC_TRAPS:
            response = client.get(url, dict.fromkeys(everything, trap))
            if response.status_code >= 500:
                failures.append(("every parameter", trap))
            if not (shown or asked or asked_with_values):
                break  # a page that asks its query string for nothing: no trap can reach it
    for param in sorted(shown | asked | asked_with_values):
        for trap in ("²", "9" * 4301, "1e999999"):
            response = client.get(url, {param: trap})
            if response.status_code >= 500:
                failures.append((param, trap[:12]))
    assert not failures, f"{url}: server errors for {failures}"
