"""The Regulations page's read model: the coverage map joined with the ruleset in force.

Everything shown comes from ``permits.rules`` (the provisions, the figures, the readings and
the checklist questions of the ruleset in force on the day asked for); this module only puts
it into the order and words a reader needs. Nothing here touches the database.
"""

from __future__ import annotations

import calendar
from dataclasses import dataclass
from datetime import date, time

from django.urls import reverse
from django.utils.dateformat import time_format

from hearings.ruleset_in_force import amendments_in_force, ruleset_on
from permits.figures import quantity_text
from permits.regulations import official
from permits.regulations.links import provision_slug
from permits.rules.checklist import checklist
from permits.rules.coverage import ENFORCEMENT_KINDS, PROVISIONS, Provision
from permits.rules.ruleset import RULESETS
from permits.rules.ruleset_model import Ruleset
from permits.rules.wording import listing, num, quantity
from stoneham_boh.lib.dates import long_date

#: The regulation's sections, with the headings of the original text.
SECTIONS = (
    ("§20-13", "Purpose"),
    ("§20-14", "Definitions"),
    ("§20-15", "General requirements"),
    ("§20-16", "Sanitary requirements"),
    ("§20-17", "Keeping of horses"),
    ("§20-18", "Keeping of pigeons"),
    ("§20-19", "Vermin control"),
    ("§20-20", "Applications, permits, fees"),
    ("§20-21", "Variance"),
    ("§20-22", "Right of entry"),
    ("§20-23", "Adoption and effect"),
)

ENFORCEMENT_LABELS = {
    "rule": "Automated rule",
    "checklist": "Inspection checklist",
    "workflow": "Workflow step",
    "not_decidable": "Not decidable by software",
}

#: The filter chips' short names, in the order shown.
FILTER_LABELS = {
    "": "All",
    "rule": "Automated",
    "checklist": "Checklist",
    "workflow": "Workflow",
    "not_decidable": "Not decidable",
}

AUDIENCE_LABELS = {
    "all": "every facility",
    "equines": "facilities keeping horses, ponies, donkeys or mules",
    "pigeons": "facilities keeping pigeons",
    "poultry": "facilities keeping poultry",
    "wild": "facilities keeping a wild animal",
    "manure_burial": "facilities that bury manure",
    "manure_off_site": "facilities that take manure away",
    "manure_compost": "facilities that compost manure",
}

#: What each workflow step of the coverage map means to an applicant, and the public page
#: that shows it where there is one. A step missing here fails tests/permits.
WORKFLOW_STEPS: dict[str, tuple[str, str]] = {
    "application.permit_required_by_species": (
        "The application lists the animals kept; only cats, dogs and hamsters need no permit.",
        "permits:pre-check",
    ),
    "application.submit": (
        "A new application is taken in on the Board's form with its plans and documents.",
        "",
    ),
    "application.record_setback_enlargement": (
        "The Board records a larger setback it requires in a particular case.",
        "",
    ),
    "application.record_construction_approval": (
        "The approvals of the Board and the building inspector are recorded before issue.",
        "",
    ),
    "application.record_construction_completed": (
        "The building inspector's approval (its date and document) and the agent's final "
        "inspection of the completed construction are recorded before issue; a remodel "
        "declared at renewal needs approvals of its own.",
        "",
    ),
    "fee.schedule_at_application": (
        "The fee comes from the schedule in force on the day of application or renewal.",
        "",
    ),
    "hearing.certified_abutter_list": (
        "The abutter list certified by the Town Assessor is kept with the application.",
        "",
    ),
    "hearing.schedule": (
        "The public hearing is scheduled at a Board meeting.",
        "hearings:public-hearings",
    ),
    "hearing.mail_notices": (
        "Abutters are notified by registered mail and the legal notice goes to the newspaper.",
        "hearings:public-hearings",
    ),
    "hearing.record_decision": ("The Board's decision after the hearing is recorded.", ""),
    "inspection.record": ("An agent inspects the property and records the findings.", ""),
    "inspection.order": ("A finding on inspection leads to a written order to correct it.", ""),
    "inspection.porous_fill_before_filling": (
        "An agent inspects the excavation before porous fill is placed.",
        "",
    ),
    "permit.issue": ("The permit is issued only once every automated rule is met.", ""),
    "permit.renew": ("Permits are renewed every year.", ""),
    "permit.revoke": ("The Board may revoke a permit for a violation.", ""),
    "permit.expires_december_31": ("Every permit expires on December 31 of its year.", ""),
    "permit.lists_exact_animals": (
        "The printed permit states the exact number and kind of animals.",
        "",
    ),
    "permit.not_transferable": ("The printed permit says it is not transferable.", ""),
    "permit.removal_order": (
        "On denial or revocation, the keeper is ordered to remove the unlicensed animals.",
        "",
    ),
    "ruleset.in_force_on_decision_date": (
        "Every decision applies the rules in force on the day it is made.",
        "permits:regulations",
    ),
    "variance.grant_in_writing": (
        "A variance is granted in a written decision, with its conditions and any expiry.",
        "",
    ),
    "variance.public_register": (
        "Every variance in effect is listed on the public register.",
        "hearings:variance-register",
    ),
}

