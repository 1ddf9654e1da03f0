"""The Keeping of Animals regulation adopted June 25, 2002, effective August 1, 2002, as data.

Every figure below carries the section it comes from; the ``reading`` of a rule records how the
contract resolves text that is unclear. Changing a figure or a reading here changes what every
caller (screens, workflow, pre-check, command line) decides.
"""

from __future__ import annotations

from datetime import date

from .ruleset_model import (
    Figure,
    Husbandry,
    Interpretations,
    Ruleset,
    RuleSpec,
    Statement,
    frozen_mapping,
)
from .vocabulary import EQUINE_SPECIES, EXEMPT_SPECIES, HOUSING_KINDS, WILD_SPECIES

_FT = "ft"
_SQFT = "sq ft"


def _spec(
    rule: str,
    citation: str,
    title: str,
    summary: str,
    applies_to: str,
    figures: dict[str, Figure] | None = None,
    reading: str = "",
) -> RuleSpec:
    return RuleSpec(
        rule=rule,
        citation=citation,
        title=title,
        summary=summary,
        applies_to=applies_to,
        figures=frozen_mapping(figures or {}),
        reading=reading,
    )


_RULES = (
    _spec(
        "20-15.4.a",
        "§20-15(4)(a)",
        "Setback from the abutting property line",
        "Animal housing must stand at least 50 feet from any abutting property line.",
        "structures that house animals",
        {"minimum_ft": Figure(50, _FT, "distance from the abutting property line")},
        "Binds housing structures (stable, coop, loft, pen, hutch, shelter).",
    ),
    _spec(
        "20-15.4.b",
        "§20-15(4)(b)",
        "Setback from wetlands and watercourses",
        "Animal housing must stand at least 100 feet from wetlands and watercourses; the "
        "Conservation Commission may allow less, but never under 50 feet, and no variance "
        "goes under 50 feet either.",
        "structures that house animals",
        {
            "minimum_ft": Figure(100, _FT, "distance from wetland or watercourse"),
            "floor_ft": Figure(
                50, _FT, "least distance the Commission may authorize or a variance allow"
            ),
        },
        "The nearer of wetland and watercourse counts. The text names the 'Conservation "
        "Committee'; read as the Conservation Commission. A Commission figure above the "
        "regulation's minimum is no reduction and is ignored. 'In no event less than fifty "
        "(50) feet' is a floor: a variance waives a shortfall above it, never one below it.",
    ),
    _spec(
        "20-15.4.d",
        "§20-15(4)(d)",
        "Setback from a drinking-water well",
        "Animal housing must stand at least 100 feet from any well that supplies drinking water.",
        "structures that house animals",
        {"minimum_ft": Figure(100, _FT, "distance from a drinking-water well")},
        "The regulation has no paragraph (c); the contract keeps the original lettering.",
    ),
    _spec(
        "20-15.4.e",
        "§20-15(4)(e)",
        "Setback from a sewage disposal area",
        "Animal housing must stand at least 10 feet from any part of a septic system.",
        "structures that house animals",
        {"minimum_ft": Figure(10, _FT, "distance from an individual sewage disposal area")},
    ),
    _spec(
        "20-15.4.f",
        "§20-15(4)(f)",
        "Setback from a public way",
        "A stable must stand at least 35 feet, and a corral at least 15 feet, from any public way.",
        "stables and corrals",
        {
            "stable_ft": Figure(35, _FT, "distance of a stable from a public way"),
            "corral_ft": Figure(15, _FT, "distance of a corral from a public way"),
        },
        "Binds stables and corrals only; other housing has no public-way setback.",
    ),
    _spec(
        "20-15.7",
        "§20-15(7)",
        "Secure fencing",
        "The facility must be securely fenced so that animals cannot escape.",
        "every permit",
    ),
    _spec(
        "20-15.9",
        "§20-15(9)",
        "Potable water",
        "Drinkable water must be available at each animal structure for feeding and cleaning.",
        "structures that house animals",
        reading="Read as binding each housing structure, not corrals or manure structures.",
    ),
    _spec(
        "20-15.10",
        "§20-15(10)",
        "Wild animals",
        "Wild animals may be kept only with the Board's express written approval.",
        "wild animals",
    ),
    _spec(
        "20-15.11",
        "§20-15(11)",
        "Roosters",
        "Roosters are prohibited in Stoneham.",
        "roosters",
    ),
    _spec(
        "20-16.2",
        "§20-16(2)",
        "Manure storage away from dwellings",
        "Manure must be kept in a pit or receptacle at least 100 feet from any dwelling.",
        "every permit",
        {"minimum_ft": Figure(100, _FT, "distance of a manure pit or receptacle from a dwelling")},
        "Binds all manure: a permit whose plan describes no manure storage or burial pit is "
        "'missing'. 'Any dwelling' includes the applicant's own: the nearer of the dwelling "
        "and the abutting dwelling counts, for a receptacle and a burial pit alike.",
    ),
    _spec(
        "20-16.3.a",
        "§20-16(3)(a)",
        "No stockpiling of manure",
        "Manure may not be piled or stored outside a pit or receptacle; the application must "
        "say how manure is handled.",
        "every permit",
        reading="No method given is 'missing'; the method 'stockpile' fails.",
    ),
    _spec(
        "20-16.3.b",
        "§20-16(3)(b)",
        "Manure burial pits",
        "A pit for burying manure must be at least 25 feet from the lot line, 100 feet from any "
        "abutting dwelling and any watercourse, in well-drained soil, with its bottom at least "
        "3 feet above the highest groundwater.",
        "manure burial pits, and manure disposed of by burial",
        {
            "property_line_ft": Figure(25, _FT, "distance of a burial pit from the lot line"),
            "abutting_dwelling_ft": Figure(
                100, _FT, "distance of a burial pit from an abutting dwelling"
            ),
            "watercourse_ft": Figure(100, _FT, "distance of a burial pit from a watercourse"),
            "groundwater_clearance_ft": Figure(
                3, _FT, "height of the pit bottom above maximum groundwater"
            ),
        },
        "'Any lot line' is the nearer of the abutting property line and the nearest lot line "
        "of any kind (one along a way included). Burial declared as the manure method with no "
        "burial pit described is 'missing'.",
    ),
    _spec(
        "20-16.3.e",
        "§20-16(3)(e)",
        "Composting manure",
        "Manure may be composted only with the Board's specific approval.",
        "manure that is composted",
    ),
    _spec(
        "20-17.1",
        "§20-17(1)",
        "Number of horses and lot size",
        "One acre is needed for the first horse and another acre for each additional one, with "
        "no more than three horses in all.",
        "lots keeping equines",
        {
            "maximum_equines": Figure(3, "equines", "most equines on one lot"),
            "acres_per_equine": Figure(1, "acres", "lot area for each equine"),
        },
        "Ponies, donkeys and mules count as horses. 'Additional and maximum of three (3) "
        "horses' is read as three in all. The horses of the lot are counted: those kept under "
        "its other active permits are added to the application's.",
    ),
    _spec(
        "20-17.2",
        "§20-17(2)",
        "Site of a horse facility",
        "Horses must be kept on well-drained land that does not flood or hold stagnant water "
        "and is not impervious, unless the Board inspected porous fill at least 12 inches deep "
        "reaching 5 feet beyond the facility.",
        "lots keeping equines",
        {
            "max_percolation_min_per_inch": Figure(
                20, "min/inch", "slowest percolation that is not impervious (§20-14)"
            ),
            "fill_depth_in": Figure(12, "in", "depth of porous fill"),
            "fill_extends_ft": Figure(5, _FT, "extent of porous fill beyond the facility"),
        },
        "Inspected fill of the required depth and extent remedies impervious soil and standing "
        "water (its finish grade stands above the surrounding ground). Land susceptible to "
        "flooding is a property of the site that no fill cures: a flood-prone lot fails.",
    ),
    _spec(
        "20-17.3",
        "§20-17(3)",
        "Corral",
        "Horses need a corral with a fence at least 6 feet high and at least 1,000 square feet "
        "for one horse plus 300 for each additional horse.",
        "lots keeping equines",
        {
            "fence_height_ft": Figure(6, _FT, "height of the corral fence"),
            "first_equine_sqft": Figure(1000, _SQFT, "corral area for the first equine"),
            "additional_equine_sqft": Figure(300, _SQFT, "corral area for each further equine"),
        },
        "The corral minimum includes the stable site, so stable floor area counts toward it.",
    ),
    _spec(
        "20-17.4",
        "§20-17(4)",
        "Stable size",
        "Horses need a stable of at least 100 square feet for the first horse plus 60 for each "
        "additional horse.",
        "lots keeping equines",
        {
            "first_equine_sqft": Figure(100, _SQFT, "stable area for the first equine"),
            "additional_equine_sqft": Figure(60, _SQFT, "stable area for each further equine"),
        },
        "The floor areas of all stables on the lot are added together.",
    ),
    _spec(
        "20-17.4.b",
        "§20-17(4)(b)",
        "Stable window and louvers",
        "Each stable needs a screened window and louvers on opposite sides for ventilation.",
        "stables where equines are kept",
    ),
    _spec(
        "20-18.3",
        "§20-18(3)",
        "Loft floor space",
        "Pigeons need a loft with at least one square foot of floor for each mature pigeon.",
        "lots keeping pigeons",
        {"sqft_per_mature_pigeon": Figure(1, _SQFT, "loft floor per mature pigeon")},
        "§20-18 numbers only its first two paragraphs; counting on, the floor-space paragraph "
        "is (3), disinfection being read as part of the cleaning paragraph (2).",
    ),
    _spec(
        "20-19",
        "§20-19",
        "Vermin control",
        "The holder must run a vermin control plan approved by the Board and carried out by a "
        "licensed pest control operator.",
        "every permit",
    ),
    _spec(
        "20-20.1",
        "§20-20(1)",
        "Documents of a new application",
        "A new application needs a site plan, a certified abutter list, a maintenance plan, the "
        "fly and vermin control method, construction and drainage details, and fencing details; "
        "the plan shows the proposed structure that houses the animals.",
        "new applications",
        reading="A new application whose plan describes no housing structure is 'missing', so "
        "that no setback passes for want of a structure.",
    ),
    _spec(
        "20-20.2",
        "§20-20(2)",
        "Approval of construction",
        "New or remodelled animal buildings must be approved by both the Board and the building "
        "inspector before the permit issues.",
        "new construction or remodelling",
        reading="An approval not yet given is 'pending' (a step of the process), so no variance "
        "stands in for it.",
    ),
    _spec(
        "20-20.9",
        "§20-20(9)",
        "Public hearing",
        "New applications and variance requests need a public hearing, announced to abutters by "
        "registered mail and in a local newspaper at least 14 days before, and an approving "
        "decision.",
        "new applications and variance requests",
        {"notice_days": Figure(14, "days", "notice before the public hearing")},
        "A hearing not yet held (or held after the decision date) is 'pending'; a notice that "
        "can still be given in time is 'pending', one given late or too late to give is 'fail'. "
        "A variance still to be decided is a request; a renewal that carries only granted "
        "variances needs no new hearing.",
    ),
)

