"""`make bench`: build a large data set in a separate database, measure, print, save JSON.

The outer run creates the benchmark database (var/bench/bench.sqlite3, or `<name>_bench` on
the PostgreSQL server that DATABASE_URL names), migrates it, and runs the measurements in a
child process pointed at it, so the demo or production database is never touched.
"""

from __future__ import annotations

import json
import logging
import os
import socket
import subprocess
import sys
import time
from datetime import date
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import dj_database_url
from django.conf import settings
from django.core.management.base import BaseCommand
from django.urls import reverse
from django.utils import timezone

from stoneham_boh.bench import benchdata, benchmark

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
}
LARGE_LOTS = 10_000
SMALL_LOTS = 10


def bench_database_url(url: str) -> str:
    """The benchmark's own database: `<name>_bench` on the same PostgreSQL server (query
    string kept), or var/bench/bench.sqlite3."""
    config = dj_database_url.parse(url)
    if "postgresql" in config["ENGINE"]:
        parts = urlsplit(url)
        return urlunsplit(parts._replace(path=f"/{config['NAME']}_bench"))
    return f"sqlite:///{settings.VAR_DIR / 'bench' / 'bench.sqlite3'}"


def recreate(url: str) -> None:
    config = dj_database_url.parse(url)
    if "postgresql" in config["ENGINE"]:
        import psycopg

        admin = psycopg.connect(
            host=config["HOST"] or "127.0.0.1",
            port=config["PORT"] or 5432,
            user=config["USER"] or "postgres",
            password=config["PASSWORD"] or None,
            dbname="postgres",
            autocommit=True,
        )
        with admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{config["NAME"]}" WITH (FORCE)')
            admin.execute(f'CREATE DATABASE "{config["NAME"]}"')
    else:
        path = Path(config["NAME"])
        path.parent.mkdir(parents=True, exist_ok=True)
        for suffix in ("", "-wal", "-shm"):
            Path(f"{path}{suffix}").unlink(missing_ok=True)


class Command(BaseCommand):
    help = "Measure pages, rules, PDFs and a live server over a large data set (make bench)."

    def add_arguments(self, parser):
        parser.add_argument("--inner", action="store_true", help=("internal: run the measurements"))
        parser.add_argument("--lots", type=int, default=LARGE_LOTS)
        parser.add_argument("--no-live", action="store_true", help="skip the gunicorn load test")
        parser.add_argument(
            "--pages-only", action="store_true", help="time the pages only (no rules, PDFs, live)"
        )

    def handle(self, *args, **options):
        if options["inner"]:
            return self.measure(options)
        source = os.environ.get("DATABASE_URL", f"sqlite:///{settings.VAR_DIR / 'db.sqlite3'}")
        url = bench_database_url(source)
        self.stdout.write(f"Benchmark database: {url}")
        recreate(url)
        # With DEBUG off whitenoise wants the static root to exist (it serves nothing here).
        Path(settings.STATIC_ROOT).mkdir(parents=True, exist_ok=True)
        env = {**os.environ, "DATABASE_URL": url, "DEBUG": "0"}
        manage = str(settings.BASE_DIR / "manage.py")
        subprocess.run([sys.executable, manage, "migrate", "-v0"], check=True, env=env)
        command = [sys.executable, manage, "bench", "--inner", "--lots", str(options["lots"])]
        for flag in ("no_live", "pages_only"):
            if options[flag]:
                command.append(f"--{flag.replace('_', '-')}")
        subprocess.run(command, check=True, env=env)

    # The measurements, in the child process pointed at the benchmark database.

    def measure(self, options) -> None:
        from stoneham_boh.ops.demo import ensure_demo_users

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
        self.stdout.write(f"Building the small set ({SMALL_LOTS} of each kind)...")
        benchdata.add_records(SMALL_LOTS, today=today, **staff)
        link_demo_applicant(users["applicant"])
        pages = pages_to_measure()
        analyse()
        queries_small = benchmark.page_queries(pages)
        self.stdout.write(f"Building the large set ({options['lots']:,} lots)...")
        started = time.perf_counter()
        benchdata.add_records(max(options["lots"] - SMALL_LOTS, 0), today=today, **staff)
        self.stdout.write(f"  built in {time.perf_counter() - started:.0f} s")
        analyse()
        # The application the pages and the live server measure (before the notices' own).
        detail = reverse("permits:application-detail", args=[docketed_application().pk])
        queries_large = benchmark.page_queries(pages)
        load_before = load_average()
        self.stdout.write(f"Timing the pages (load average {load_before})...")
        cpu_ms = benchmark.cpu_workload_ms()
        timings = benchmark.page_timings(pages)
        load_after = load_average()
        extras = not options["pages_only"]
        # Before the PDFs: they print the plans drawn on this town's map.
        self.stdout.write(f"The parcel map (load average {load_average()})...")
        parcels = parcel_figures(today, users["clerk"])
        if extras:
            self.stdout.write("Rules, PDFs and renewals...")
        result = {
            "database": engine,
            "lots": options["lots"],
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
            "permit_pdf_ms": permit_pdf_ms(today, users["clerk"]) if extras else None,
            "notices_300_s": notices_300_s(today, users["clerk"]) if extras else None,
            "renewal_check_10k_s": renewal_check_s() if extras else None,
            "live": live_figures(engine, options["no_live"] or not extras, detail),
        }
        result.update(parcels)
        out = settings.VAR_DIR / "bench" / "latest.json"
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(json.dumps(result, indent=2) + "\n")
        (out.parent / f"latest-{engine}.json").write_text(json.dumps(result, indent=2) + "\n")
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
            ok = (
                page["queries_small"] == page["queries_large"] <= TARGETS["page_queries_max"]
                and page["median_ms"] < TARGETS["page_median_ms"]
                and page["p95_ms"] < TARGETS["page_p95_ms"]
                and page["x_trivial"] <= TARGETS["page_x_trivial"]
            )
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
                target = TARGETS[key]
                verdict = mark(value >= target if op == ">=" else value < target)
                verdict = f"  {verdict} (target {op} {target:,})"
            self.stdout.write(f"{label:<28}{value:>14,}{verdict}")


