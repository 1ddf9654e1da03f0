"""Who on an application's certified abutter list must be noticed: the live abutters and those
struck off, with the day of each strike. The one reading of them, for the facts adapter and the
notices' timing alike (hearings.notice_timing, which reads nothing of permits: the facts adapter
reads it). It reads what the page loaded (permits.facts_loading.load_facts() sets the two
attributes below on each list, or a prefetch of the list's abutters), else queries.
"""

from __future__ import annotations

from facilities.models import Abutter
from stoneham_boh.lib.readings import prefetched

# The attribute _load_live_abutter_ids() sets on each abutter list.
LIVE_ABUTTER_IDS = "live_abutter_ids"

# The attribute _load_live_abutter_ids() sets on each abutter list: its struck abutters.
STRUCK_ABUTTERS = "struck_abutters_loaded"


def live_abutter_ids(application) -> set[int]:
    """Ids of the abutters on the application's certified list who were not struck off.

    The one reading of who must be noticed: it filters whatever the caller loaded (the ids
    permits.facts_loading.load_facts() read, all the abutters, or only the live ones), so every
    page and action counts the same abutters.
    """
    abutter_list = getattr(application, "abutter_list", None)
    if abutter_list is None:
        return set()
    loaded = getattr(abutter_list, LIVE_ABUTTER_IDS, None)
    if loaded is not None:
        return set(loaded)
    cached = prefetched(abutter_list, "abutters")
    if cached is not None:
        return {a.id for a in cached if not a.voided}
    return set(abutter_list.abutters.filter(voided=False).values_list("id", flat=True))


def struck_abutters(application) -> list:
    """The abutters struck from the application's certified list, with the day of each strike
    (hearings.notice_timing judges whether each came before the letters): loaded with the facts by
    permits.facts_loading.load_facts(), else one small query. Only their ids and days are read."""
    abutter_list = getattr(application, "abutter_list", None)
    if abutter_list is None:
        return []
    loaded = getattr(abutter_list, STRUCK_ABUTTERS, None)
    if loaded is not None:
        return loaded
    cached = prefetched(abutter_list, "abutters")
    # A prefetch that loaded the day of each strike (prefetches(): every abutter of the list).
    if cached is not None and all("voided_on" not in a.get_deferred_fields() for a in cached):
        return [a for a in cached if a.voided]
    return list(_struck().filter(abutter_list=abutter_list))


def _struck():
    return (
        Abutter.objects.filter(voided=True)
        .only("id", "abutter_list_id", "voided", "voided_on")
        .order_by("id")
    )
