"""SetbackEnlargement moved from permits to hearings (issue 27) by migrations that change only
Django's picture of the models: a database that already holds enlargements keeps every row and
every history row, both ways. Needs the migrations: marked `migrations`, run by `make test`'s
second pass (`make test-migrations`) on a database migrated from zero, on both databases in CI."""

from __future__ import annotations

from datetime import UTC, datetime
from decimal import Decimal

import pytest
from django.contrib.contenttypes.models import ContentType

from hearings.models import SetbackEnlargement
from tests import factories
from tests.migrations.executor import migrate, migrate_to_latest

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.migrations]

BEFORE = [("permits", "0008_merge_round_15_branches"), ("hearings", "0009_merge_round_15_branches")]
MOVE = ("hearings", "0010_setback_enlargement_from_permits")


def test_an_enlargement_recorded_before_the_move_is_read_after_it_with_its_history(clerk):
    application = factories.hen_renewal(by=clerk)
    content_type = ContentType.objects.get_for_model(SetbackEnlargement).pk
    try:
        before = migrate(BEFORE, MOVE).loader.project_state(BEFORE).apps
        # The model as the permits app had it, on the same tables.
        old = before.get_model("permits", "SetbackEnlargement")
        old_history = before.get_model("permits", "HistoricalSetbackEnlargement")
        enlargement = old.objects.create(
            application_id=application.pk,
            rule="20-15.4.a",
            minimum_ft=Decimal("75.0"),
            reason="Steep slope to the brook",
        )
        old_history.objects.create(
            id=enlargement.pk,
            application_id=application.pk,
            rule="20-15.4.a",
            minimum_ft=Decimal("75.0"),
            reason="Steep slope to the brook",
            history_date=datetime(2027, 3, 1, 19, 30, tzinfo=UTC),
            history_type="+",
            history_user_id=clerk.pk,
        )
        assert ContentType.objects.get(pk=content_type).app_label == "permits"
    finally:
        migrate_to_latest(MOVE)

    moved = SetbackEnlargement.objects.get()
    assert (moved.pk, moved.rule, moved.minimum_ft) == (enlargement.pk, "20-15.4.a", Decimal("75"))
    assert moved.reason == "Steep slope to the brook"
    assert list(application.setback_enlargements.all()) == [moved]
    assert [(h.history_type, h.history_user) for h in moved.history.all()] == [("+", clerk)]
    # The content type followed the model (the same row, so the permissions on it and the
    # admin's log of changes to enlargements still point at it).
    assert ContentType.objects.get(pk=content_type).app_label == "hearings"
