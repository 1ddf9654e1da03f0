"""TownClosure moved from hearings to the town (issue 35) by migrations that change only Django's
picture of the models: a database that already holds closures keeps every row and every history
row, both ways, and the town's calendar skips them. Needs the migrations: marked `migrations`,
run by `make test-migrations` on a database migrated from zero, on both databases in CI."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest
from django.contrib.contenttypes.models import ContentType

from stoneham_boh.town.calendar import town_calendar
from stoneham_boh.town.models import TownClosure
from tests.migrations.executor import migrate, migrate_to_latest

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.migrations]

BEFORE = [
    ("hearings", "0014_executive_sessions"),
    ("town", "0007_revocation_notice_regulation_is_the_rulesets"),
]
MOVE = ("town", "0008_town_closure_from_hearings")
SNOW_DAY = date(2026, 12, 1)  # a Tuesday


def test_a_closure_recorded_in_hearings_is_the_towns_after_the_move_with_its_history(clerk):
    content_type = ContentType.objects.get_for_model(TownClosure).pk
    try:
        before = migrate(BEFORE, MOVE).loader.project_state(BEFORE).apps
        # The model as the hearings app had it, on the same tables.
        old = before.get_model("hearings", "TownClosure")
        old_history = before.get_model("hearings", "HistoricalTownClosure")
        closure = old.objects.create(date=SNOW_DAY, reason="Snow emergency")
        old_history.objects.create(
            id=closure.pk,
            date=SNOW_DAY,
            reason="Snow emergency",
            history_date=datetime(2026, 12, 1, 7, 0, tzinfo=UTC),
            history_type="+",
            history_user_id=clerk.pk,
        )
        assert ContentType.objects.get(pk=content_type).app_label == "hearings"
    finally:
        migrate_to_latest(MOVE)

    moved = TownClosure.objects.get()
    assert (moved.pk, moved.date, moved.reason) == (closure.pk, SNOW_DAY, "Snow emergency")
    assert [(h.history_type, h.history_user) for h in moved.history.all()] == [("+", clerk)]
    assert not town_calendar().is_business_day(SNOW_DAY)
    # The content type followed the model (the same row: the permissions on it and the admin's
    # log of changes to closures still point at it).
    assert ContentType.objects.get(pk=content_type).app_label == "town"


def test_the_move_goes_back_with_the_closure_where_hearings_had_it():
    TownClosure.objects.create(date=SNOW_DAY, reason="Snow emergency")
    try:
        before = migrate(BEFORE, MOVE).loader.project_state(BEFORE).apps
        old = before.get_model("hearings", "TownClosure")
        assert list(old.objects.values_list("date", "reason")) == [(SNOW_DAY, "Snow emergency")]
    finally:
        migrate_to_latest(MOVE)
    assert TownClosure.objects.get().date == SNOW_DAY
