"""The checklist of one inspection, drawn from the ruleset's items and the coverage map.

No question is written here: every item, with its citation and wording, comes from
`permits.rules.checklist` for the ruleset in force on the day of the inspection, chosen by
what the facility keeps (`inspections.keeping`). This module only decides which items an
inspection of a given kind asks, and how they are grouped on the screen.
"""

from __future__ import annotations

from dataclasses import dataclass

from hearings.ruleset_in_force import ruleset_on
from inspections.keeping import Keeping
from inspections.models import Inspection
from permits.rules.checklist import CONSTRUCTION_COMPLETE, ChecklistItem, checklist, checklist_for
from permits.rules.coverage import provision

# The regulation's own section titles, for grouping the items on the screen and the report.
SECTION_TITLES = {
    "§20-15": "General requirements",
    "§20-16": "Sanitary requirements",
    "§20-17": "Keeping of horses",
    "§20-18": "Keeping of pigeons",
    "§20-19": "Vermin control",
    "§20-20": "The permit",
}
# §20-17(2): the Board inspects the excavation of impervious soil before it is filled.
EXCAVATION_PROVISION = "§20-17(2)"


def section_of(citation: str) -> str:
    return citation.split("(", 1)[0]


def section_title(citation: str) -> str:
    section = section_of(citation)
    return f"{section} {SECTION_TITLES.get(section, '')}".strip()


def provision_title(citation: str) -> str:
    """The coverage map's short title of a provision ("No vermin infestation"), or ""."""
    try:
        return provision(citation).title
    except KeyError:
        return ""


def _items_by_id(inspection: Inspection) -> dict[str, ChecklistItem]:
    return {item.id: item for item in checklist(ruleset_on(inspection.scheduled_for))}


def items_for(inspection: Inspection, keeping: Keeping) -> list[ChecklistItem]:
    """The questions this inspection asks, in the regulation's order.

    An excavation inspection asks only §20-17(2); a re-inspection asks again what its order
    cites; a final inspection of construction asks whether the work is complete, then the
    whole checklist; every other kind asks the whole checklist for what the facility keeps.
    """
    if inspection.kind == Inspection.Kind.EXCAVATION:
        by_id = _items_by_id(inspection)
        return [by_id[i] for i in provision(EXCAVATION_PROVISION).checklist if i in by_id]
    if inspection.kind == Inspection.Kind.FINAL_CONSTRUCTION:
        # §20-20(2)(a): first whether the work is complete as approved, then the facility's
        # whole checklist, since it is about to be permitted.
        complete = _items_by_id(inspection).get(CONSTRUCTION_COMPLETE)
        rest = checklist_for(
            keeping.species,
            keeping.manure_method or None,
            on=inspection.scheduled_for,
            wild=keeping.keeps_wild,
        )
        return [complete, *rest] if complete is not None else rest
    order = inspection.follows_order
    if inspection.kind == Inspection.Kind.REINSPECTION and order and order.finding_id:
        item = _items_by_id(inspection).get(order.finding.item_id)
        if item is None:  # an item retired by an amendment: ask it as it was cited
            item = ChecklistItem(
                id=order.finding.item_id,
                citation=order.finding.citation,
                question=order.finding.question,
                applies_to="all",
            )
        return [item]
    return checklist_for(
        keeping.species,
        keeping.manure_method or None,
        on=inspection.scheduled_for,
        wild=keeping.keeps_wild,
    )


@dataclass
class Section:
    title: str
    entries: list


def grouped(entries, citation_of) -> list[Section]:
    """Consecutive entries of one section of the regulation, under its title."""
    sections: list[Section] = []
    for entry in entries:
        title = section_title(citation_of(entry))
        if not sections or sections[-1].title != title:
            sections.append(Section(title, []))
        sections[-1].entries.append(entry)
    return sections