_HOUSING = frozenset(HOUSING_KINDS)


def _binding(kinds: frozenset[str], figure: str) -> dict[str, str]:
    return dict.fromkeys(sorted(kinds), figure)


_INTERPRETATIONS = Interpretations(
    equine_species=frozenset(EQUINE_SPECIES),
    exempt_species=frozenset(EXEMPT_SPECIES),
    wild_species=frozenset(WILD_SPECIES),
    prohibited_species=frozenset({"rooster"}),
    pigeon_species=frozenset({"pigeon"}),
    poultry_species=frozenset(
        {"chicken", "rooster", "duck", "goose", "turkey", "guinea_fowl", "quail", "pheasant"}
    ),
    housing_kinds=_HOUSING,
    equine_maximum_is_in_all=True,
    corral_area_includes_stable_site=True,
    setback_bindings=frozen_mapping(
        {
            "20-15.4.a": frozen_mapping(_binding(_HOUSING, "minimum_ft")),
            "20-15.4.b": frozen_mapping(_binding(_HOUSING, "minimum_ft")),
            "20-15.4.d": frozen_mapping(_binding(_HOUSING, "minimum_ft")),
            "20-15.4.e": frozen_mapping(_binding(_HOUSING, "minimum_ft")),
            "20-15.4.f": frozen_mapping({"stable": "stable_ft", "corral": "corral_ft"}),
            "20-16.2": frozen_mapping(
                {"manure_storage": "minimum_ft", "manure_burial_pit": "minimum_ft"}
            ),
        }
    ),
    setback_features=frozen_mapping(
        {
            "20-15.4.a": ("property_line",),
            "20-15.4.b": ("wetland", "watercourse"),
            "20-15.4.d": ("well",),
            "20-15.4.e": ("sewage_disposal",),
            "20-15.4.f": ("public_way",),
            "20-16.2": ("dwelling", "abutting_dwelling"),
        }
    ),
    setback_feature_labels=frozen_mapping(
        {
            "20-15.4.a": "abutting property line",
            "20-15.4.b": "wetland or watercourse",
            "20-15.4.d": "drinking-water well",
            "20-15.4.e": "individual sewage disposal area",
            "20-15.4.f": "public way",
            "20-16.2": "dwelling",
        }
    ),
    enlargeable_rules=frozenset({"20-15.4.a", "20-15.4.b", "20-15.4.d", "20-15.4.e", "20-15.4.f"}),
    unwaivable_rules=frozenset({"20-20.9"}),
    # §20-15(4)(b) "in no event less than fifty (50) feet": below this figure no variance waives.
    variance_floors=frozen_mapping({"20-15.4.b": "floor_ft"}),
    grandfathering_cutoff=date(2002, 8, 1),
    absent_distance_beyond_ft=300,
    porous_fill_remedies=frozenset({"impervious", "stagnant_water"}),
    manure_containment_kinds=frozenset({"manure_storage", "manure_burial_pit"}),
    lot_line_features=("property_line", "lot_line"),
    equines_counted_per_lot=True,
    # §20-14, Abutter: "c) Abutters to Abutters within three hundred (300) feet of a property
    # line of the applicant".
    abutter_reach_ft=300,
)