def parcel_figures(today: date, clerk) -> dict:
    """Import a town of parcels, draft one abutter list, recompute one plan's distances."""
    from facilities.parcels import bench as parcel_bench
    from permits.models import Application

    application = Application.objects.filter(kind="new").order_by("-id").first()
    return parcel_bench.figures(clerk=clerk, application=application, today=today)


def connection_is_postgres() -> bool:
    from django.db import connection

    return connection.vendor == "postgresql"


def analyse() -> None:
    """On PostgreSQL, refresh the planner's statistics after the bulk load, as autovacuum
    would in time. SQLite keeps none unless someone runs ANALYZE, and a deployment of the
    embedded database does not: measure it as it runs."""
    from django.db import connection

    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")


def link_demo_applicant(user) -> None:
    from permits.models import Applicant

    applicant = Applicant.objects.order_by("pk").first()
    applicant.user = user
    applicant.save(update_fields=["user"])


def docketed_application():
    """The latest new application on a coming meeting's docket, on a parcel with its drawn
    plan: the richest page a clerk or a Board member opens (hearing, notices, abutters,
    compliance panel, the plan drawn among the neighbours)."""
    from permits.models import Application

    return (
        Application.objects.filter(
            kind="new", docket_items__status="scheduled", site_plan__isnull=False
        )
        .order_by("-pk")
        .first()
    )


def renewal_application():
    """The latest renewal received and not yet decided, on a parcel with its drawn plan: its
    page also compares it with the permit it renews (and that permit's plan of record)."""
    from permits.models import Application

    return (
        Application.objects.filter(
            kind="renewal",
            renews__isnull=False,
            status=Application.Status.RECEIVED,
            site_plan__isnull=False,
        )
        .order_by("-pk")
        .first()
    )


def pages_to_measure() -> list[benchmark.Page]:
    from permits.models import Permit

    def latest_new_application() -> str:
        return reverse("permits:application-detail", args=[docketed_application().pk])

    def latest_new_application_history() -> str:
        return reverse("permits:application-history", args=[docketed_application().pk])

    def latest_renewal() -> str:
        return reverse("permits:application-detail", args=[renewal_application().pk])

    def latest_permit_token() -> str:
        permit = Permit.objects.order_by("-pk").first()
        return reverse("permits:permit-verify", args=[permit.verify_token])

    Page = benchmark.Page
    return [
        Page("public_home", None, lambda: reverse("public-home")),
        Page("clerk_home", "clerk", lambda: reverse("home")),
        Page("agent_home", "agent", lambda: reverse("home")),
        Page("board_home", "board", lambda: reverse("home")),
        Page("applicant_home", "applicant", lambda: reverse("home")),
        Page(
            "application_list_filtered",
            "clerk",
            lambda: reverse("permits:application-list") + "?status=received",
        ),
        Page("application_detail", "clerk", latest_new_application),
        Page("renewal_detail", "clerk", latest_renewal),
        Page("application_history", "clerk", latest_new_application_history),
        Page("permit_list", "clerk", lambda: reverse("permits:permit-list")),
        Page("docket", "board", lambda: reverse("hearings:docket")),
        Page("past_meetings", "board", lambda: reverse("hearings:past-meetings")),
        Page("agent_list", "agent", lambda: reverse("inspections:agenda")),
        Page("verify", None, latest_permit_token),
    ]


def town_parcel(fraction: float):
    """A lot of the town the parcel figures imported, `fraction` of the way through it from
    the south-west (they link the one half-way to an application of their own)."""
    from facilities.models import Parcel

    lots = Parcel.objects.filter(poly_type="FEE").order_by("min_y", "min_x")
    return lots[int(lots.count() * fraction)]


