"""The notices of a hearing mailed to the abutters by registered mail, and their return
receipts (§20-20(9)).
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date, datetime

from django.db import transaction
from django.utils import timezone

from facilities.models import Abutter
from hearings.actions._common import refuse_if, require_scheduled
from hearings.models import AbutterNotice, DocketItem
from hearings.notice_timing import abutters_in_letter_order, normalize_article_number
from permits.keeping import keeping_facts
from stoneham_boh.lib.dates import long_date
from stoneham_boh.lib.history import save_as


def _mailing_refusals(item: DocketItem, mailed_on: date, today: date) -> list[str]:
    reasons = []
    if mailed_on > today:
        reasons.append("The mailing date cannot be in the future.")
    # A letter names its hearing: it cannot have gone out before the hearing was put on the
    # docket (issue 33, 7). Refused here, so that no path (a form, an import) counts it.
    scheduled = item.scheduled_on
    if scheduled is not None and mailed_on < scheduled:
        reasons.append(
            f"The hearing was put on the docket on {long_date(scheduled)}: a letter giving "
            "notice of it cannot have been mailed before."
        )
    if mailed_on > item.meeting.date:
        reasons.append("A letter mailed after the hearing gives no notice of it.")
    return reasons


def _carried_refusals(item: DocketItem) -> list[str]:
    if not item.notice_carried:
        return []
    return [
        f"This hearing continues that of {long_date(item.continued_from.meeting.date)} and keeps "
        "its notice: no new mailing is needed."
    ]


def printed_on(entry: dict) -> date | None:
    """The day a printing of the letters was made (None: the entry is a mailing's)."""
    printed = entry.get("printed_at")
    return timezone.localdate(datetime.fromisoformat(printed)) if printed else None


def _letters_as_printed(item: DocketItem, mailed_on: date) -> dict | None:
    """The facts of the letters last printed on or before `mailed_on`: what the envelopes
    mailed that day carried (issue 33, 6); None when no printing is on record."""
    printings = [
        entry
        for entry in item.noticed_facts or []
        if printed_on(entry) is not None and printed_on(entry) <= mailed_on
    ]
    return printings[-1]["facts"] if printings else None


def _remember_what_was_noticed(item: DocketItem, mailed_on: date, by) -> None:
    """Keep the request as these letters describe it, in the rules' facts (measured distances
    where a plan is drawn): the Board decides no more than every letter said (§20-20(9)).
    The letters say what they said when they were printed: a request changed between the
    printing and the recording of the mailing is taken as printed, and so found stale."""
    facts = _letters_as_printed(item, mailed_on) or keeping_facts(item.application, mailed_on)
    snapshots = list(item.noticed_facts or [])
    if any(entry.get("mailed_on") and entry["facts"] == facts for entry in snapshots):
        return
    snapshots.append({"mailed_on": mailed_on.isoformat(), "facts": facts})
    item.noticed_facts = snapshots
    save_as(item, by)


@transaction.atomic
def record_letters_printed(*, items, by, now: datetime | None = None) -> None:
    """The clerk printed the abutters' letters of `items`: keep what they describe, as of
    now, so that the mailing recorded later is judged by what was printed (issue 33, 6)."""
    now = now or timezone.now()
    for item in items:
        item = DocketItem.objects.select_for_update().get(pk=item.pk)
        if item.status != DocketItem.Status.SCHEDULED or not item.is_public_hearing:
            continue
        facts = keeping_facts(item.application, timezone.localdate(now))
        entries = list(item.noticed_facts or [])
        printings = [entry for entry in entries if entry.get("printed_at")]
        if printings and printings[-1]["facts"] == facts:
            continue
        entries.append({"printed_at": now.isoformat(), "facts": facts})
        item.noticed_facts = entries
        save_as(item, by)


def _record_one(item: DocketItem, abutter: Abutter, number: str, mailed_on: date, by):
    notice = AbutterNotice.objects.filter(docket_item=item, abutter=abutter).first()
    notice = notice or AbutterNotice(docket_item=item, abutter=abutter)
    notice.article_number = number
    notice.mailed_on = mailed_on
    return save_as(notice, by)


def _numbers_in_use(item: DocketItem, except_abutters: Iterable[int]) -> set[str]:
    return set(
        item.abutter_notices.exclude(abutter_id__in=list(except_abutters))
        .exclude(article_number="")
        .values_list("article_number", flat=True)
    )


@transaction.atomic
def record_mailing(
    *,
    item: DocketItem,
    abutter: Abutter,
    article_number: str,
    mailed_on: date,
    by,
    today: date | None = None,
) -> AbutterNotice:
    """Record one abutter's letter sent by registered mail, return receipt requested."""
    today = today or timezone.localdate()
    item = DocketItem.objects.select_for_update().select_related("meeting").get(pk=item.pk)
    require_scheduled(item, "The mailing cannot be recorded")
    reasons = _mailing_refusals(item, mailed_on, today) + _carried_refusals(item)
    if abutter.abutter_list.application_id != item.application_id or abutter.voided:
        reasons.append(f"{abutter.owner_names} is not on this application's certified list.")
    try:
        number = normalize_article_number(article_number)
    except ValueError as error:
        reasons.append(str(error))
    else:
        if number in _numbers_in_use(item, [abutter.pk]):
            reasons.append(f"Article {number} is already recorded for another abutter.")
    refuse_if(reasons, "The mailing cannot be recorded.")
    _remember_what_was_noticed(item, mailed_on, by)
    return _record_one(item, abutter, number, mailed_on, by)


@transaction.atomic
def record_mailing_list(
    *,
    item: DocketItem,
    article_numbers: list[str],
    mailed_on: date,
    by,
    today: date | None = None,
) -> list[AbutterNotice]:
    """Record a pasted list of article numbers, one per abutter in letter order, all or none."""
    today = today or timezone.localdate()
    item = DocketItem.objects.select_for_update().select_related("meeting").get(pk=item.pk)
    require_scheduled(item, "The mailing cannot be recorded")
    abutters = abutters_in_letter_order(item)
    reasons = _mailing_refusals(item, mailed_on, today) + _carried_refusals(item)
    if len(article_numbers) != len(abutters):
        reasons.append(
            f"The list has {len(article_numbers)} article numbers and the certified list "
            f"{len(abutters)} abutters: paste one number per abutter, in the order shown."
        )
    numbers = []
    for line, text in enumerate(article_numbers, start=1):
        try:
            numbers.append(normalize_article_number(text))
        except ValueError as error:
            reasons.append(f"Line {line}: {error}")
    repeated = sorted({n for n in numbers if numbers.count(n) > 1})
    if repeated:
        reasons.append(f"Repeated article numbers: {', '.join(repeated)}.")
    refuse_if(reasons, "The mailing list cannot be recorded.")
    _remember_what_was_noticed(item, mailed_on, by)
    return [
        _record_one(item, abutter, number, mailed_on, by)
        for abutter, number in zip(abutters, numbers, strict=True)
    ]


@transaction.atomic
def mark_receipt_returned(
    *, notice: AbutterNotice, returned_on: date, by, today: date | None = None
) -> AbutterNotice:
    """The green return-receipt card came back signed."""
    today = today or timezone.localdate()
    notice = AbutterNotice.objects.select_for_update().get(pk=notice.pk)
    reasons = []
    if notice.mailed_on is None:
        reasons.append("Record the mailing before its return receipt.")
    elif returned_on < notice.mailed_on:
        reasons.append(f"The receipt cannot come back before the mailing ({notice.mailed_on}).")
    if returned_on > today:
        reasons.append("The return date cannot be in the future.")
    refuse_if(reasons, "The return receipt cannot be marked.")
    notice.receipt_returned_on = returned_on
    return save_as(notice, by)
