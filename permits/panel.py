"""The compliance panel: the rules' findings arranged for the clerk to act on.

What needs action comes first (failures and missing facts), then the steps still pending,
then what a variance or §20-20(8) covers, then what is met, then what does not apply.
"""

from __future__ import annotations

import re
from collections import Counter

from facilities.choices import DISTANCE_FEATURES
from facilities.models import Lot, Structure
from facilities.siteplan.distances import measured_after_plan
from hearings.notice_timing import pending_schedule
from hearings.ruleset_in_force import check as amended_check
from permits.construction import construction_record
from permits.facts_from_records import (
    evaluate_application,
    evaluate_parts,
    facts_for,
    variances_for,
)
from permits.figures import blank_distance_text
from permits.rules.wording import num

GROUPS = (
    ("action", "Needs action", ("fail", "missing")),
    ("pending", "Pending", ("pending",)),
    ("covered", "Waived or grandfathered", ("waived", "grandfathered")),
    ("met", "Met", ("pass",)),
    ("not_applicable", "Not applicable", ("not_applicable",)),
)
STATUS_LABELS = {
    "pass": "Pass",
    "fail": "Fail",
    "missing": "Missing",
    "pending": "Pending",
    "waived": "Waived",
    "grandfathered": "Grandfathered",
    "not_applicable": "Not applicable",
}
# Groups a long panel folds away; everything is still listed.
FOLDED = frozenset({"met", "not_applicable"})


def _quantity(value, unit: str) -> str:
    if value is None:
        # A blank distance is the contract's "no such feature within N ft": say so.
        return blank_distance_text() if unit == "ft" else "unknown"
    return f"{num(value)} {unit}".strip()


def _construction_steps(findings: list[dict], application) -> list | None:
    """§20-20(2): the three records of the construction, shown under its finding, so the
    clerk sees which one the permit waits for (permits.construction)."""
    if application is None or not any(f["rule"] == "20-20.2" for f in findings):
        return None
    record = construction_record(application)
    return record.steps() if record is not None else None


def _row(finding: dict, construction_steps: list | None = None) -> dict:
    row = dict(finding)
    if finding["rule"] == "20-20.2" and construction_steps:
        row["steps"] = construction_steps
    row["status_label"] = STATUS_LABELS.get(finding["status"], finding["status"])
    # A pending finding has nothing measured yet: no "Actual: unknown" beside it.
    if finding.get("unit") is not None and not (
        finding["status"] == "pending" and finding.get("actual") is None
    ):
        unit = finding["unit"]
        row["required_text"] = _quantity(finding.get("required"), unit)
        row["actual_text"] = _quantity(finding.get("actual"), unit)
    return row


def _met_on_their_own(findings: list[dict], application) -> list[dict]:
    """§20-20(8) reports every rule as grandfathered (the contract). The clerk needs to know
    which rules the renewal relies on it for: a rule the keeping meets today, judged without
    grandfathering, is shown as met, saying so."""
    facts = facts_for(application)
    facts["application"] = {**facts["application"], "conditions_unchanged": False}
    today = amended_check(facts)
    if "error" in today or len(today["findings"]) != len(findings):
        return findings
    passing = {
        (f["rule"], f.get("subject"), i)
        for i, f in enumerate(today["findings"])
        if f["status"] == "pass"
    }
    shown = []
    for i, finding in enumerate(findings):
        if (
            finding["status"] == "grandfathered"
            and (
                finding["rule"],
                finding.get("subject"),
                i,
            )
            in passing
        ):
            message = today["findings"][i]["message"]
            finding = {**finding, "status": "pass", "message": f"{message} Met without §20-20(8)."}
        shown.append(finding)
    return shown


_PATH_PART = re.compile(r"^(?P<name>[a-z_]+)(?:\[(?P<index>\d+)\])?$")
_RECORDS = {"lot": "the lot", "application": "the application", "hearing": "the hearing"}
_ROWS = {"structures": "structure", "animals": "animal row", "variances": "variance"}


def path_in_words(path: str) -> str:
    """A facts path (``lot.percolation_min_per_inch``) as the clerk's words: the panel must
    never show the adapter's internal names."""
    fields = {f.name: str(f.verbose_name) for f in (*Lot._meta.fields, *Structure._meta.fields)}
    fields.update({key: f"distance to {label.lower()}" for key, label in DISTANCE_FEATURES})
    words = []
    for part in path.split("."):
        match = _PATH_PART.match(part)
        if match is None:
            continue
        name, index = match["name"], match["index"]
        if name in _ROWS and index is not None:
            words.append(f"{_ROWS[name]} {int(index) + 1}")
        elif name in _RECORDS:
            words.append(_RECORDS[name])
        elif name != "distances":
            words.append(fields.get(name, name.replace("_", " ")))
    return ", ".join(words)


def panel(
    result: dict, problems: list[str] | None = None, application=None, animals_listed=None
) -> dict:
    """Template context for `_partials/compliance_panel.html` from a rules result.

    With `application`, an undecided hearing's date and notices are shown with the pending
    findings of §20-20(9), and grandfathered rules met on their own are shown as met.
    `animals_listed` (else read from the saved application) tells a draft with no animals yet
    from one whose animals need no permit: the first is not told "No permit needed".
    """
    if "error" in result:
        error = {**result["error"], "where": path_in_words(result["error"].get("path", ""))}
        return {"error": error, "problems": problems or [], "groups": []}
    findings = result["findings"]
    if application is not None and any(f["status"] == "grandfathered" for f in findings):
        findings = _met_on_their_own(findings, application)
    counts = Counter(finding["status"] for finding in findings)
    steps = _construction_steps(findings, application)
    groups = []
    for key, title, statuses in GROUPS:
        rows = [_row(f, steps) for f in findings if f["status"] in statuses]
        if rows:
            groups.append({"key": key, "title": title, "rows": rows, "folded": key in FOLDED})
    blocking = counts["fail"] + counts["missing"] + counts["pending"]
    parts = [
        f"{counts[status]} {STATUS_LABELS[status].lower()}"
        for status in ("fail", "missing", "pending", "waived", "grandfathered", "pass")
        if counts[status]
    ]
    if animals_listed is None:
        animals_listed = application is None or application.animals.exists()
    return {
        "eligible": result["eligible"],
        "permit_required": result["permit_required"],
        "animals_listed": animals_listed,
        "groups": groups,
        "counts": dict(counts),
        "blocking": blocking,
        "summary": ", ".join(parts),
        "problems": problems or [],
        # An undecided hearing's date and notices, shown beside the pending findings: read
        # here (the notices' timing), so the panel's template only formats them.
        "hearing": pending_schedule(application) if counts["pending"] else None,
    }


def panel_with_measured(application, measured):
    """The compliance panel of `application` with its structures' distances as `measured` on a
    plan being drawn (label -> distances; None: as saved), for the site-plan editor."""
    if measured is None:
        return panel(evaluate_application(application))
    structures = list(application.structures.all())
    for structure in structures:
        structure.measured_distances_ft = measured_after_plan(
            structure, measured.get(structure.label)
        )
    return panel(
        evaluate_parts(
            application=application,
            lot=application.lot,
            animals=application.animals.all(),
            structures=structures,
            setback_enlargements=application.setback_enlargements.all(),
            variances=variances_for(application),
            record=application,
        )
    )
