"""Every page `make bench` measures costs the same number of queries with few records and
with many, and never more than twenty (issue 13). The timings stay in the benchmark.

The records come from the benchmark's own generator (stoneham_boh.bench.benchdata), and the pages
and who looks at them from the benchmark's list, so the suite checks what the benchmark
measures. The two sets are built once for the module, every page counted on each: building
them again for each page cost five minutes of a run and proved nothing more.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from stoneham_boh.bench import benchdata, benchmark
from stoneham_boh.bench.pages import link_demo_applicant, pages_to_measure
from stoneham_boh.bench.run import SMALL_LOTS
from stoneham_boh.ops.demo import ensure_demo_users
from tests.universe import rolled_back

# 20, and the town's settings, read once a request (stoneham_boh/town/current.py).
MAX_QUERIES = 21
# A renewal of a keeping first permitted before the regulation also reads the §20-20(8)
# proviso's two records, the lot's unsettled violations and its unabated orders, once each
# for the whole page (stoneham_boh/lib/readings.py): two reads a page, whatever the register's
# size.
ALLOWANCE = {"renewal_detail": 2}
MORE_LOTS = 50
PAGES = [page.name for page in pages_to_measure()]
# The pages whose site plan is drawn in use: the richest a clerk opens, a renewal's included.
DRAWN = ("application_detail", "renewal_detail")


@dataclass
class Counted:
    """What the module measured on one set of records: each page's queries (or why it could
    not be counted) and the drawn pages' HTML."""

    queries: dict[str, int | str] = field(default_factory=dict)
    html: dict[str, str] = field(default_factory=dict)


def _count(into: Counted) -> Counted:
    for page in pages_to_measure():
        try:
            into.queries[page.name] = benchmark.page_queries([page])[page.name]
        except Exception as error:  # noqa: BLE001 - the page's own test names it
            into.queries[page.name] = f"{type(error).__name__}: {error}"
    clerk = benchmark.client_for("clerk")
    for page in pages_to_measure():
        if page.name in DRAWN:
            into.html[page.name] = clerk.get(page.url()).content.decode()
    return into


def _add_records(users, lots: int) -> None:
    staff = {
        "agent": users["agent"],
        "clerk": users["clerk"],
        "board": [users["board"], users["board2"]],
    }
    benchdata.add_records(lots, today=timezone.localdate(), **staff)


@pytest.fixture(scope="module")
def counted(django_db_setup, django_db_blocker, tmp_path_factory):
    """(few, many): every page counted with SMALL_LOTS lots, then with MORE_LOTS more."""
    with django_db_blocker.unblock(), rolled_back(tmp_path_factory.mktemp("page-queries")):
        users = ensure_demo_users()
        _add_records(users, SMALL_LOTS)
        link_demo_applicant(users["applicant"])
        few = _count(Counted())
        _add_records(users, MORE_LOTS)
        many = _count(Counted())
    return few, many


@pytest.mark.parametrize("name", PAGES)
def test_a_page_costs_the_same_few_queries_however_many_records(name, counted):
    few, many = (measured.queries[name] for measured in counted)
    assert isinstance(few, int), f"{name}, with {SMALL_LOTS} lots: {few}"
    assert isinstance(many, int), f"{name}, with {SMALL_LOTS + MORE_LOTS} lots: {many}"
    assert few == many, f"{name}: {few} queries with {SMALL_LOTS} lots, {many} with more"
    assert many <= MAX_QUERIES + ALLOWANCE.get(name, 0), f"{name} makes {many} queries"


def test_every_role_has_its_home_page_measured():
    assert {"clerk_home", "agent_home", "board_home", "applicant_home", "public_home"} <= set(PAGES)


@pytest.mark.parametrize("which", ["few", "many"])
def test_the_measured_application_pages_draw_their_site_plan(which, counted):
    # In use every application has its plan drawn on the parcel map, and its page draws it:
    # the benchmark measures that page, a renewal's included, whatever the set's size.
    measured = counted[0 if which == "few" else 1]
    assert set(DRAWN) <= set(measured.html), "a drawn page is no longer measured"
    assert 'class="site-plan-drawing"' in measured.html["application_detail"]
    assert 'class="site-plan-drawing"' in measured.html["renewal_detail"]
    assert "Renewal of permit" in measured.html["renewal_detail"]


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
