"""Every page `make bench` measures costs the same number of queries with few records and
with many, and never more than twenty (issue 13). The timings stay in the benchmark.

The records come from the benchmark's own generator (stoneham_boh.bench.benchdata), and the pages
and who looks at them from the benchmark's list, so the suite checks what the benchmark
measures.
"""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from stoneham_boh.bench import benchdata, benchmark
from stoneham_boh.management.commands.bench import (
    SMALL_LOTS,
    link_demo_applicant,
    pages_to_measure,
)
from stoneham_boh.ops.demo import ensure_demo_users

MAX_QUERIES = 20
MORE_LOTS = 50
PAGES = [page.name for page in pages_to_measure()]


def _page(name: str) -> benchmark.Page:
    return next(page for page in pages_to_measure() if page.name == name)


def _queries(name: str) -> int:
    return benchmark.page_queries([_page(name)])[name]


def _add_records(users, lots: int) -> None:
    staff = {
        "agent": users["agent"],
        "clerk": users["clerk"],
        "board": [users["board"], users["board2"]],
    }
    benchdata.add_records(lots, today=timezone.localdate(), **staff)


@pytest.mark.django_db
@pytest.mark.parametrize("name", PAGES)
def test_a_page_costs_the_same_few_queries_however_many_records(name):
    users = ensure_demo_users()
    _add_records(users, SMALL_LOTS)
    link_demo_applicant(users["applicant"])
    few = _queries(name)

    _add_records(users, MORE_LOTS)
    many = _queries(name)

    assert few == many, f"{name}: {few} queries with {SMALL_LOTS} lots, {many} with more"
    assert many <= MAX_QUERIES, f"{name} makes {many} queries"


def test_every_role_has_its_home_page_measured():
    assert {"clerk_home", "agent_home", "board_home", "applicant_home", "public_home"} <= set(PAGES)


@pytest.mark.django_db
@pytest.mark.parametrize("lots", [SMALL_LOTS, MORE_LOTS])
def test_the_measured_application_pages_draw_their_site_plan(lots):
    # In use every application has its plan drawn on the parcel map, and its page draws it:
    # the benchmark measures that page, a renewal's included, whatever the set's size.
    users = ensure_demo_users()
    _add_records(users, lots)
    clerk = benchmark.client_for("clerk")

    new = clerk.get(_page("application_detail").url()).content.decode()
    renewal = clerk.get(_page("renewal_detail").url()).content.decode()

    assert 'class="site-plan-drawing"' in new
    assert 'class="site-plan-drawing"' in renewal
    assert "Renewal of permit" in renewal


@pytest.mark.django_db
def test_the_application_page_draws_its_site_plan_within_the_budget(tmp_path, clerk, client):
    from facilities import actions
    from facilities.models import Parcel
    from tests import factories
    from tests.facilities import parcel_layers as layer

    actions.import_parcel_layer(path=layer.write(tmp_path / "M284.zip"), by=clerk)
    lot = factories.lot(parcel_id=layer.MAP_IDS["N2"])
    actions.link_lot_to_parcel(lot=lot, parcel=Parcel.objects.get(loc_id="L_N2"), by=clerk)
    application = factories.new_hen_application(by=clerk, lot=lot)
    coop = {"id": "C1", "kind": "structure", "form": "rect", "x": layer.X0 + 75}
    coop |= {"y": layer.Y0 + 40, "width_ft": 10, "depth_ft": 10, "rotation_deg": 0}
    actions.save_site_plan(application=application, shapes=[coop], by=clerk)
    client.force_login(clerk)
    url = reverse("permits:application-detail", args=[application.pk])

    with CaptureQueriesContext(connection) as queries:
        page = client.get(url).content.decode()

    assert 'class="site-plan-drawing"' in page
    # The parcels around the lot are read once, for the drawing and its measured setbacks.
    assert len(queries) <= MAX_QUERIES, f"{len(queries)} queries"