#: What carries out each workflow step: the action, read or printed page that does it, as a
#: dotted path to a callable of the project or "url:" and a URL name. The coverage map claims
#: no step without one; tests/permits/regulations resolve every entry.
WORKFLOW_DONE_BY: dict[str, tuple[str, ...]] = {
    "application.permit_required_by_species": (
        "permits.actions.set_animals",
        "url:permits:pre-check",
    ),
    "application.submit": ("permits.actions.submit_application",),
    "application.record_setback_enlargement": ("hearings.actions.decisions.record_decision",),
    "application.record_construction_approval": (
        "hearings.actions.approvals.request_board_approval",
        "hearings.actions.decisions.record_decision",
    ),
    "application.record_construction_completed": (
        "permits.actions.record_building_inspector_approval",
        "inspections.actions.record_inspection",
    ),
    "fee.schedule_at_application": (
        "permits.eligibility.fee_due",
        "permits.actions.record_payment",
    ),
    "hearing.certified_abutter_list": (
        "facilities.actions.import_abutters",
        "facilities.actions.certify_abutter_list",
    ),
    "hearing.schedule": ("hearings.actions.docket.schedule_hearing",),
    "hearing.mail_notices": (
        "hearings.actions.mailing.record_mailing",
        "hearings.actions.legal_notice.send_legal_notice",
    ),
    "hearing.record_decision": ("hearings.actions.decisions.record_decision",),
    "inspection.record": ("inspections.actions.record_inspection",),
    "inspection.order": ("inspections.actions.issue_order",),
    "inspection.porous_fill_before_filling": (
        "inspections.actions.schedule_inspection",
        "inspections.actions.record_inspection",
    ),
    "permit.issue": ("permits.actions.issue_permit",),
    "permit.renew": ("permits.actions.start_renewal",),
    "permit.revoke": (
        "hearings.actions.revocation.open_revocation",
        "hearings.actions.revocation.record_holder_notice",
        "hearings.actions.decisions.record_decision",
    ),
    "permit.expires_december_31": ("permits.models.permit_expiry",),
    "permit.lists_exact_animals": ("url:permits:permit-pdf",),
    "permit.not_transferable": ("url:permits:permit-pdf", "permits.eligibility.refusals_to_issue"),
    "permit.removal_order": (
        "hearings.actions.decisions.record_decision",
        "url:hearings:decision-pdf",
    ),
    "ruleset.in_force_on_decision_date": ("permits.rules.ruleset.ruleset_in_force",),
    "variance.grant_in_writing": (
        "hearings.actions.decisions.record_decision",
        "url:hearings:decision-pdf",
    ),
    "variance.public_register": ("url:hearings:variance-register",),
}

#: Figures the checklist uses that the ruleset keeps under ``husbandry`` (not tied to a rule):
#: the provision each belongs to, the field, its unit and what it measures.
HUSBANDRY_FIGURES = (
    ("§20-16(7)", "dead_animal_disposal_hours", "hours", "time to take a dead animal away"),
    (
        "§20-18(2)",
        "pigeon_cleaning_in_season_days",
        "days",
        "longest gap between loft cleanings in season",
    ),
    (
        "§20-18(2)",
        "pigeon_cleaning_off_season_days",
        "days",
        "longest gap between loft cleanings out of season",
    ),
    ("§20-18(2)", "pigeon_disinfections_per_year", "times a year", "loft disinfections"),
    (
        "§20-18(7)",
        "pigeon_release_after_feeding_hours",
        "hours",
        "wait after feeding before release",
    ),
)


