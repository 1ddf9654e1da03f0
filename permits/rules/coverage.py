"""The coverage map: every numbered provision of §20-13 to §20-23 and how the system enforces it.

Four ways, which may combine:

* ``rule`` - decided from an application's facts by the catalogue rules (``targets.rules``);
* ``checklist`` - checked in the field on an inspection (``targets.checklist``, item ids of
  :mod:`permits.rules.checklist`);
* ``workflow`` - a step of the permit process (``targets.workflow``, named steps);
* ``not_decidable`` - outside the Board's system, with the reason.

Unnumbered paragraphs are counted on from the last number, as the contract does for §20-17(2)
and §20-18(3); §20-15(4) has no paragraph (c) in the original.
"""

from __future__ import annotations

from dataclasses import dataclass

from .ruleset import CATALOGUE

ENFORCEMENT_KINDS = ("rule", "checklist", "workflow", "not_decidable")


@dataclass(frozen=True, slots=True)
class Provision:
    citation: str
    title: str
    summary: str
    rules: tuple[str, ...] = ()
    checklist: tuple[str, ...] = ()
    workflow: tuple[str, ...] = ()
    not_decidable: str = ""

    @property
    def enforcement(self) -> tuple[str, ...]:
        """The kinds of enforcement, in :data:`ENFORCEMENT_KINDS` order."""
        present = {
            "rule": bool(self.rules),
            "checklist": bool(self.checklist),
            "workflow": bool(self.workflow),
            "not_decidable": bool(self.not_decidable),
        }
        return tuple(kind for kind in ENFORCEMENT_KINDS if present[kind])

    @property
    def targets(self) -> dict[str, tuple[str, ...] | str]:
        """What enforces it, by kind (the reason, for ``not_decidable``)."""
        found: dict[str, tuple[str, ...] | str] = {}
        if self.rules:
            found["rule"] = self.rules
        if self.checklist:
            found["checklist"] = self.checklist
        if self.workflow:
            found["workflow"] = self.workflow
        if self.not_decidable:
            found["not_decidable"] = self.not_decidable
        return found


_P = Provision
_SETBACKS = ("20-15.4.a", "20-15.4.b", "20-15.4.d", "20-15.4.e", "20-15.4.f")

