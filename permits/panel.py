"""The compliance panel: the rules' findings arranged for the clerk to act on.

What needs action comes first (failures and missing facts), then the steps still pending,
then what a variance or §20-20(8) covers, then what is met, then what does not apply.
"""

from __future__ import annotations

from collections import Counter

from facilities.choices import blank_distance_means
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
        return blank_distance_means() if unit == "ft" else "unknown"
    return f"{num(value)} {unit}".strip()


def _row(finding: dict) -> dict:
    row = dict(finding)
    row["status_label"] = STATUS_LABELS.get(finding["status"], finding["status"])
    if finding.get("unit") is not None:
        unit = finding["unit"]
        row["required_text"] = _quantity(finding.get("required"), unit)
        row["actual_text"] = _quantity(finding.get("actual"), unit)
    return row


def panel(result: dict, problems: list[str] | None = None) -> dict:
    """Template context for `_partials/compliance_panel.html` from a rules result."""
    if "error" in result:
        return {"error": result["error"], "problems": problems or [], "groups": []}
    findings = result["findings"]
    counts = Counter(finding["status"] for finding in findings)
    groups = []
    for key, title, statuses in GROUPS:
        rows = [_row(f) for f in findings if f["status"] in statuses]
        if rows:
            groups.append({"key": key, "title": title, "rows": rows, "folded": key in FOLDED})
    blocking = counts["fail"] + counts["missing"] + counts["pending"]
    parts = [
        f"{counts[status]} {STATUS_LABELS[status].lower()}"
        for status in ("fail", "missing", "pending", "waived", "grandfathered", "pass")
        if counts[status]
    ]
    return {
        "eligible": result["eligible"],
        "permit_required": result["permit_required"],
        "groups": groups,
        "counts": dict(counts),
        "blocking": blocking,
        "summary": ", ".join(parts),
        "problems": problems or [],
    }
