"""The legal notice's text against the request (§20-20(9)): what a notice must name of each
docket item (the applicant, the address, the animals and counts, the structures, the variance
sought), what its text leaves out, and the notice written from its content. The words only:
the rules' facts a notice kept are hearings.notice_content's, so the notices' timing
(hearings.notice_timing) reads a notice's gaps without reading the permits' keeping.
"""

from __future__ import annotations

import re

from facilities.choices import StructureKind
from hearings.models import DocketItem, Meeting
from hearings.wording import animal_phrase, relief, reliefs_phrase
from stoneham_boh.lib.dates import time_of_day, weekday_date
from stoneham_boh.town.current import current_town

CITATION = "§20-20(9)"


def request_entry(item: DocketItem, *, application=None) -> dict:
    """What the legal notice must say of one docket item: the applicant, the address, the
    animals and counts and the structures asked for, and the variance sought."""
    application = application or item.application
    lot = application.lot
    return {
        "item": item.pk,
        "kind": item.kind,
        "applicant": application.applicant.name,
        "address": lot.street_address,
        "parcel": lot.parcel_id,
        "relief": list(item.relief_sought or []),
        "animals": [
            {"species": a.species, "name": a.name, "count": a.count}
            for a in application.animals.all()
            if a.count > 0
        ],
        "structures": [{"id": s.label, "kind": s.kind} for s in application.structures.all()],
    }


def _structure_phrase(structure: dict) -> str:
    return f"{StructureKind(structure['kind']).label.lower()} {structure['id']}"


def _entry_phrases(entry: dict) -> list[str]:
    """The words the notice must print for the item: each is looked for in its text."""
    return [
        entry["applicant"],
        entry["address"],
        *(animal_phrase(a["species"], a["count"], a["name"]) for a in entry["animals"]),
        *(_structure_phrase(s) for s in entry["structures"]),
    ]


def _plain(text: str) -> str:
    return " ".join((text or "").split()).casefold()


def _names(plain: str, phrase: str) -> bool:
    return bool(re.search(r"(?<![\w.])" + re.escape(_plain(phrase)) + r"(?![\w])", plain))


def _paragraph_of(text: str, address: str) -> str:
    """The paragraph of the notice that names `address` (a numbered line or a block), else the
    whole text: what it says of one application is read there, so that two applications'
    counts swapped between their paragraphs name neither (issue 33, 13)."""
    paragraphs = re.split(r"\n\s*\n|\n(?=\s*\d+\.)", text or "")
    naming = [p for p in paragraphs if address and _names(_plain(p), address)]
    return naming[0] if len(naming) == 1 else (text or "")


def text_gaps(text: str, entry: dict) -> list[str]:
    """What of `entry` the notice's `text` does not name, word for word: "6 chickens" does
    not name 40 chickens, nor does a notice that leaves out the goats name them. The animals,
    the structures and the variance sought are read in the paragraph naming the address; a
    variance is named by its section (§20-20(9): the notice says what the Board is asked)."""
    plain = _plain(text)
    scope = _plain(_paragraph_of(text, entry["address"]))
    phrases = _entry_phrases(entry)
    gaps = [
        phrase
        for n, phrase in enumerate(phrases)
        if phrase.strip() and not _names(plain if n < 2 else scope, phrase)
    ]
    for rule in entry.get("relief") or ():
        citation = relief(rule).citation
        if citation and citation.casefold() not in scope:
            gaps.append(f"the variance sought of {citation}")
    return gaps


def content_entry(notice, item: DocketItem) -> dict | None:
    for entry in notice.content or ():
        if entry.get("item") == item.pk:
            return entry
    return None


def legal_notice_gaps(notice, item: DocketItem, application=None) -> list[str]:
    """What of `item`'s request the legal notice does not name; empty when it names it all."""
    if notice.content is None:
        # A notice kept before its content was: judged by its text against the request.
        # Such a notice named no structures: the applicant, the address and the animals.
        entry = {**request_entry(item, application=application), "facts": None}
        return text_gaps(notice.text, {**entry, "structures": [], "relief": []})
    entry = content_entry(notice, item)
    if entry is None:
        application = application or item.application
        return [f"the application of {application.applicant.name} at all"]
    return list(entry.get("gaps") or [])


def legal_notice_text(meeting: Meeting, content: list[dict]) -> str:
    """The legal notice written from its content; the clerk may edit it before it is sent,
    and what the edit no longer names is not noticed."""
    town = current_town()
    board = town.board
    when = f"{weekday_date(meeting.date)} at {time_of_day(meeting.time)}"
    lines = [
        town.formal_name.upper(),
        town.board_name.upper(),
        "NOTICE OF PUBLIC HEARING",
        "",
        f"In accordance with {CITATION} of the Board of Health's Rules and Regulations for the "
        f"Keeping of Animals, the {town.board_name} will hold a public hearing on "
        f"{when} at {meeting.place}, on the following:",
        "",
    ]
    for number, entry in enumerate(content, start=1):
        what = (
            "a permit to keep"
            if entry["kind"] == DocketItem.Kind.NEW_APPLICATION
            else "renewal of a permit to keep"
        )
        animals = _joined(
            [animal_phrase(a["species"], a["count"], a["name"]) for a in entry["animals"]]
        )
        structures = _joined([_structure_phrase(s) for s in entry["structures"]])
        relief = reliefs_phrase(entry["relief"])
        line = (
            f"{number}. Application of {entry['applicant']} for {what} {animals or 'no animals'} "
            f"at {entry['address']} (parcel {entry['parcel']})"
        )
        if structures:
            line += f", in the structures shown on the plan: {structures}"
        lines.append(line + (f", with {relief}." if relief else "."))
    lines += [
        "",
        f"The applications and plans may be inspected at the Board of Health office, "
        f"{board['address']} ({board['hours']}). All interested persons may attend and be "
        "heard.",
        "",
        board["name"],
    ]
    return "\n".join(lines)


def _joined(parts: list[str]) -> str:
    if len(parts) <= 1:
        return "".join(parts)
    return f"{', '.join(parts[:-1])} and {parts[-1]}"