#: Each provision's place in the regulation, to list figures in the regulation's order.
_ORDER = {entry.citation: index for index, entry in enumerate(PROVISIONS)}


@dataclass(frozen=True, slots=True)
class FigureRow:
    label: str
    text: str


@dataclass(frozen=True, slots=True)
class CitedFigure:
    citation: str
    slug: str
    figure: FigureRow


@dataclass(frozen=True, slots=True)
class RuleRow:
    """A catalogue rule with the figures it compares against in the ruleset shown."""

    rule: str
    citation: str
    slug: str
    title: str
    applies_to: str
    figures: tuple[FigureRow, ...]
    reading: str


@dataclass(frozen=True, slots=True)
class LinkRow:
    text: str
    url: str
    detail: str = ""


@dataclass(frozen=True, slots=True)
class Reading:
    """An interpretation the Board adopted: what it is about, the reading, any list it names."""

    topic: str
    text: str
    items: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class ProvisionEntry:
    citation: str
    slug: str
    title: str
    summary: str
    kinds: tuple[tuple[str, str], ...]
    figures: tuple[FigureRow, ...]
    own_rules: tuple[RuleRow, ...]
    related_rules: tuple[LinkRow, ...]
    checklist: tuple[LinkRow, ...]
    workflow: tuple[LinkRow, ...]
    not_decidable: str
    #: The original's words, paragraph by paragraph (permits/regulations/official.py).
    official: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Section:
    citation: str
    slug: str
    title: str
    provisions: tuple[ProvisionEntry, ...]

    @property
    def single(self) -> bool:
        """The section is one provision (§20-13, §20-19...): its heading is the provision's."""
        return len(self.provisions) == 1 and self.provisions[0].citation == self.citation


@dataclass(frozen=True, slots=True)
class RulesetView:
    """Which ruleset the page shows, and why that one."""

    title: str
    id: str
    effective: date
    on: date
    until: date | None
    before_first: bool
    #: The Board's amendments in force on `on`: (citation, figure label, value with unit, from).
    amendments: tuple = ()


def section_of(citation: str) -> str:
    """``§20-15(4)(a)`` -> ``§20-15``."""
    return citation.split("(", 1)[0]


def _url(name: str) -> str:
    """The page's address; a step without a page of its own has no link."""
    return reverse(name) if name else ""


def workflow_row(step: str) -> LinkRow:
    text, url_name = WORKFLOW_STEPS.get(step, (step.replace("_", " ").replace(".", ": "), ""))
    return LinkRow(text=text, url=_url(url_name), detail=step)


def rule_row(ruleset: Ruleset, rule: str) -> RuleRow:
    spec = ruleset.rules[rule]
    return RuleRow(
        rule=rule,
        citation=spec.citation,
        slug=provision_slug(spec.citation),
        title=spec.title,
        applies_to=spec.applies_to,
        figures=tuple(
            FigureRow(figure.label, quantity_text(figure.value, figure.unit))
            for figure in spec.figures.values()
        ),
        reading=spec.reading,
    )


def husbandry_figures(ruleset: Ruleset) -> tuple[CitedFigure, ...]:
    """The inspection figures of ``ruleset`` (not compared by any rule), each with its citation."""
    h = ruleset.husbandry
    rows = [
        (citation, FigureRow(label, quantity_text(getattr(h, field), unit)))
        for citation, field, unit, label in HUSBANDRY_FIGURES
    ]
    rows.append(("§20-18(2)", FigureRow("weekly cleaning season", pigeon_cleaning_season(ruleset))))
    rows.append(
        ("§20-18(5)", FigureRow("no training or exercise", pigeon_training_window(ruleset)))
    )
    rows.sort(key=lambda row: _ORDER[row[0]])
    return tuple(CitedFigure(citation, provision_slug(citation), row) for citation, row in rows)


def pigeon_training_window(ruleset: Ruleset) -> str:
    """``10 AM to 3 PM, June to September``."""
    h = ruleset.husbandry
    first, last = h.pigeon_training_banned_months
    hours = (
        time_format(time(hour), "g A")
        for hour in (
            h.pigeon_training_banned_from_hour,
            h.pigeon_training_banned_to_hour,
        )
    )
    return f"{' to '.join(hours)}, {calendar.month_name[first]} to {calendar.month_name[last]}"


