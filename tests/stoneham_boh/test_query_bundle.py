"""Several querysets in one query (stoneham_boh.lib.query_bundle) give what the ORM gives."""

from __future__ import annotations

import pytest
from django.apps import apps
from django.db import connection
from django.db.models import Count, OuterRef, Prefetch, Subquery
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from facilities.models import Abutter, Structure
from hearings.models import DocketItem, Variance
from permits.models import Application, Permit
from stoneham_boh.bench import benchdata
from stoneham_boh.lib.query_bundle import fetch_together, prefetch_together

pytestmark = pytest.mark.django_db

APPS = ("permits", "facilities", "hearings", "inspections", "stoneham_boh")


@pytest.fixture
def records(clerk, agent, board_member):
    benchdata.add_records(
        10, today=timezone.localdate(), agent=agent, clerk=clerk, board=[board_member]
    )


def _values(obj) -> list:
    return [(f.attname, getattr(obj, f.attname)) for f in obj._meta.concrete_fields]


def _same(ours: list, theirs: list) -> None:
    assert [o.pk for o in ours] == [t.pk for t in theirs]
    for mine, orm in zip(ours, theirs, strict=True):
        for (name, value), (_, expected) in zip(_values(mine), _values(orm), strict=True):
            assert (value, type(value)) == (expected, type(expected)), name


def test_every_model_comes_back_with_the_values_and_types_the_orm_gives(records):
    querysets = [
        model._default_manager.order_by("pk")[:20]
        for model in apps.get_models()
        if model._meta.app_label in APPS
    ]
    with CaptureQueriesContext(connection) as queries:
        fetched = fetch_together(querysets)
    assert len(queries) == 1
    assert sum(len(rows) for rows in fetched) > 300
    for queryset, rows in zip(querysets, fetched, strict=True):
        _same(rows, list(queryset))


def test_related_rows_deferred_fields_and_subquery_annotations_come_back_too(records):
    items = DocketItem.objects.filter(
        application__in=Subquery(Application.objects.filter(kind="new").values("pk"))
    )
    abutters = Subquery(
        Abutter.objects.filter(abutter_list__application=OuterRef("application"))
        .order_by()
        .values("abutter_list")
        .annotate(n=Count("pk"))
        .values("n")
    )
    queryset = (
        items.select_related("meeting", "application__lot")
        .defer("staff_recommendation", "application__lot__notes")
        .annotate(abutter_count=abutters)
        .order_by("-position", "id")
    )
    with CaptureQueriesContext(connection) as queries:
        (rows,) = fetch_together([queryset])
        for mine in rows:
            assert mine.get_deferred_fields() == {"staff_recommendation"}
            assert mine.application.lot.get_deferred_fields() == {"notes"}
    assert len(queries) == 1
    orm = list(queryset)
    for mine, theirs in zip(rows, orm, strict=True):
        assert mine.abutter_count == theirs.abutter_count > 0
        assert mine.meeting.date == theirs.meeting.date
        assert mine.application.lot.street_address == theirs.application.lot.street_address
    _same(rows, orm)


def test_the_newest_rows_across_models_are_chosen_by_a_shared_field(records):
    sources = [Application.history.all(), Structure.history.all(), Permit.history.all()]
    newest = fetch_together(sources, order_by="-history_date", limit=7)
    assert sum(len(rows) for rows in newest) == 7
    every = sorted((row.history_date for source in sources for row in source), reverse=True)[:7]
    assert sorted((r.history_date for rows in newest for r in rows), reverse=True) == every


def test_prefetched_relations_read_without_a_query_and_still_filter_in_the_database(records):
    applications = list(Application.objects.order_by("pk"))
    expected = {
        a.pk: list(Structure.objects.filter(application=a).order_by("label", "pk"))
        for a in applications
    }
    granted = Prefetch("variances", queryset=Variance.objects.filter(granted=True))
    with CaptureQueriesContext(connection) as queries:
        prefetch_together((applications, "structures"), (applications, granted))
    assert len(queries) == 1
    with CaptureQueriesContext(connection) as queries:
        for application in applications:
            assert list(application.structures.all()) == expected[application.pk]
            assert all(v.application is application for v in application.variances.all())
    assert len(queries) == 0
    assert applications[0].structures.filter(label="S1").exists()