PROVISIONS: tuple[Provision, ...] = (
    _P(
        "§20-13",
        "Purpose",
        "The Board licenses the keeping of animals to protect public health and safety.",
        not_decidable="States the purpose of the regulation; it imposes no duty of its own.",
    ),
    _P(
        "§20-14",
        "Definitions",
        "Defines the words used: abutters within 300 ft, animals (cats, dogs and hamsters are not "
        "covered), impervious soil (percolation slower than 20 min/inch), wild animals and more.",
        rules=("20-15.10", "20-17.2"),
        workflow=("application.permit_required_by_species", "hearing.certified_abutter_list"),
    ),
    _P(
        "§20-15(1)",
        "Permit required, renewed every year",
        "Keeping animals needs a written permit from the Board, renewed annually.",
        checklist=("20-15.1.all-animals-permitted",),
        workflow=("application.permit_required_by_species", "permit.renew"),
    ),
    _P(
        "§20-15(2)",
        "Zoning",
        "The keeping of animals must meet local zoning.",
        not_decidable="Zoning compliance is determined by the Building Department (zoning "
        "enforcement), not the Board of Health.",
    ),
    _P(
        "§20-15(3)",
        "Zoning and building code for the structure",
        "The animal building must meet zoning and the State building code.",
        not_decidable="Building code and zoning compliance are the Building Department's to "
        "decide; the Board records its approval under §20-20(2).",
    ),
    _P(
        "§20-15(4)",
        "Minimum distances, which the Board may enlarge",
        "Animal buildings must keep the distances in (a) to (f); the Board may require more in a "
        "particular case.",
        rules=_SETBACKS,
        workflow=("application.record_setback_enlargement",),
    ),
    _P(
        "§20-15(4)(a)",
        "50 ft from abutting property lines",
        "Animal housing at least 50 ft from any abutting property line.",
        rules=("20-15.4.a",),
    ),
    _P(
        "§20-15(4)(b)",
        "100 ft from wetlands and watercourses",
        "Animal housing at least 100 ft from wetlands or watercourses, or less if the "
        "Conservation Commission allows, never under 50 ft (no variance goes under it).",
        rules=("20-15.4.b",),
    ),
    _P(
        "§20-15(4)(d)",
        "100 ft from drinking-water wells",
        "Animal housing at least 100 ft from a drinking-water well.",
        rules=("20-15.4.d",),
    ),
    _P(
        "§20-15(4)(e)",
        "10 ft from septic systems",
        "Animal housing at least 10 ft from any part of a sewage disposal area.",
        rules=("20-15.4.e",),
    ),
    _P(
        "§20-15(4)(f)",
        "Distance from public ways",
        "Stables at least 35 ft and corrals at least 15 ft from any public way.",
        rules=("20-15.4.f",),
    ),
    _P(
        "§20-15(5)",
        "Facility approved by the Board",
        "No structure may be used for animals needing a permit until the Board approves it.",
        rules=("20-20.2",),
        workflow=("permit.issue",),
    ),
    _P(
        "§20-15(6)",
        "Clean and disinfected",
        "The facility must be kept clean, sanitary and tidy and disinfected from time to time.",
        checklist=("20-15.6.clean", "20-15.6.disinfected"),
        workflow=("inspection.order",),
    ),
    _P(
        "§20-15(7)",
        "Secure fencing; no roaming",
        "The facility must be fenced so animals cannot escape, and no animal may roam unattended.",
        rules=("20-15.7",),
        checklist=("20-15.7.fenced", "20-15.7.not-roaming"),
    ),
    _P(
        "§20-15(8)",
        "Barriers",
        "Fences or other barriers where children could wander in or the facility bothers an "
        "abutter.",
        checklist=("20-15.8.barriers",),
    ),
    _P(
        "§20-15(9)",
        "Potable water",
        "Drinkable water at the structure for feeding and cleaning.",
        rules=("20-15.9",),
        checklist=("20-15.9.potable-water",),
    ),
    _P(
        "§20-15(10)",
        "Wild animals",
        "Wild animals only with the Board's express written approval.",
        rules=("20-15.10",),
        checklist=("20-15.10.wild-approved",),
    ),
    _P(
        "§20-15(11)",
        "No roosters",
        "Roosters are not allowed in Stoneham.",
        rules=("20-15.11",),
        checklist=("20-15.11.no-roosters",),
    ),
    _P(
        "§20-16(1)(a)",
        "Floors and ground",
        "Floors and ground must not be built or kept so as to cause unsanitary conditions.",
        checklist=("20-16.1.a.floor",),
    ),
    _P(
        "§20-16(1)(b)",
        "No runoff onto neighbours",
        "No urine or manure runoff onto a neighbour's land, a public way or a watercourse.",
        checklist=("20-16.1.b.no-runoff",),
    ),
    _P(
        "§20-16(2)",
        "Manure storage",
        "Manure kept in a suitable pit or receptacle at least 100 ft from any dwelling, placed "
        "with thought for abutters, watercourses and the wind.",
        rules=("20-16.2",),
        checklist=("20-16.2.manure-contained", "20-16.2.manure-distance"),
    ),
    _P(
        "§20-16(3)(a)",
        "No stockpiling",
        "No manure piled or stored outside the pit or receptacle.",
        rules=("20-16.3.a",),
        checklist=("20-16.3.a.no-stockpile",),
    ),
    _P(
        "§20-16(3)(b)",
        "Burial pits",
        "A manure burial pit 25 ft from lot lines, 100 ft from abutting dwellings and "
        "watercourses, in well-drained soil, 3 ft above groundwater.",
        rules=("20-16.3.b",),
        checklist=("20-16.3.b.burial-pit",),
    ),
    _P(
        "§20-16(3)(c)",
        "Warm-weather treatment",
        "In warm weather manure is limed (or treated with superphosphate) and sprayed against "
        "flies.",
        checklist=("20-16.3.c.warm-weather",),
    ),
    _P(
        "§20-16(3)(d)",
        "Off-property disposal",
        "The Board may require manure to be taken away; it must never go out with the trash.",
        checklist=("20-16.3.d.off-site",),
        workflow=("inspection.order",),
    ),
    _P(
        "§20-16(3)(e)",
        "Composting",
        "Composting only with the Board's specific approval.",
        rules=("20-16.3.e",),
        checklist=("20-16.3.e.compost-approved",),
    ),
    _P(
        "§20-16(4)",
        "Animals clean and healthy",
        "Animals must be kept clean and healthy.",
        checklist=("20-16.4.animals-healthy",),
    ),
    _P(
        "§20-16(5)",
        "Feed storage",
        "Feed stored in sealed, moisture- and vermin-proof containers; none left out overnight.",
        checklist=("20-16.5.feed-sealed", "20-16.5.no-feed-overnight"),
    ),
    _P(
        "§20-16(6)",
        "No vermin infestation",
        "No infestation of vermin; ignoring an order to abate it can cost the permit.",
        checklist=("20-16.6.no-vermin",),
        workflow=("inspection.order", "permit.revoke"),
    ),
    _P(
        "§20-16(7)",
        "Dead animals",
        "Dead animals go to a State-approved facility within 72 hours of death.",
        checklist=("20-16.7.dead-animals",),
    ),
    _P(
        "§20-16(8)",
        "No accumulated manure",
        "Manure must be cleaned up before it builds up into odours or a nuisance.",
        checklist=("20-16.8.no-accumulation",),
    ),
    _P(
        "§20-17(1)",
        "Horses and acreage",
        "One acre per horse, three horses at most.",
        rules=("20-17.1",),
    ),
    _P(
        "§20-17(2)",
        "Site of a horse facility",
        "Well-drained land not liable to flood; impervious soil or stagnant water only with "
        "porous fill the Board inspected before filling (fill does not cure flooding).",
        rules=("20-17.2",),
        checklist=("20-17.2.site-drained", "20-17.2.fill-inspected"),
        workflow=("inspection.porous_fill_before_filling",),
    ),
    _P(
        "§20-17(3)",
        "Corral",
        "A sturdy, visible corral fence at least 6 ft high; 1,000 sq ft for one horse, stable "
        "site included, plus 300 per extra horse.",
        rules=("20-17.3",),
        checklist=("20-17.3.corral-fence", "20-17.3.corral-area"),
    ),
    _P(
        "§20-17(4)",
        "Stable",
        "A stable of 100 sq ft for one horse plus 60 per extra horse, with storage and potable "
        "water, meeting zoning and the building code.",
        rules=("20-17.4",),
        checklist=("20-17.4.stable-size",),
    ),
    _P(
        "§20-17(4)(a)",
        "Doors and ventilation",
        "Doors big enough for horses; a ceiling high enough to ventilate.",
        checklist=("20-17.4.a.doors", "20-17.4.a.ventilation"),
    ),
    _P(
        "§20-17(4)(b)",
        "Window and louvers",
        "A screened window and louvers on opposite sides.",
        rules=("20-17.4.b",),
        checklist=("20-17.4.b.screened-window", "20-17.4.b.louvers"),
    ),
    _P(
        "§20-17(4)(c)",
        "Stable floor",
        "A floor that drains urine and is easy to muck out.",
        checklist=("20-17.4.c.floor-drainage",),
    ),
    _P(
        "§20-17(5)",
        "Never loose or tethered alone",
        "A horse is never left to roam free, nor tethered and unattended.",
        checklist=("20-17.5.never-loose",),
    ),
    _P(
        "§20-18(1)",
        "Loft size and condition",
        "Pigeon lofts big enough, well built, clean and sanitary.",
        checklist=("20-18.1.loft-condition",),
    ),
    _P(
        "§20-18(2)",
        "Loft cleaning and disinfection",
        "Droppings cleaned weekly from April 15 to October 15, fortnightly otherwise; the loft "
        "disinfected at least four times a year.",
        checklist=("20-18.2.cleaning", "20-18.2.disinfection"),
    ),
    _P(
        "§20-18(3)",
        "Loft floor space",
        "One square foot of floor per mature pigeon.",
        rules=("20-18.3",),
        checklist=("20-18.3.floor-space",),
    ),
    _P(
        "§20-18(4)",
        "Flying over abutters",
        "Keep pigeons from flying or roosting over neighbours; disturbance can cost the permit.",
        checklist=("20-18.4.flying-over-abutters",),
        workflow=("permit.revoke",),
    ),
    _P(
        "§20-18(5)",
        "Training hours",
        "No training or exercise from 10 am to 3 pm, June to September.",
        checklist=("20-18.5.no-training-hours",),
    ),
    _P(
        "§20-18(6)",
        "Supervised exercise",
        "Exercise only under the owner's or a designee's direct supervision.",
        checklist=("20-18.6.supervised-exercise",),
    ),
    _P(
        "§20-18(7)",
        "No release after feeding",
        "No release to fly within four hours of feeding.",
        checklist=("20-18.7.no-release-after-feeding",),
    ),
    _P(
        "§20-19",
        "Vermin control",
        "An approved vermin control plan carried out by a licensed pest control operator.",
        rules=("20-19",),
        checklist=("20-19.plan-carried-out",),
    ),
    _P(
        "§20-20(1)",
        "Application and plans",
        "New applications on the Board's form, with a site plan, abutters, maintenance and fly "
        "and vermin plans, construction and drainage details, and fencing.",
        rules=("20-20.1",),
        workflow=("application.submit",),
    ),
    _P(
        "§20-20(2)",
        "Plans for construction",
        "Plans for new or remodelled animal buildings go to the Board (and the building "
        "inspector) before work starts.",
        rules=("20-20.2",),
        workflow=("application.record_construction_approval",),
    ),
    _P(
        "§20-20(2)(a)",
        "Permit after approval of construction",
        "The permit issues only once the building is finished and approved by the Board and "
        "the building inspector.",
        rules=("20-20.2",),
        checklist=("20-20.2.a.construction-complete",),
        workflow=("permit.issue", "application.record_construction_completed"),
    ),
    _P(
        "§20-20(2)(b)",
        "Preliminary approval for a building permit",
        "Where a building permit is needed, the Board forwards its preliminary approval.",
        not_decidable="The forwarding is a letter from the Board to the Building Department, "
        "outside this system; the system records the Board's vote approving the plans "
        "(§20-20(2)) that such a letter would carry.",
    ),
    _P(
        "§20-20(3)",
        "Exact animals on the permit",
        "The permit states the exact number and kind of animals; more needs written permission.",
        checklist=("20-20.3.animals-as-permitted",),
        workflow=("permit.lists_exact_animals",),
    ),
    _P(
        "§20-20(4)",
        "Fees",
        "The fee is the one scheduled when applying or renewing.",
        workflow=("fee.schedule_at_application",),
    ),
    _P(
        "§20-20(5)",
        "Expiry",
        "Permits expire on December 31 unless revoked sooner.",
        workflow=("permit.expires_december_31", "permit.revoke"),
    ),
    _P(
        "§20-20(6)",
        "Removal on denial or revocation",
        "Whoever is denied or revoked is ordered to remove the unlicensed animals.",
        workflow=("permit.removal_order",),
    ),
    _P(
        "§20-20(7)",
        "Not transferable",
        "A permit cannot be transferred.",
        workflow=("permit.not_transferable",),
    ),
    _P(
        "§20-20(8)",
        "Permits issued before the regulation",
        "Earlier permits may be renewed under the old rules while nothing has changed and no "
        "harm arises; fees follow the new schedule.",
        rules=CATALOGUE,
        workflow=("permit.renew", "fee.schedule_at_application"),
    ),
    _P(
        "§20-20(9)",
        "Public hearing",
        "New applications and variance requests need a public hearing, noticed to abutters by "
        "registered mail and in a newspaper at least 14 days ahead.",
        rules=("20-20.9",),
        workflow=("hearing.schedule", "hearing.mail_notices", "hearing.record_decision"),
    ),
    _P(
        "§20-21",
        "Variance",
        "The Board may vary a provision to avoid manifest injustice; variances are in writing, "
        "open to the public while in effect, and may carry conditions and time limits.",
        rules=tuple(rule for rule in CATALOGUE if rule != "20-20.9"),
        workflow=("variance.grant_in_writing", "variance.public_register"),
    ),
    _P(
        "§20-22",
        "Right of entry",
        "Inspectors may enter and inspect at any reasonable time.",
        workflow=("inspection.record",),
    ),
    _P(
        "§20-23",
        "Adoption and effect",
        "Adopted June 25, 2002; in force from August 1, 2002.",
        workflow=("ruleset.in_force_on_decision_date",),
    ),
)


def provision(citation: str) -> Provision:
    """The provision cited (raises ``KeyError`` if the map has no such entry)."""
    for entry in PROVISIONS:
        if entry.citation == citation:
            return entry
    raise KeyError(citation)
