"""What `make bench` holds each figure to (the README's targets), and whether a figure meets its
target: the command prints "ok" or "MISS" beside it."""

from __future__ import annotations

TARGETS = {
    "page_queries_max": 20,
    "page_x_trivial": 20,
    "page_median_ms": 50,
    "page_p95_ms": 100,
    "rules_evals_per_s": 20_000,
    "check_rules_cli_evals_per_s": 5_000,
    "permit_pdf_ms": 200,
    "notices_300_s": 20,
    "renewal_check_10k_s": 10,
    "list_rps": 150,
    "list_p95_ms": 200,
    "parcel_import_s": 30,
    "abutter_draft_ms": 200,
    "plan_distances_ms": 50,
    "audit_anomalies": 0,
}


def page_meets_targets(page: dict) -> bool:
    """The same queries however large the set, few enough, and fast enough."""
    return (
        page["queries_small"] == page["queries_large"] <= TARGETS["page_queries_max"]
        and page["median_ms"] < TARGETS["page_median_ms"]
        and page["p95_ms"] < TARGETS["page_p95_ms"]
        and page["x_trivial"] <= TARGETS["page_x_trivial"]
    )


def meets(value, op: str, key: str) -> bool:
    target = TARGETS[key]
    if op == ">=":
        return value >= target
    if op == "<=":
        return value <= target
    return value < target