def draw_on_the_map(application, parcel, *, by, today: date) -> None:
    """Link `application`'s lot to `parcel` and draw its plan as the demo does (each structure
    where its typed figures put it, the dwelling, the septic area): a PDF then prints the
    plan as it does a real application's, with the neighbours, their houses and the street."""
    from facilities import actions
    from facilities.parcels.demo import draw_plan

    application.lot = actions.link_lot_to_parcel(lot=application.lot, parcel=parcel, by=by)
    draw_plan(application, by=by, today=today)


def permit_pdf_ms(today: date, clerk) -> float:
    """The latest permit, printed with its plan of record (page 2) as a permit on a mapped
    lot prints."""
    from permits.models import Permit
    from permits.printing import render_permit_pdf

    permit = Permit.objects.select_related("application__lot").order_by("-pk").first()
    draw_on_the_map(permit.application, town_parcel(1 / 3), by=clerk, today=today)
    permit = Permit.objects.select_related("holder", "lot").get(pk=permit.pk)
    return round(benchmark.best_of(lambda: render_permit_pdf(permit)) * 1000, 1)


def notices_300_s(today: date, clerk) -> float:
    """Letters and Avery 5160 labels for 300 abutters of one docket item, rendered to PDF: a
    new application like the docketed one, on a lot of its own on the map with its plan
    drawn, so each letter prints the plan (§20-20(9)) as a real one does."""
    from datetime import time as clock
    from datetime import timedelta

    from facilities import actions
    from facilities.models import Abutter, AbutterList, AnimalKept
    from hearings.models import DocketItem, Meeting
    from hearings.printing import abutter_letters_pdf, labels_pdf
    from permits.models import Application

    model = docketed_application()
    parcel = town_parcel(2 / 3)
    lot = actions.create_lot(
        by=clerk, street_address=parcel.site_address, parcel_id=parcel.map_par_id
    )
    application = Application.objects.create(
        kind="new",
        status="received",
        received_on=today,
        applicant_id=model.applicant_id,
        lot=lot,
        manure_method="receptacle",
    )
    for animal in model.animals.all():
        AnimalKept.objects.create(
            application=application, species=animal.species, count=animal.count
        )
    for structure in model.structures.all():
        structure.pk = None
        structure.application = application
        structure.save()
    draw_on_the_map(application, parcel, by=clerk, today=today)
    abutter_list = AbutterList.objects.create(application=application, certified_on=today)
    Abutter.objects.bulk_create(
        Abutter(
            abutter_list=abutter_list,
            owner_names=f"Abutter {n} and Spouse {n}",
            mailing_street=f"{n} Elm Street",
            mailing_city="Stoneham" if n % 5 else "Reading",
            mailing_zip="02180",
        )
        for n in range(300)
    )
    meeting = Meeting.objects.create(date=today + timedelta(days=30), time=clock(19, 0))
    item = DocketItem.objects.create(
        meeting=meeting, application=application, kind=DocketItem.Kind.NEW_APPLICATION
    )
    items = DocketItem.objects.filter(pk=item.pk)
    started = time.perf_counter()
    abutter_letters_pdf(items, today=today)
    labels_pdf(items)
    return round(time.perf_counter() - started, 2)


def renewal_check_s() -> float:
    """Re-run the rules on the application behind every permit, as the renewal list does."""
    from permits.facts_from_records import bulk_prefetches, evaluate_application
    from permits.models import Application

    started = time.perf_counter()
    ids = list(Application.objects.filter(permit__isnull=False).values_list("pk", flat=True))
    for chunk_start in range(0, len(ids), 2000):
        chunk = ids[chunk_start : chunk_start + 2000]
        for application in (
            Application.objects.filter(pk__in=chunk)
            .select_related("lot", "abutter_list")
            .prefetch_related(*bulk_prefetches())
        ):
            evaluate_application(application)
    return round(time.perf_counter() - started, 2)


def load_average() -> str:
    """The machine's 1, 5 and 15 minute load: other work skews the timings."""
    return " ".join(f"{figure:.2f}" for figure in os.getloadavg())


def live_figures(engine: str, skip: bool, detail: str) -> dict:
    empty = {
        "workers": None,
        "list_rps": None,
        "list_p95_ms": None,
        "detail_rps": None,
        "detail_p95_ms": None,
    }
    if skip or engine != "postgresql":
        return empty
    from django.contrib.auth import get_user_model
    from django.test import Client

    client = Client()
    client.force_login(get_user_model().objects.get(username="clerk"))
    cookie = f"{settings.SESSION_COOKIE_NAME}={client.cookies[settings.SESSION_COOKIE_NAME].value}"
    port = free_port()
    with benchmark.LiveServer(port, workers=2):
        listing = benchmark.load(
            port, reverse("permits:application-list") + "?status=received", cookie
        )
        detailed = benchmark.load(port, detail, cookie)
    for run in (listing, detailed):
        if run["errors"]:
            raise RuntimeError(f"The live server failed {run['errors']} requests: see above.")
    return {
        "workers": 2,
        "list_rps": listing["rps"],
        "list_p95_ms": listing["p95_ms"],
        "detail_rps": detailed["rps"],
        "detail_p95_ms": detailed["p95_ms"],
    }


def free_port() -> int:
    """A TCP port free on the loopback address, for the live server."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]