def pigeon_cleaning_season(ruleset: Ruleset) -> str:
    """``April 15 to October 15``."""
    h = ruleset.husbandry
    ends = (h.pigeon_weekly_cleaning_from, h.pigeon_weekly_cleaning_to)
    return " to ".join(f"{calendar.month_name[month]} {day}" for month, day in ends)


def provision_entry(
    entry: Provision, ruleset: Ruleset, questions: dict[str, LinkRow] | None = None
) -> ProvisionEntry:
    """One provision as the page shows it, with the figures of ``ruleset``.

    A rule is shown in full (figures, reading) under the provision it cites, and as a link
    under any other provision that also relies on it, so that each figure appears once.
    """
    questions = questions if questions is not None else _questions(ruleset)
    known = [rule for rule in entry.rules if rule in ruleset.rules]
    own = tuple(
        rule_row(ruleset, rule) for rule in known if ruleset.rules[rule].citation == entry.citation
    )
    related = tuple(
        LinkRow(
            text=ruleset.rules[rule].title,
            url=reverse(
                "permits:regulation-detail", args=[provision_slug(ruleset.rules[rule].citation)]
            ),
            detail=f"{rule}, {ruleset.rules[rule].citation}",
        )
        for rule in known
        if ruleset.rules[rule].citation != entry.citation
    )
    figures = tuple(
        FigureRow(figure.label, figure.text) for row in own for figure in row.figures
    ) + tuple(row.figure for row in husbandry_figures(ruleset) if row.citation == entry.citation)
    return ProvisionEntry(
        citation=entry.citation,
        slug=provision_slug(entry.citation),
        title=entry.title,
        summary=entry.summary,
        kinds=tuple((kind, ENFORCEMENT_LABELS[kind]) for kind in entry.enforcement),
        figures=figures,
        own_rules=own,
        related_rules=related,
        checklist=tuple(questions[item] for item in entry.checklist if item in questions),
        workflow=tuple(workflow_row(step) for step in entry.workflow),
        not_decidable=entry.not_decidable,
        official=official.quote(entry.citation),
    )


def _questions(ruleset: Ruleset) -> dict[str, LinkRow]:
    return {
        item.id: LinkRow(
            text=item.question,
            url="",
            detail=AUDIENCE_LABELS.get(item.applies_to, item.applies_to),
        )
        for item in checklist(ruleset)
    }


def ruleset_view(on: date) -> tuple[Ruleset, RulesetView]:
    ruleset = ruleset_on(on)
    later = [other.effective for other in RULESETS if other.effective > ruleset.effective]
    return ruleset, RulesetView(
        title=ruleset.title,
        id=ruleset.id,
        effective=ruleset.effective,
        on=on,
        until=min(later) if later else None,
        before_first=on < RULESETS[0].effective,
        amendments=tuple(
            (
                ruleset.rules[change.rule].citation,
                ruleset.rules[change.rule].figures[change.figure].label,
                quantity(change.value, ruleset.rules[change.rule].figures[change.figure].unit),
                change.in_force_from,
            )
            for change in amendments_in_force(on)
            if change.rule in ruleset.rules
        ),
    )


def sections(ruleset: Ruleset, enforced: str = "") -> tuple[Section, ...]:
    """The provisions in the regulation's order, grouped by section; ``enforced`` keeps only
    those enforced that way (one of ``ENFORCEMENT_KINDS``; "" keeps all)."""
    questions = _questions(ruleset)
    grouped: dict[str, list[ProvisionEntry]] = {citation: [] for citation, _ in SECTIONS}
    for entry in PROVISIONS:
        if enforced and enforced not in entry.enforcement:
            continue
        grouped.setdefault(section_of(entry.citation), []).append(
            provision_entry(entry, ruleset, questions)
        )
    titles = dict(SECTIONS)
    return tuple(
        Section(citation, provision_slug(citation), titles.get(citation, ""), tuple(entries))
        for citation, entries in grouped.items()
        if entries
    )


def filter_counts() -> dict[str, int]:
    """How many provisions each filter chip keeps."""
    counts = dict.fromkeys(ENFORCEMENT_KINDS, 0)
    for entry in PROVISIONS:
        for kind in entry.enforcement:
            counts[kind] += 1
    return {"": len(PROVISIONS), **counts}


