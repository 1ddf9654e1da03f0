"""The public pre-check: a planned keeping, judged by the same rules as the clerk's screens.

The plan typed into the form becomes unsaved model instances, which the one adapter
(`permits.facts_from_records.evaluate_parts`) turns into facts and hands to the rules module.
Nothing is saved. The findings are then split in two:

* the rules about the keeping itself (setbacks, acreage, areas, roosters, wild animals,
  manure...), shown rule by rule as "would comply", "would not comply" or "we need to know";
* the steps of the application process (documents, hearing, construction approval, vermin
  plan), which a plan cannot have met yet and which are shown as what the application needs.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date

from facilities.models import AnimalKept, Lot, Structure
from hearings.ruleset_in_force import ruleset_on
from permits import rules
from permits.facts_from_records import evaluate_parts
from permits.figures import lazy_with_figures
from permits.models import DOCUMENT_FIELDS, Application, FeeSchedule
from permits.precheck.forms import PlanForms

# The application process, in the order an applicant meets it.
PROCESS_RULES = ("20-20.1", "20-19", "20-20.9", "20-20.2")

# What to do about each step, beside the rule's own summary.
PROCESS_ADVICE = {
    "20-20.1": "Bring these with the application form:",
    "20-19": "Describe the plan and name the pest control operator in the application; the "
    "Board approves the plan before the permit is issued.",
    "20-20.9": lazy_with_figures(
        "The clerk places your application on the agenda of a Board meeting. Get the "
        "certified list of abutters from the Town Assessor; the notices to them (registered "
        "mail, return receipt requested) and in the newspaper go out at least "
        "{20-20.9:notice_days} before the hearing, at your expense."
    ),
    "20-20.2": "Submit your building plans to the Board of Health and the building inspector "
    "before you build; the permit is issued only once the finished work is approved: the "
    "building inspector's written approval, and a health agent's final inspection.",
}


@dataclass(frozen=True)
class Verdict:
    key: str
    label: str
    css: str


COMPLY = Verdict("comply", "Would comply", "status-pass")
NOT_COMPLY = Verdict("not_comply", "Would not comply", "status-fail")
NEED_TO_KNOW = Verdict("need_to_know", "We need to know more", "status-missing")

_RANK = {NOT_COMPLY.key: 0, NEED_TO_KNOW.key: 1, COMPLY.key: 2}

# The worst finding of a rule decides its verdict.
_VERDICT_OF = {"fail": NOT_COMPLY, "missing": NEED_TO_KNOW, "pending": NEED_TO_KNOW}


@dataclass
class RuleOutcome:
    spec: rules.RuleSpec
    verdict: Verdict
    messages: list[tuple[Verdict, str]]


@dataclass
class Need:
    spec: rules.RuleSpec
    advice: str
    items: list[str] = field(default_factory=list)


@dataclass
class Report:
    permit_required: bool = True
    outcomes: list[RuleOutcome] = field(default_factory=list)
    not_applicable: list[rules.RuleSpec] = field(default_factory=list)
    needs: list[Need] = field(default_factory=list)
    fees: FeeSchedule | None = None
    error: str = ""

    def _count(self, verdict: Verdict) -> int:
        return sum(1 for outcome in self.outcomes if outcome.verdict is verdict)

    @property
    def problems(self) -> list[RuleOutcome]:
        """The rules the plan would not meet, or that need more facts, worst first."""
        return [outcome for outcome in self.outcomes if outcome.verdict is not COMPLY]

    @property
    def met(self) -> list[RuleOutcome]:
        return [outcome for outcome in self.outcomes if outcome.verdict is COMPLY]

    @property
    def failing(self) -> int:
        return self._count(NOT_COMPLY)

    @property
    def unknown(self) -> int:
        return self._count(NEED_TO_KNOW)


def plan_parts(plan: PlanForms) -> dict:
    """The plan as unsaved model instances, in the shape `evaluate_parts` reads."""
    typed = plan.lot.cleaned_data
    application = Application(
        kind=Application.Kind.NEW.value,
        construction=typed["construction"],
        securely_fenced=typed["securely_fenced"],
        manure_method=typed["manure_method"],
    )
    lot = Lot(
        area_acres=typed["area_acres"],
        percolation_min_per_inch=typed["percolation_min_per_inch"],
        flood_prone=typed["flood_prone"],
        stagnant_water=typed["stagnant_water"],
    )
    animals = [
        AnimalKept(species=row["species"], name=row.get("name", ""), count=row["count"])
        for row in plan.animals.filled()
    ]
    # Structures are named by their row on the page: "Stable 1", "Corral 2".
    structures = [
        Structure(label=str(number), **row)
        for number, row in enumerate(plan.structures.filled(), start=1)
    ]
    return {
        "application": application,
        "lot": lot,
        "animals": animals,
        "structures": structures,
        "equines_under_other_permits": typed.get("equines_under_other_permits") or 0,
    }


def judge(plan: PlanForms, today: date) -> Report:
    """The report for a valid plan, as if a new application were decided `today`."""
    result = evaluate_parts(**plan_parts(plan), as_of=today)
    if "error" in result:
        return Report(error=result["error"]["message"])
    return report_for(result, today)


def _verdict(status: str) -> Verdict:
    return _VERDICT_OF.get(status, COMPLY)


def _worst(verdicts: list[Verdict]) -> Verdict:
    for verdict in (NOT_COMPLY, NEED_TO_KNOW):
        if verdict in verdicts:
            return verdict
    return COMPLY


def report_for(result: dict, today: date) -> Report:
    ruleset = ruleset_on(today)
    schedule = FeeSchedule.in_force_on(today)
    report = Report(permit_required=result["permit_required"], fees=schedule)
    applicable: dict[str, list[dict]] = {}
    for finding in result["findings"]:
        if finding["status"] == "not_applicable":
            report.not_applicable.append(ruleset.rules[finding["rule"]])
        else:
            applicable.setdefault(finding["rule"], []).append(finding)
    for rule, findings in applicable.items():
        if rule in PROCESS_RULES:
            continue
        messages = [(_verdict(f["status"]), f["message"]) for f in findings]
        report.outcomes.append(
            RuleOutcome(ruleset.rules[rule], _worst([v for v, _ in messages]), messages)
        )
    # What would not comply first, then what we need to know; catalogue order within each.
    report.outcomes.sort(key=lambda outcome: _RANK[outcome.verdict.key])
    for rule in PROCESS_RULES:
        if rule in applicable:
            items = [label for _, _, label in DOCUMENT_FIELDS] if rule == "20-20.1" else []
            report.needs.append(Need(ruleset.rules[rule], PROCESS_ADVICE[rule], items))
    return report
