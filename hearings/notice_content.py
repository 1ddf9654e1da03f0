"""What a hearing's notices described of the keeping, and what changed since (§20-20(9)): the
content a legal notice keeps (each item's words and the rules' facts of its keeping on the day,
permits.keeping) and the request compared with every notice given. What was noticed is what
the Board decides. The words are hearings.notice_text's; who was mailed when,
hearings.notice_timing's.
"""

from __future__ import annotations

from datetime import date

from hearings.models import DocketItem
from hearings.notice_text import CITATION, content_entry, request_entry, text_gaps
from hearings.notice_timing import noticed_item
from permits.keeping import compare_all, keeping_facts


def notice_entry(item: DocketItem, on: date, *, with_facts: bool = True, application=None) -> dict:
    """What the legal notice says of one docket item, as facts: the applicant, the address,
    the animals and counts and the structures asked for, and the rules' facts of the keeping
    on `on` (what the Board may decide is no more than this)."""
    application = application or item.application
    entry = request_entry(item, application=application)
    entry["facts"] = keeping_facts(application, on) if with_facts else None
    return entry


def legal_notice_content(notice_text: str, items, on: date) -> list[dict]:
    """The structured content of a legal notice of `items`, with each item's gaps in
    `notice_text`."""
    content = []
    for item in items:
        entry = notice_entry(item, on)
        entry["gaps"] = text_gaps(notice_text, entry)
        content.append(entry)
    return content


def noticed_snapshots(item: DocketItem) -> list[dict]:
    """The rules' facts of the keeping as each notice of `item`'s hearing described it: the
    letters (one snapshot for each mailing day that described it differently) and the legal
    notice once sent."""
    noticed = noticed_item(item)
    # The letters mailed (a printing not yet mailed described nothing to anyone).
    snapshots = [
        entry["facts"] for entry in noticed.noticed_facts or [] if not entry.get("printed_at")
    ]
    notice = getattr(noticed.meeting, "legal_notice", None)
    if notice is not None and notice.sent_on is not None:
        entry = content_entry(notice, noticed)
        if entry is not None and entry.get("facts"):
            snapshots.append(entry["facts"])
    return snapshots


def changes_since_notice(item: DocketItem, *, application=None):
    """How the request differs from what the notices described (the one comparison,
    permits.keeping, on the facts as the rules read them); None before any notice went out."""
    snapshots = noticed_snapshots(item)
    if not snapshots:
        return None
    application = application or item.application
    return compare_all(snapshots, keeping_facts(application, None))


def stale_notice_refusals(item: DocketItem, *, application=None) -> list[str]:
    """Why the notice given no longer covers the request; empty when it does (§20-20(9))."""
    changes = changes_since_notice(item, application=application)
    if changes is None or not changes.enlargements:
        return []
    return [
        "Since the notice was given, the request was enlarged ("
        + "; ".join(changes.enlargements)
        + f"). What was noticed is what the Board decides: a new notice is needed ({CITATION})."
    ]
