"""One run of `make bench`, in two processes. The outer one makes the benchmark's database
(stoneham_boh.bench.database), migrates it and starts the inner one pointed at it, so the demo
or production database is never touched; the inner one builds the data set and measures.
`say` is how a step is announced (the command's output)."""

from __future__ import annotations

import json
import logging
import os
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

from django.conf import settings
from django.urls import reverse
from django.utils import timezone

from stoneham_boh.bench import benchdata, benchmark, figures
from stoneham_boh.bench.database import (
    analyse,
    bench_database_url,
    connection_is_postgres,
    recreate,
)
from stoneham_boh.bench.figures import load_average
from stoneham_boh.bench.pages import docketed_application, link_demo_applicant, pages_to_measure
from stoneham_boh.ops.demo import ensure_demo_users

LARGE_LOTS = 10_000
SMALL_LOTS = 10
FLAGS = ("no_live", "pages_only")


def run_outside(lots: int, flags: dict[str, bool], say: Callable[[str], None]) -> None:
    """Make the benchmark's database, migrate it, and measure in a child process on it."""
    source = os.environ.get("DATABASE_URL", f"sqlite:///{settings.VAR_DIR / 'db.sqlite3'}")
    url = bench_database_url(source)
    say(f"Benchmark database: {url}")
    recreate(url)
    # With DEBUG off whitenoise wants the static root to exist (it serves nothing here).
    Path(settings.STATIC_ROOT).mkdir(parents=True, exist_ok=True)
    env = {**os.environ, "DATABASE_URL": url, "DEBUG": "0"}
    manage = str(settings.BASE_DIR / "manage.py")
    subprocess.run([sys.executable, manage, "migrate", "-v0"], check=True, env=env)
    command = [sys.executable, manage, "bench", "--inner", "--lots", str(lots)]
    command += [f"--{flag.replace('_', '-')}" for flag in FLAGS if flags.get(flag)]
    subprocess.run(command, check=True, env=env)


def measure(lots: int, *, pages_only: bool, no_live: bool, say: Callable[[str], None]) -> dict:
    """Build the data set (a small one, then the large one, so that each page's queries are
    counted on both) and take every figure; the child process's work."""
    # Every page view logs the benchmark's users in: keep the security log for warnings.
    logging.getLogger("stoneham_boh.accounts.security").setLevel(logging.WARNING)
    today = timezone.localdate()
    users = ensure_demo_users()
    staff = {
        "agent": users["agent"],
        "clerk": users["clerk"],
        "board": [users[name] for name in ("board", "board2", "board3")],
    }
    engine = "postgresql" if connection_is_postgres() else "sqlite"
    say(f"Building the small set ({SMALL_LOTS} of each kind)...")
    benchdata.add_records(SMALL_LOTS, today=today, **staff)
    link_demo_applicant(users["applicant"])
    pages = pages_to_measure()
    analyse()
    queries_small = benchmark.page_queries(pages)
    say(f"Building the large set ({lots:,} lots)...")
    started = time.perf_counter()
    benchdata.add_records(max(lots - SMALL_LOTS, 0), today=today, **staff)
    say(f"  built in {time.perf_counter() - started:.0f} s")
    analyse()
    # The application the pages and the live server measure (before the notices' own).
    detail = reverse("permits:application-detail", args=[docketed_application().pk])
    queries_large = benchmark.page_queries(pages)
    load_before = load_average()
    say(f"Timing the pages (load average {load_before})...")
    cpu_ms = benchmark.cpu_workload_ms()
    timings = benchmark.page_timings(pages)
    load_after = load_average()
    extras = not pages_only
    # The set as built, before the measurements below add records of their own.
    say(f"The register's audit (load average {load_average()})...")
    audited = figures.audit_figures(today)
    # Before the PDFs: they print the plans drawn on this town's map.
    say(f"The parcel map (load average {load_average()})...")
    parcels = figures.parcel_figures(today, users["clerk"])
    if extras:
        say("Rules, PDFs and renewals...")
    result = {
        "database": engine,
        "lots": lots,
        "load_average": {"before_pages": load_before, "after_pages": load_after},
        "cpu_workload_ms": cpu_ms,
        "trivial_page_ms": {
            username or "anonymous": timings[benchmark.trivial_name(username)]["median_ms"]
            for username in dict.fromkeys(page.username for page in pages)
        },
        "rules_evals_per_s": benchmark.rules_evals_per_s() if extras else None,
        "check_rules_cli_evals_per_s": (
            benchmark.check_rules_cli_evals_per_s() if extras else None
        ),
        "pages": {
            page.name: {
                "queries_small": queries_small[page.name],
                "queries_large": queries_large[page.name],
                **timings[page.name],
            }
            for page in pages
        },
        "permit_pdf_ms": figures.permit_pdf_ms(today, users["clerk"]) if extras else None,
        "notices_300_s": figures.notices_300_s(today, users["clerk"]) if extras else None,
        "renewal_check_10k_s": figures.renewal_check_s() if extras else None,
        "live": figures.live_figures(engine, no_live or not extras, detail),
    }
    result.update(parcels)
    result.update(audited)
    return result


def save(result: dict) -> Path:
    """var/bench/latest.json, and latest-<database>.json beside it; returns the first."""
    out = settings.VAR_DIR / "bench" / "latest.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(result, indent=2) + "\n"
    out.write_text(text)
    (out.parent / f"latest-{result['database']}.json").write_text(text)
    return out
