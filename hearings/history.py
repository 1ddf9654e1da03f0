"""Which records make up the history of a meeting and of a docket item."""

from __future__ import annotations

from stoneham_boh.lib.history import Entry, combined_history, history_of


def meeting_history(meeting) -> list[Entry]:
    from hearings.models import DocketItem, LegalNotice, Meeting

    return combined_history(
        [
            (history_of(Meeting).filter(id=meeting.pk), lambda r: "Meeting"),
            (history_of(LegalNotice).filter(meeting_id=meeting.pk), lambda r: "Legal notice"),
            (
                history_of(DocketItem).filter(meeting_id=meeting.pk),
                lambda r: f"Docket item: application #{r.application_id}",
            ),
        ]
    )


def docket_item_history(item) -> list[Entry]:
    from hearings.models import AbutterNotice, Decision, DocketItem, Variance, Vote

    return combined_history(
        [
            (history_of(DocketItem).filter(id=item.pk), lambda r: "Docket item"),
            (
                history_of(AbutterNotice).filter(docket_item_id=item.pk).select_related("abutter"),
                lambda r: f"Notice to {r.abutter.owner_names}",
            ),
            (history_of(Decision).filter(docket_item_id=item.pk), lambda r: "Decision"),
            (history_of(Vote).filter(decision__docket_item_id=item.pk), lambda r: "Vote"),
            (
                history_of(Variance).filter(decision__docket_item_id=item.pk),
                lambda r: f"Variance of {', '.join(r.rules or [])}",
            ),
        ]
    )
