"""The documents state the regulation in its own words (issue 33, finding 16).

What a permit, a letter or a notice says the regulation means is printed from the ruleset of
its day (permits.rules Statements, with their citations); the paragraphs the administrator
words (stoneham_boh/town/standing.py) carry the office's facts and the law's routes, never the
regulation. A saved wording that cites a section of the regulation states it in words no
Board voted: reported, whatever saved it (the action refuses it; a row written by other means
is not).
"""

from __future__ import annotations

from stoneham_boh.town.current import current_town
from stoneham_boh.town.models import StandingText
from stoneham_boh.town.standing import PARAGRAPHS, regulation_cited

from .anomaly import BREACH, Anomaly, RecordRef


def check_wordings(register) -> list[Anomaly]:
    town = current_town()
    if town.pk is None:
        return []
    found = []
    # Only the paragraphs the documents print: a wording kept under a key no paragraph has
    # (one the ruleset took over) prints nowhere.
    saved = StandingText.objects.filter(town=town, key__in=PARAGRAPHS).order_by("pk")
    for record in saved:
        cited = regulation_cited(record.text)
        if not cited:
            continue
        spec = PARAGRAPHS[record.key]
        found.append(
            Anomaly(
                "wording",
                cited[0],
                RecordRef("wording", record.pk, f"The wording of “{spec.label}” ({spec.document})"),
                f"The saved wording cites the regulation ({', '.join(cited)}) "
                "in words of the administrator's: what the regulation says is printed from "
                "the ruleset, never from a wording.",
                BREACH,
            )
        )
    return found