def figures_by_rule(ruleset: Ruleset) -> tuple[RuleRow, ...]:
    """Every catalogue rule of ``ruleset`` with its figures and reading, in catalogue order."""
    return tuple(rule_row(ruleset, rule) for rule in ruleset.catalogue)


#: The site conditions of §20-17(2), as the remedies reading names them.
_SITE_CONDITIONS = {
    "flood_prone": "flood-prone ground",
    "impervious": "impervious soil",
    "stagnant_water": "stagnant water",
}


def _names(kinds) -> str:
    """``{"pony", "horse"}`` -> ``horse and pony``: vocabulary words as a reader writes them."""
    return listing(sorted(kind.replace("_", " ") for kind in kinds))


def _citations(ruleset: Ruleset, rules) -> str:
    return listing(
        [ruleset.rules[rule].citation for rule in sorted(rules) if rule in ruleset.rules]
    )


def interpretations(ruleset: Ruleset) -> tuple[Reading, ...]:
    """The readings the Board has adopted where the text is unclear, in plain words.

    Each is worded from the ruleset's data, so a reading the Board changes shows changed here.
    """
    i = ruleset.interpretations
    cutoff = long_date(i.grandfathering_cutoff)
    return (
        Reading("Horses", f"Every equine counts as a horse: {_names(i.equine_species)} (§20-17)."),
        Reading(
            "Most horses on one lot",
            "“Additional and maximum of three (3) horses” is read as "
            + ("three in all" if i.equine_maximum_is_in_all else "one plus three more")
            + " (§20-17(1)).",
        ),
        Reading(
            "Corral area",
            "The corral minimum includes the stable site: stable floor area counts toward it "
            "(§20-17(3))."
            if i.corral_area_includes_stable_site
            else "The corral minimum does not include the stable site (§20-17(3)).",
        ),
        Reading(
            "Which structures each setback binds",
            "The regulation says “animal buildings”; the Board reads each setback as binding:",
            tuple(
                f"{ruleset.rules[rule].citation}: {_names(kinds)}"
                for rule, kinds in i.setback_bindings.items()
                if rule in ruleset.rules
            ),
        ),
        Reading(
            "Setbacks the Board may enlarge in a particular case",
            f"{_citations(ruleset, i.enlargeable_rules)} (§20-15(4), last paragraph).",
        ),
        Reading(
            "Not open to a variance",
            f"{_citations(ruleset, i.unwaivable_rules)}: a variance request itself needs the "
            "public hearing (§20-21).",
        ),
        Reading(
            "Permits issued before the regulation",
            f"A permit first issued before {cutoff} is renewed under the earlier rules while "
            "its conditions are unchanged (§20-20(8)).",
        ),
        Reading(
            "Porous fill on a horse site",
            "Porous fill the Board inspected remedies "
            + listing([_SITE_CONDITIONS.get(c, c) for c in sorted(i.porous_fill_remedies)])
            + " (§20-17(2)).",
        ),
        Reading(
            "No permit needed",
            f"Species outside the regulation: {_names(i.exempt_species)} (§20-14, Animal).",
        ),
        Reading(
            "Wild animals",
            # The vocabulary's generic species "wild" is the "marked wild" case, said in words.
            f"Species counted as wild: {_names(i.wild_species - {'wild'})}, and any animal an "
            "application marks wild (§20-15(10)).",
        ),
        Reading("Prohibited", f"Species not allowed: {_names(i.prohibited_species)} (§20-15(11))."),
        Reading(
            "A distance left blank",
            f"Means no such feature within {num(i.absent_distance_beyond_ft)} ft of the "
            "structure (the rules contract).",
        ),
    )


def provision_neighbours(citation: str) -> tuple[Provision | None, Provision | None]:
    """The provisions before and after ``citation``, for paging through them one by one."""
    index = next(n for n, entry in enumerate(PROVISIONS) if entry.citation == citation)
    before = PROVISIONS[index - 1] if index > 0 else None
    after = PROVISIONS[index + 1] if index + 1 < len(PROVISIONS) else None
    return before, after


def provision_card_link(entry: Provision) -> LinkRow:
    """A link to ``entry``'s own page, named by citation and title."""
    slug = provision_slug(entry.citation)
    return LinkRow(
        text=entry.title,
        url=reverse("permits:regulation-detail", args=[slug]),
        detail=entry.citation,
    )
