"""Passages withheld from the text of a record in a request's package (c.4 §7(26)): a complaint
as reported, an inspection's summary, an agent's note on a finding. The clerk withholds the words
themselves, not the whole record: a neighbour's medical condition in a complaint, a child's name
in a note. Each passage is matched as it reads in the record and printed in its place as the
exemption that withholds it; the rest of the text is printed as it is.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from inspections.models import ChecklistFinding, Complaint, Inspection
from stoneham_boh.lib.dates import long_date

#: kind -> (model, its text field, the lookup of the lot it is about)
PLACES = {
    "complaint": (Complaint, "description", "lot_id"),
    "inspection": (Inspection, "summary", "lot_id"),
    "finding": (ChecklistFinding, "note", "inspection__lot_id"),
}

SHORTEST = 2  # characters: a single letter withheld would blank every word holding it


@dataclass(frozen=True)
class Place:
    """One record's text that a passage may be withheld from."""

    kind: str
    pk: int
    label: str
    text: str

    @property
    def key(self) -> str:
        return f"{self.kind}:{self.pk}"


def target(kind: str, pk: int, number: int) -> str:
    """The redaction's target: the place and the passage's number there. Never the words, nor
    a digest of them: the zip's manifest lists the targets, and a digest of a short name could
    be guessed back by hashing names."""
    return f"passage:{kind}:{pk}:{number}"


def prefix(kind: str, pk: int) -> str:
    return f"passage:{kind}:{pk}:"


def place_of(target_: str) -> tuple[str, int] | None:
    parts = target_.split(":")
    if len(parts) != 4 or parts[0] != "passage" or parts[1] not in PLACES:
        return None
    return parts[1], int(parts[2])


def text_on_lot(kind: str, pk: int, lot_id) -> str | None:
    """The text of record `kind` #`pk` when it is about lot `lot_id` (so in the package of
    that lot's permit), else None."""
    model, field, lot_lookup = PLACES[kind]
    if lot_id is None:
        return None
    return model.objects.filter(pk=pk, **{lot_lookup: lot_id}).values_list(field, flat=True).first()


def masked(text: str, withheld: dict[str, str]) -> SafeString:
    """`text`, escaped, with each withheld passage (passage -> label) replaced where it reads
    by its label; the longest first, where two overlap."""
    if not withheld or not text:
        return escape(text or "")
    alternation = "|".join(re.escape(p) for p in sorted(withheld, key=len, reverse=True))
    parts = re.split(f"({alternation})", text)
    return mark_safe(  # noqa: S308 - each piece is escaped here
        "".join(
            f'<span class="withheld">[{escape(withheld[part])}]</span>'
            if index % 2
            else escape(part)
            for index, part in enumerate(parts)
        )
    )


def places_in(package) -> list[Place]:
    """Every record text of the package a passage may be withheld from (those with words)."""
    found = []
    for complaint, _withheld, _target in package.complaints:
        if complaint.description:
            found.append(
                Place(
                    "complaint",
                    complaint.pk,
                    f"Complaint of {long_date(complaint.received_on)}: what was reported",
                    complaint.description,
                )
            )
    for inspection, findings in package.inspections:
        day = f"{long_date(inspection.scheduled_for)}"
        if inspection.summary:
            found.append(
                Place(
                    "inspection",
                    inspection.pk,
                    f"Inspection of {day}: its summary",
                    inspection.summary,
                )
            )
        for finding, _photos in findings:
            if finding.note:
                found.append(
                    Place(
                        "finding",
                        finding.pk,
                        f"Inspection of {day}, {finding.citation}: the agent's note",
                        finding.note,
                    )
                )
    return found
