"""The figures of `make bench` beyond the pages: the parcel map, the register's audit, the
permit PDF, 300 abutters' letters, the renewal re-check, and a live server under load. Each
function returns plain numbers; the command prints them."""

from __future__ import annotations

import os
import socket
import time
from datetime import date, timedelta
from datetime import time as clock

from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from facilities import actions
from facilities.models import Abutter, AbutterList, AnimalKept, Parcel
from facilities.parcels import bench as parcel_bench
from facilities.parcels.demo import draw_plan
from hearings.models import DocketItem, Meeting
from hearings.printing import abutter_letters_pdf, labels_pdf
from permits.audit import record_audit
from permits.facts_from_records import evaluate_application
from permits.facts_loading import bulk_prefetches
from permits.models import Application, AuditRun, Permit
from permits.printing import render_permit_pdf
from stoneham_boh.bench import benchmark
from stoneham_boh.bench.pages import docketed_application
from stoneham_boh.town.current import town_scope


def parcel_figures(today: date, clerk) -> dict:
    """Import a town of parcels, draft one abutter list, recompute one plan's distances."""
    application = Application.objects.filter(kind="new").order_by("-id").first()
    return parcel_bench.figures(clerk=clerk, application=application, today=today)


def audit_figures(today: date) -> dict:
    """The register's audit over the whole set (permits.audit, as the nightly command runs
    it and keeps the run): how long it takes, and what it finds, which must be nothing."""
    run = record_audit(source=AuditRun.Source.COMMAND, today=today)
    return {
        "audit_s": run.seconds,
        "audit_permits": run.permits_checked,
        "audit_decisions": run.decisions_checked,
        "audit_anomalies": len(run.anomalies),
    }


def town_parcel(fraction: float):
    """A lot of the town the parcel figures imported, `fraction` of the way through it from
    the south-west (they link the one half-way to an application of their own)."""
    lots = Parcel.objects.filter(poly_type="FEE").order_by("min_y", "min_x")
    return lots[int(lots.count() * fraction)]


def draw_on_the_map(application, parcel, *, by, today: date) -> None:
    """Link `application`'s lot to `parcel` and draw its plan as the demo does (each structure
    where its typed figures put it, the dwelling, the septic area): a PDF then prints the
    plan as it does a real application's, with the neighbours, their houses and the street."""
    application.lot = actions.link_lot_to_parcel(lot=application.lot, parcel=parcel, by=by)
    draw_plan(application, by=by, today=today)


def permit_pdf_ms(today: date, clerk) -> float:
    """The latest permit, printed with its plan of record (page 2) as a permit on a mapped
    lot prints."""
    permit = Permit.objects.select_related("application__lot").order_by("-pk").first()
    draw_on_the_map(permit.application, town_parcel(1 / 3), by=clerk, today=today)
    permit = Permit.objects.select_related("holder", "lot").get(pk=permit.pk)
    return round(benchmark.best_of(lambda: render_permit_pdf(permit)) * 1000, 1)


def notices_300_s(today: date, clerk) -> float:
    """Letters and Avery 5160 labels for 300 abutters of one docket item, rendered to PDF: a
    new application like the docketed one, on a lot of its own on the map with its plan
    drawn, so each letter prints the plan (§20-20(9)) as a real one does."""
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


@town_scope()
def renewal_check_s() -> float:
    """Re-run the rules on the application behind every permit, as the renewal list does:
    within one reading of the town, as the list's request reads it (issue 39: outside it,
    every application read the town again, and the figure measured that)."""
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