_HUSBANDRY = Husbandry(
    pigeon_weekly_cleaning_from=(4, 15),
    pigeon_weekly_cleaning_to=(10, 15),
    pigeon_cleaning_in_season_days=7,
    pigeon_cleaning_off_season_days=14,
    pigeon_disinfections_per_year=4,
    pigeon_training_banned_from_hour=10,
    pigeon_training_banned_to_hour=15,
    pigeon_training_banned_months=(6, 9),
    pigeon_release_after_feeding_hours=4,
    dead_animal_disposal_hours=72,
)

STONEHAM_2002 = Ruleset(
    id="stoneham-boh-keeping-of-animals-2002",
    title="Stoneham Board of Health, Rules and Regulations for the Keeping of Animals (2002)",
    effective=date(2002, 8, 1),
    rules=frozen_mapping({spec.rule: spec for spec in _RULES}),
    interpretations=_INTERPRETATIONS,
    husbandry=_HUSBANDRY,
    statements=frozen_mapping(
        {
            # §20-20(3): "No animals in excess of the specified number shall be kept therein
            # without written permission from the Board of Health or its authorized agent."
            "permit.excess": Statement(
                "§20-20(3)",
                "No animals in excess of the number specified on this permit shall be kept "
                "without written permission from the Board of Health or its authorized agent.",
            ),
            # §20-20(5): permits expire on December 31 "unless sooner revoked by the Board of
            # Health upon violation of any of the provisions of these regulations".
            "revocation.grounds": Statement(
                "§20-20(5)",
                "A permit to keep animals expires on December 31 of each year unless the Board "
                "of Health revokes it sooner for a violation of any provision of the regulation.",
            ),
            # §20-20(6): the person whose permit is denied or revoked "shall be ordered to
            # remove all unlicensed animals from the property occupied by said animals".
            "revocation.removal": Statement(
                "§20-20(6)",
                "A person whose permit is revoked is ordered to remove all unlicensed animals "
                "from the property the animals occupy.",
            ),
        }
    ),
)
