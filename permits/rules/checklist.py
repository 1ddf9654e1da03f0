"""The inspection checklist: what an agent checks in the field under §20-15 to §20-20.

These provisions cannot be decided from the facts of an application (a facility is clean or
not on the day of the visit), so they are questions for an inspection rather than rules. Each
question is answered yes (complies) or no (a finding for an order). The figures in the
questions come from the ruleset in force.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date

from .ruleset import RULESETS, ruleset_in_force
from .ruleset_model import Ruleset
from .wording import num

#: Who an item applies to: every facility, or facilities keeping these / handling manure so.
AUDIENCES = (
    "all",
    "equines",
    "pigeons",
    "poultry",
    "wild",
    "manure_burial",
    "manure_off_site",
    "manure_compost",
    # Asked only by the final inspection of construction (§20-20(2)(a)).
    "final_construction",
)

_MONTHS = (
    "",
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
)


@dataclass(frozen=True, slots=True)
class ChecklistItem:
    """One question for the field; ``yes`` means the facility complies."""

    id: str
    citation: str
    question: str
    applies_to: str


#: The item of the final inspection of construction whose "complies" completes it.
CONSTRUCTION_COMPLETE = "20-20.2.a.construction-complete"


def _hour(hour: int) -> str:
    if hour == 12:
        return "noon"
    return f"{hour % 12 or 12} {'am' if hour < 12 else 'pm'}"


def _day(month_day: tuple[int, int]) -> str:
    return f"{_MONTHS[month_day[0]]} {month_day[1]}"


def build_checklist(ruleset: Ruleset) -> tuple[ChecklistItem, ...]:
    """Every checklist item, worded with ``ruleset``'s figures, in the regulation's order."""
    h = ruleset.husbandry
    rules = ruleset.rules
    corral = rules["20-17.3"]
    stable = rules["20-17.4"]
    loft = rules["20-18.3"]
    fill = rules["20-17.2"]
    banned_from, banned_to = h.pigeon_training_banned_months
    items = [
        # §20-15 general requirements
        (
            "20-15.6.clean",
            "§20-15(6)",
            "all",
            "Is the facility clean, sanitary and tidy, free of decaying food, filth, feces and "
            "stagnant water?",
        ),
        (
            "20-15.6.disinfected",
            "§20-15(6)",
            "all",
            "Is the facility disinfected periodically (ask for the date it was last done)?",
        ),
        (
            "20-15.7.fenced",
            "§20-15(7)",
            "all",
            "Is the facility securely fenced so that no animal can escape?",
        ),
        (
            "20-15.7.not-roaming",
            "§20-15(7)",
            "all",
            "Are all animals confined or attended (none roaming unattended)?",
        ),
        (
            "20-15.8.barriers",
            "§20-15(8)",
            "all",
            "Where children could wander in, or the facility bothers an abutter, are fences or "
            "other barriers in place?",
        ),
        (
            "20-15.9.potable-water",
            "§20-15(9)",
            "all",
            "Is potable water available at each structure for feeding and cleaning?",
        ),
        # §20-15(1), (10) and (11) are asked at every facility, whatever its permit lists:
        # the animals an agent finds there unpermitted are exactly the ones no permit names.
        (
            "20-15.1.all-animals-permitted",
            "§20-15(1)",
            "all",
            "Is every animal kept on the lot covered by a permit (none beyond the kinds and "
            "numbers the permit lists)?",
        ),
        (
            "20-15.10.wild-approved",
            "§20-15(10)",
            "all",
            "Are no wild animals kept, or is the Board's written approval on hand for each one?",
        ),
        ("20-15.11.no-roosters", "§20-15(11)", "all", "Are there no roosters on the property?"),
        # §20-16 sanitary requirements
        (
            "20-16.1.a.floor",
            "§20-16(1)(a)",
            "all",
            "Are the floors and ground of the facility built and kept so as not to cause "
            "unsanitary conditions?",
        ),
        (
            "20-16.1.b.no-runoff",
            "§20-16(1)(b)",
            "all",
            "Is no urine- or manure-laden runoff reaching a neighbouring property, a public way "
            "or a watercourse?",
        ),
        (
            "20-16.2.manure-contained",
            "§20-16(2)",
            "all",
            "Is manure collected and kept in a suitable pit or receptacle?",
        ),
        (
            "20-16.2.manure-distance",
            "§20-16(2)",
            "all",
            f"Is the manure pit or receptacle at least {num(rules['20-16.2'].value('minimum_ft'))} "
            "ft from every dwelling?",
        ),
        (
            "20-16.3.a.no-stockpile",
            "§20-16(3)(a)",
            "all",
            "Is there no manure piled or stored outside the pit or receptacle?",
        ),
        (
            "20-16.3.b.burial-pit",
            "§20-16(3)(b)",
            "manure_burial",
            "Is the manure burial pit sited as approved, in well-drained soil, with its bottom "
            "above the groundwater?",
        ),
        (
            "20-16.3.c.warm-weather",
            "§20-16(3)(c)",
            "all",
            "In warm weather, is manure treated with lime or superphosphate, and with an approved "
            "insecticide against flies?",
        ),
        (
            "20-16.3.d.off-site",
            "§20-16(3)(d)",
            "manure_off_site",
            "Is manure taken off the property safely, and never put out with the town trash?",
        ),
        (
            "20-16.3.e.compost-approved",
            "§20-16(3)(e)",
            "manure_compost",
            "Is manure composted only as the Board approved?",
        ),
        (
            "20-16.4.animals-healthy",
            "§20-16(4)",
            "all",
            "Are the animals clean and in healthy condition?",
        ),
        (
            "20-16.5.feed-sealed",
            "§20-16(5)",
            "all",
            "Is stored feed kept in sealed, moisture-proof and vermin-proof containers?",
        ),
        (
            "20-16.5.no-feed-overnight",
            "§20-16(5)",
            "all",
            "Is no feed left out overnight in an open container outside a structure?",
        ),
        (
            "20-16.6.no-vermin",
            "§20-16(6)",
            "all",
            "Is the facility free of any vermin infestation?",
        ),
        (
            "20-16.7.dead-animals",
            "§20-16(7)",
            "all",
            f"Are dead animals disposed of at a State-approved facility within "
            f"{num(h.dead_animal_disposal_hours)} hours of death?",
        ),
        (
            "20-16.8.no-accumulation",
            "§20-16(8)",
            "all",
            "Is manure cleaned up often enough that none accumulates to cause odours or a "
            "nuisance?",
        ),
        # §20-17 horses
        (
            "20-17.2.site-drained",
            "§20-17(2)",
            "equines",
            "Is the horse facility on well-drained ground with no stagnant water and no flooding?",
        ),
        (
            "20-17.2.fill-inspected",
            "§20-17(2)",
            "equines",
            f"Where impervious soil was removed, did the Board inspect the excavation before "
            f"filling, and is the porous fill at least {num(fill.value('fill_depth_in'))} in deep "
            f"reaching {num(fill.value('fill_extends_ft'))} ft beyond the facility, its grade "
            "above the surrounding ground?",
        ),
        (
            "20-17.3.corral-fence",
            "§20-17(3)",
            "equines",
            f"Is the corral fence sturdy, visible to the horses and at least "
            f"{num(corral.value('fence_height_ft'))} ft high?",
        ),
        (
            "20-17.3.corral-area",
            "§20-17(3)",
            "equines",
            f"Does the corral measure at least {num(corral.value('first_equine_sqft'))} sq ft "
            f"(stable site included) plus {num(corral.value('additional_equine_sqft'))} for each "
            "additional horse?",
        ),
        (
            "20-17.4.stable-size",
            "§20-17(4)",
            "equines",
            f"Does the stable measure at least {num(stable.value('first_equine_sqft'))} sq ft plus "
            f"{num(stable.value('additional_equine_sqft'))} for each additional horse, with food "
            "and equipment storage and potable water?",
        ),
        (
            "20-17.4.a.doors",
            "§20-17(4)(a)",
            "equines",
            "Are the stable doors high and wide enough for horses to pass safely?",
        ),
        (
            "20-17.4.a.ventilation",
            "§20-17(4)(a)",
            "equines",
            "Is the stable's ceiling or roof high enough for good ventilation?",
        ),
        (
            "20-17.4.b.screened-window",
            "§20-17(4)(b)",
            "equines",
            "Does the stable have at least one screened window, safeguarded against drafts and "
            "broken glass?",
        ),
        (
            "20-17.4.b.louvers",
            "§20-17(4)(b)",
            "equines",
            "Does the stable have louvers on opposite sides, so that no moisture builds up?",
        ),
        (
            "20-17.4.c.floor-drainage",
            "§20-17(4)(c)",
            "equines",
            "Does the stable floor drain so that urine does not pool and manure is easy to remove?",
        ),
        (
            "20-17.5.never-loose",
            "§20-17(5)",
            "equines",
            "Are horses never roaming free, nor left tethered and unattended?",
        ),
        # §20-18 pigeons
        (
            "20-18.1.loft-condition",
            "§20-18(1)",
            "pigeons",
            "Is the loft big enough, soundly built and kept clean and sanitary?",
        ),
        (
            "20-18.2.cleaning",
            "§20-18(2)",
            "pigeons",
            f"Is the loft cleaned of droppings at least every "
            f"{h.pigeon_cleaning_in_season_days} days from {_day(h.pigeon_weekly_cleaning_from)} "
            f"to {_day(h.pigeon_weekly_cleaning_to)}, and every "
            f"{h.pigeon_cleaning_off_season_days} days otherwise, keeping dust down?",
        ),
        (
            "20-18.2.disinfection",
            "§20-18(2)",
            "pigeons",
            f"Is the loft disinfected at least {h.pigeon_disinfections_per_year} times a year?",
        ),
        (
            "20-18.3.floor-space",
            "§20-18(3)",
            "pigeons",
            f"Does the loft give at least {num(loft.value('sqft_per_mature_pigeon'))} sq ft of "
            "floor for each mature pigeon?",
        ),
        (
            "20-18.4.flying-over-abutters",
            "§20-18(4)",
            "pigeons",
            "Is everything done to keep the pigeons from flying or roosting over abutting "
            "properties?",
        ),
        (
            "20-18.5.no-training-hours",
            "§20-18(5)",
            "pigeons",
            f"Is no training or exercise done from {_hour(h.pigeon_training_banned_from_hour)} to "
            f"{_hour(h.pigeon_training_banned_to_hour)}, {_MONTHS[banned_from]} to "
            f"{_MONTHS[banned_to]}?",
        ),
        (
            "20-18.6.supervised-exercise",
            "§20-18(6)",
            "pigeons",
            "Is exercise done only under the direct supervision of the owner or a designee?",
        ),
        (
            "20-18.7.no-release-after-feeding",
            "§20-18(7)",
            "pigeons",
            f"Are pigeons never released to fly within "
            f"{h.pigeon_release_after_feeding_hours} hours of being fed?",
        ),
        # §20-19 vermin control; §20-20(3) the permit's animals
        (
            "20-19.plan-carried-out",
            "§20-19",
            "all",
            "Is the approved vermin control plan being carried out by a licensed pest control "
            "operator?",
        ),
        (
            "20-20.3.animals-as-permitted",
            "§20-20(3)",
            "all",
            "Do the animals on site match the number and kind on the permit?",
        ),
        (
            CONSTRUCTION_COMPLETE,
            "§20-20(2)(a)",
            "final_construction",
            "Is the construction or remodelling complete, as in the plans the Board approved?",
        ),
    ]
    return tuple(
        ChecklistItem(id=ident, citation=citation, question=question, applies_to=audience)
        for ident, citation, audience, question in items
    )


_CACHE: dict[int, tuple[Ruleset, tuple[ChecklistItem, ...]]] = {}


def checklist(ruleset: Ruleset | None = None) -> tuple[ChecklistItem, ...]:
    """The checklist for ``ruleset`` (default: the current one), built once per ruleset."""
    ruleset = ruleset or RULESETS[-1]
    cached = _CACHE.get(id(ruleset))
    if cached is None or cached[0] is not ruleset:
        cached = _CACHE[id(ruleset)] = (ruleset, build_checklist(ruleset))
    return cached[1]


#: The current checklist.
CHECKLIST: tuple[ChecklistItem, ...] = checklist()


def audiences(
    species: Iterable[str], manure_method: str | None = None, ruleset: Ruleset | None = None
) -> frozenset[str]:
    """Which ``applies_to`` groups a facility keeping ``species`` belongs to."""
    interp = (ruleset or RULESETS[-1]).interpretations
    groups = {"all"}
    for name in species:
        if name in interp.equine_species:
            groups.add("equines")
        if name in interp.pigeon_species:
            groups.add("pigeons")
        if name in interp.poultry_species:
            groups.add("poultry")
        if name in interp.wild_species:
            groups.add("wild")
    if manure_method in {"burial", "off_site", "compost"}:
        groups.add(f"manure_{manure_method}")
    return frozenset(groups)


def checklist_for(
    species: Iterable[str],
    manure_method: str | None = None,
    *,
    on: date | None = None,
    wild: bool = False,
) -> list[ChecklistItem]:
    """The items an agent checks at a facility keeping ``species``.

    General and sanitary items always; horse items only with equines, pigeon items only with
    pigeons, the rooster item with poultry, the wild-animal item with wild species (or
    ``wild=True`` for a species marked wild), burial / off-site / compost items by manure method.
    ``on`` picks the ruleset in force that day (default: the current one).
    """
    ruleset = ruleset_in_force(on) if on is not None else RULESETS[-1]
    groups = set(audiences(species, manure_method, ruleset))
    if wild:
        groups.add("wild")
    return [item for item in checklist(ruleset) if item.applies_to in groups]
