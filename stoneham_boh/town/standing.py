"""The standing paragraphs of the letters, notices, decisions and e-mails, which the
administrator may reword (Town settings, Letters' wording).

Each paragraph names the facts it may print as placeholders (``{telephone}``); the facts come
from the records and the ruleset at the moment of printing, never from the wording. The wording
below is the one printed until the administrator saves another. Templates print a paragraph with

    {% load standing %}{% standing "revocation_notice.rights" %}

passing the record's facts the paragraph names (``appeal_by=...``); the town's own facts
(``TOWN_FACTS``) are always offered.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from django.utils.safestring import SafeString

from stoneham_boh.town import placeholders
from stoneham_boh.town.current import current_town

#: Offered by every paragraph: the town's settings.
TOWN_FACTS = {
    "board_name": "the Board's name",
    "town_name": "the town's name",
    "office_address": "the office's address",
    "office_hours": "the office's hours",
    "telephone": "the office's telephone",
    "email": "the office's e-mail",
}


def town_facts(town) -> dict[str, str]:
    return {
        "board_name": town.board_name,
        "town_name": town.name,
        "office_address": town.office_address,
        "office_hours": town.office_hours,
        "telephone": town.telephone,
        "email": town.email,
    }


@dataclass(frozen=True)
class Paragraph:
    key: str
    document: str
    label: str
    default: str
    #: The record's facts the paragraph may print: name -> what it is.
    facts: Mapping[str, str] = field(default_factory=dict)
    #: What the preview prints for each record fact.
    sample: Mapping[str, str] = field(default_factory=dict)
    #: Facts the wording must print, each with why: a figure of the law counted from the record
    #: (the last day to appeal), which no wording may leave out or type in its own words.
    required: Mapping[str, str] = field(default_factory=dict)

    @property
    def offered(self) -> dict[str, str]:
        return {**TOWN_FACTS, **self.facts}


PARAGRAPHS: dict[str, Paragraph] = {
    paragraph.key: paragraph
    for paragraph in (
        # A sentence that states what the regulation means is the ruleset's (permits.rules
        # Statement), never a wording (issue 33, finding 16): the permit's §20-20(3) sentence
        # ("permit.excess") and the revocation notice's §20-20(5) and (6) ("revocation.grounds",
        # "revocation.removal"). No paragraph here may cite a section of the regulation
        # (regulation_cited).
        Paragraph(
            "abutter_letter.attend",
            "Abutters' notice of a hearing",
            "How an abutter takes part",
            "You may attend and be heard, or write to the Board before the hearing. The "
            "application and its plans may be inspected at the Board of Health office (open "
            "{office_hours}).",
        ),
        Paragraph(
            "revocation_notice.rights",
            "Notice of a revocation hearing",
            "The holder's right to be heard",
            "You have the right to attend the hearing and be heard, to bring witnesses and "
            "documents, to be represented, and to write to the Board before it. The records of "
            "the inspections may be seen at the Board of Health office (open {office_hours}).",
        ),
        Paragraph(
            "order_letter.call",
            "Order to correct a violation",
            "Whom to call",
            "If you have corrected the violation before the deadline, or need more time, call "
            "the Board's office at {telephone} ({office_hours}).",
        ),
        Paragraph(
            "decision.reconsider",
            "Written decision (adverse)",
            "Reconsideration and the record",
            "You may ask the Board to reconsider on new information. A copy of the record of "
            "the hearing is available at the Board of Health office.",
        ),
        Paragraph(
            "decision.appeal",
            "Written decision (adverse)",
            "The route and time of appeal",
            "You may appeal this decision to the Superior Court by an action in the nature of "
            "certiorari under M.G.L. c.249 §4, filed within 60 days of the decision, that is "
            "by {appeal_by}. The 60 days run from the Board's decision of {decided_on}, not "
            "from the day this letter reaches you.",
            {
                "appeal_by": "the last day to appeal, counted from the decision (c.249 §4)",
                "decided_on": "the day of the Board's decision",
            },
            {"appeal_by": "Monday, March 8, 2027", "decided_on": "January 7, 2027"},
            required={
                "appeal_by": "the last day to appeal is counted from the decision (M.G.L. "
                "c.249 §4), never typed, so that no letter gives a later day than the statute"
            },
        ),
        Paragraph(
            "renewal_notice.how",
            "Renewal notice (letter)",
            "When and how to renew",
            "Your permit expires on {expires_on}. To keep animals after that day, renew it: from "
            "{window_opens} at the {board_name}, {office_address} ({office_hours}), or by "
            "telephone at {telephone}. If nothing has changed, the permit is renewed as it is; "
            "tell us of any change to the animals, the structures or the lot. A permit not "
            "renewed lapses, and after {last_day} the keeping needs a new application.",
            {
                "expires_on": "the day the permits expire",
                "window_opens": "the first day of the renewal window",
                "last_day": "the last day a lapsed permit can still be renewed",
            },
            {
                "expires_on": "December 31, 2026",
                "window_opens": "November 1, 2026",
                "last_day": "March 31, 2027",
            },
        ),
        Paragraph(
            "email.permit_issued",
            "E-mail: the permit is issued",
            "Opening paragraph",
            "The {board_name} issued permit {permit_number} on {issued_on} for the keeping of "
            "animals at {address}.",
            {
                "permit_number": "the permit's number",
                "issued_on": "the day it was issued",
                "address": "the lot's street address",
                "applicant_name": "the holder's name",
            },
            {
                "permit_number": "2027-0001",
                "issued_on": "January 14, 2027",
                "address": "12 Elm Street",
                "applicant_name": "Karen Sullivan",
            },
        ),
    )
}


# A section of a regulation as a sentence cites it, numbered chapter-section as the Board's
# regulations number theirs: "§20-20(3)", "§ 20-20", "§§20-21", "Sec. 20-20", "section
# 20-15(4)(a)". A section of a statute (c.30A §20, c.249 §4) is numbered otherwise: not one.
_REGULATION_SECTION = re.compile(
    r"(?:§+|\bsec(?:tion|t?\.)?)\s*\d+\s*[-\u2010-\u2013]\s*\d+(?:\s?\([0-9a-z]{1,4}\))*",
    re.IGNORECASE,
)


def regulation_cited(text: str) -> list[str]:
    """The citations of a section of a regulation in ``text``, as written there, once each."""
    return list(dict.fromkeys(match.strip() for match in _REGULATION_SECTION.findall(text)))


def wording_problems(spec: Paragraph, text: str) -> list[str]:
    """Why ``text`` cannot be paragraph ``spec``'s wording: a placeholder it does not offer, a
    fact of the law it must print and leaves out, or a section of the regulation it cites
    (what the regulation says is printed from the ruleset in its own sentence, never from a
    wording, so that no setting states it otherwise: issue 33, finding 16)."""
    found = placeholders.problems(text, spec.offered)
    printed = set(placeholders.PLACEHOLDER.findall(text))
    for name, why in spec.required.items():
        if name not in printed:
            found.append(f"The wording must print {{{name}}}: {why}.")
    cited = regulation_cited(text)
    if cited:
        found.append(
            f"The wording cites the regulation ({', '.join(cited)}): what the "
            "regulation says is printed from the regulation itself, in its own sentence with "
            "its citation, and a letter's wording may not state it. Leave the regulation out "
            "of this paragraph."
        )
    return found


def texts_of(town) -> dict[str, str]:
    """The town's saved wordings by key, read once for the town record (once a request)."""
    if town.pk is None:
        return {}
    cached = getattr(town, "_standing_texts", None)
    if cached is None:
        cached = dict(town.standing_texts.values_list("key", "text"))
        town._standing_texts = cached
    return cached


def wording(key: str, town=None) -> str:
    """The paragraph's wording in force: the administrator's, or the standard one."""
    town = town or current_town()
    return texts_of(town).get(key, PARAGRAPHS[key].default)


def paragraph(key: str, facts: Mapping[str, object], *, plain: bool = False) -> SafeString | str:
    """The paragraph ``key`` printed with ``facts`` (the record's, which the caller must give
    in full) and the town's own; escaped HTML, or plain text for an e-mail's text part."""
    spec = PARAGRAPHS[key]
    missing = set(spec.facts) - set(facts)
    if missing:
        raise ValueError(f"{key} needs the facts {', '.join(sorted(missing))}")
    town = current_town()
    values = {**town_facts(town), **facts}
    text = wording(key, town)
    if plain:
        return placeholders.render_text(text, values)
    return placeholders.render_html(text, values)


def preview(key: str, text: str) -> SafeString:
    """``text`` as paragraph ``key`` would print it, with the town's facts and the samples."""
    spec = PARAGRAPHS[key]
    return placeholders.render_html(text, {**town_facts(current_town()), **spec.sample})
