"""An application's docket items as a page or the bulk re-check loaded them
(permits.facts_loading prefetches them, with their abutter letters).

Hearings' readings of them (the notice's cost, the disputed votes that hold a permit) read what
was loaded through here, on the convention of stoneham_boh/lib/readings.py: hearings never
imports permits' loader, which itself imports hearings' models (no circle, issue 35).
"""

from __future__ import annotations

from stoneham_boh.lib.readings import BULK, loaded_rows, prefetched


def docket_items_of(application) -> list:
    """The application's docket items with their abutter letters, as the page loaded them
    (load_facts), else read now."""
    return loaded_rows(application, "docket_items")


def loaded_docket_items(application) -> list | None:
    """The application's docket items as a page or the bulk re-check loaded them; None when
    neither did (the caller then asks the database only what it needs)."""
    rows = getattr(application, BULK + "docket_items", None)
    if rows is None:
        rows = prefetched(application, "docket_items")
    return rows
