"""`make bench`: build a large data set in a separate database, measure, print, save JSON.

The command reads its options and prints; the run itself (the benchmark's own database, the
child process that measures in it, every figure) is stoneham_boh/bench/.
"""

from __future__ import annotations

from django.core.management.base import BaseCommand

from stoneham_boh.bench import run
from stoneham_boh.bench.figures import load_average
from stoneham_boh.bench.targets import TARGETS, meets, page_meets_targets


class Command(BaseCommand):
    help = "Measure pages, rules, PDFs and a live server over a large data set (make bench)."

    def add_arguments(self, parser):
        parser.add_argument("--inner", action="store_true", help=("internal: run the measurements"))
        parser.add_argument("--lots", type=int, default=run.LARGE_LOTS)
        parser.add_argument("--no-live", action="store_true", help="skip the gunicorn load test")
        parser.add_argument(
            "--pages-only", action="store_true", help="time the pages only (no rules, PDFs, live)"
        )

    def handle(self, *args, **options):
        if not options["inner"]:
            flags = {flag: options[flag] for flag in run.FLAGS}
            return run.run_outside(options["lots"], flags, say=self.stdout.write)
        # The measurements, in the child process pointed at the benchmark database.
        result = run.measure(
            options["lots"],
            pages_only=options["pages_only"],
            no_live=options["no_live"],
            say=self.stdout.write,
        )
        out = run.save(result)
        self.print_table(result)
        self.stdout.write(f"\nLoad average at the end: {load_average()} (2 cores)")
        self.stdout.write(f"Written to {out}")

    def print_table(self, result: dict) -> None:
        def mark(ok: bool) -> str:
            return "ok  " if ok else "MISS"

        self.stdout.write(f"\nDatabase: {result['database']}, {result['lots']:,} lots")
        self.stdout.write(
            f"Fixed CPU workload {result['cpu_workload_ms']:.1f} ms; trivial page, ms: "
            + ", ".join(f"{who} {ms:.2f}" for who, ms in result["trivial_page_ms"].items())
        )
        self.stdout.write(f"Load average while timing pages: {result['load_average']}")
        self.stdout.write(
            f"{'page':<28}{'q small':>8}{'q large':>8}{'median':>9}{'p95':>9}{'x trivial':>11}"
        )
        for name, page in result["pages"].items():
            ok = page_meets_targets(page)
            self.stdout.write(
                f"{name:<28}{page['queries_small']:>8}{page['queries_large']:>8}"
                f"{page['median_ms']:>8.1f}ms{page['p95_ms']:>7.1f}ms{page['x_trivial']:>10.1f}x"
                f"  {mark(ok)}"
            )
        rows = [
            ("rules evaluations/s", result["rules_evals_per_s"], ">=", "rules_evals_per_s"),
            (
                "check_rules evaluations/s",
                result["check_rules_cli_evals_per_s"],
                ">=",
                "check_rules_cli_evals_per_s",
            ),
            ("permit PDF ms", result["permit_pdf_ms"], "<", "permit_pdf_ms"),
            ("300 letters + labels s", result["notices_300_s"], "<", "notices_300_s"),
            ("renewal re-check 10k s", result["renewal_check_10k_s"], "<", "renewal_check_10k_s"),
            ("12k parcels import s", result["parcel_import_s"], "<", "parcel_import_s"),
            ("abutter list draft ms", result["abutter_draft_ms"], "<", "abutter_draft_ms"),
            ("plan distances ms", result["plan_distances_ms"], "<", "plan_distances_ms"),
            ("audit s", result["audit_s"], None, None),
            ("audit anomalies", result["audit_anomalies"], "<=", "audit_anomalies"),
            ("live list rps", result["live"]["list_rps"], ">=", "list_rps"),
            ("live list p95 ms", result["live"]["list_p95_ms"], "<", "list_p95_ms"),
            ("live detail rps", result["live"]["detail_rps"], None, None),
            ("live detail p95 ms", result["live"]["detail_p95_ms"], None, None),
        ]
        self.stdout.write("")
        for label, value, op, key in rows:
            if value is None:
                self.stdout.write(f"{label:<28}{'not measured':>14}")
                continue
            verdict = ""
            if op:
                verdict = f"  {mark(meets(value, op, key))} (target {op} {TARGETS[key]:,})"
            self.stdout.write(f"{label:<28}{value:>14,}{verdict}")
