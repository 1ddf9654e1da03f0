"""Moving the test database between migrations, for the tests that prove a migration keeps
the rows on file (marked `migrations`: a database migrated from zero, not --nomigrations)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor


def executor_with(migration: tuple[str, str]) -> MigrationExecutor:
    """An executor, or the test skipped where the database was made without `migration`."""
    executor = MigrationExecutor(connection)
    if migration not in executor.loader.disk_migrations:
        pytest.skip("the test database was made without migrations")
    return executor


def migrate(targets, proven: tuple[str, str]) -> MigrationExecutor:
    executor = executor_with(proven)
    executor.migrate(targets)
    return executor


def migrate_to_latest(proven: tuple[str, str]) -> None:
    executor = executor_with(proven)
    executor.migrate(executor.loader.graph.leaf_nodes())
